// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadOptions } from '../adapters/api';
import { RestConsoleApi } from '../adapters/rest/rest-api';
import { UPLOAD_POLICY_PATH } from '../adapters/upload/uploader';
import { aliOssStandIn, qiniuStandIn, signAliOss, signQiniu, type StandIn } from '../adapters/upload/vendor-standins';
import { UPLOAD_MODULE_SETTING } from '../config';
import { createI18n, translator } from '../i18n';
import { fakeApi } from '../test/fake-api';
import { recordingCallbacks } from '../test/fake-callbacks';
import { ok, startTestServer, type TestServer } from '../test/http-server';
import { rootFixture } from '../test/root-fixture';

const t = translator(createI18n('zh-chs'));
const session = { uuid: '1', token: 'access-0', refresh: 'refresh-0' };

describe('UploadsStore: the back end the settings name', () => {
  it('without the setting every upload (form fields, the avatar) goes through form', async () => {
    const modules: (string | undefined)[] = [];
    const { root } = rootFixture(
      fakeApi({
        settings: async () => ({ 'base.captcha_state': true }),
        upload: async (_file: Blob, name: string, options?: UploadOptions) => (modules.push(options?.module), { id: 1, url: `media/files/${name}` }),
        action: async () => ({ id: 1, name: 'n' }),
      }),
      session,
    );
    await root.settings.load();
    expect(root.uploads.module).toBe('form');
    await expect(root.uploads.upload(new Blob(['x']), 'a.png')).resolves.toMatchObject({ url: 'media/files/a.png' });
    await root.profile.uploadAvatar(new Blob(['png']));
    expect(modules).toEqual(['form', 'form']);
  });

  describe('on the REST adapter, against a back end and the vendors\' stand-ins', () => {
    let oss: StandIn;
    let qiniu: StandIn;
    let backend: TestServer;
    let module = 'alioss';

    beforeAll(async () => {
      oss = await aliOssStandIn('LTAI-test', 'oss-secret');
      qiniu = await qiniuStandIn('qiniu-ak', 'qiniu-sk');
      backend = await startTestServer((req) => {
        if (req.path === '/api/init/settings/') return ok({ [UPLOAD_MODULE_SETTING]: module });
        if (req.path === `/${UPLOAD_POLICY_PATH}`) {
          const body = req.body as { module?: string };
          if (body.module === 'alioss') return ok(signAliOss(oss.url, 'LTAI-test', 'oss-secret', 'avatars/'));
          if (body.module === 'qiniu') return ok(signQiniu(qiniu.url, 'https://cdn.example.test', 'qiniu-ak', 'qiniu-sk', 'bucket', 'avatars/'));
        }
        return { status: 404, text: 'not here' };
      });
    });
    afterAll(async () => {
      await backend.close();
      await oss.close();
      await qiniu.close();
    });

    it.each(['alioss', 'qiniu'])('settings naming %s: the store asks the back end to sign, then the file goes to the vendor in its own form', async (name) => {
      module = name;
      const callbacks = recordingCallbacks();
      const { root } = rootFixture((storage) => new RestConsoleApi({ serverUrl: backend.url, cookies: storage.cookies, t, callbacks }), session);
      await root.settings.load();
      expect(root.uploads.module).toBe(name);
      const uploaded = await root.uploads.upload(new Blob(['avatar bytes'], { type: 'image/png' }), 'me.png');
      const standIn = name === 'alioss' ? oss : qiniu;
      expect(uploaded.url).toMatch(name === 'alioss' ? new RegExp(`^${oss.url}/avatars/[0-9a-f-]{36}\\.png$`) : /^https:\/\/cdn\.example\.test\/avatars\/[0-9a-f-]{36}\.png$/);
      expect(standIn.received.at(-1)?.file?.bytes.toString()).toBe('avatar bytes');
      expect(standIn.received.at(-1)?.order.at(-1)).toBe('file');
      const signed = backend.to(`/${UPLOAD_POLICY_PATH}`).at(-1);
      expect(signed?.body).toEqual({ module: name, file_name: 'me.png' });
      expect(signed?.headers.authorization).toBe('JWT access-0');
      expect(callbacks.notices).toEqual([]);
    });
  });
});

// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer as startReferenceServer, type TestServer as ReferenceServer } from '../../../server/testing';
import { createI18n, translator } from '../../i18n';
import { recordingCallbacks } from '../../test/fake-callbacks';
import { ok, startTestServer } from '../../test/http-server';
import { createCookies, memoryCookieJar } from '../cookies';
import { ApiError } from '../errors';
import { HttpClient } from '../rest/http';
import { fetchPostForm } from './transport';
import type { UploadBackend } from './types';
import { createUploader, UPLOAD_POLICY_PATH } from './uploader';
import { aliOssStandIn, cosStandIn, qiniuStandIn, signAliOss, signCos, signQiniu, type StandIn } from './vendor-standins';

const t = translator(createI18n('zh-chs'));
const SERVER_TIMEOUT_MS = 60_000;

function client(serverUrl: string, token: string | null, refresh: string | null = null) {
  const cookies = createCookies(memoryCookieJar());
  if (token) cookies.set('token', token);
  if (refresh) cookies.set('refresh', refresh);
  const callbacks = recordingCallbacks();
  const http = new HttpClient({ serverUrl, cookies, t, callbacks, retry: { count: 3, delayMs: 10 } });
  return { http, cookies, callbacks };
}

const file = (text: string, type = 'text/plain') => new Blob([text], { type });

describe('form upload (default) against the reference server', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ captcha: false });
  }, SERVER_TIMEOUT_MS);
  afterAll(() => server.close(), SERVER_TIMEOUT_MS);

  it('posts the multipart field `file` with the JWT and resolves with data.url and data.id; the bytes are served back', async () => {
    const { http, callbacks } = client(server.baseUrl, server.signToken({}));
    const progress: (number | null)[] = [];
    const uploader = createUploader(undefined, { serverUrl: server.baseUrl, http, t, callbacks, post: fetchPostForm() });
    expect(uploader.module).toBe('form');
    const uploaded = await uploader.upload(file('hello dvadmin\n'), 'hello.txt', (f: number | null) => progress.push(f));
    expect(uploaded).toMatchObject({ id: expect.any(Number) as number, url: expect.stringMatching(/^media\/files\/[0-9a-f]\/[0-9a-f]\/[0-9a-f]{32}\.txt$/) as string, name: 'hello.txt' });
    expect(uploaded.id).toBeGreaterThan(0);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(await (await fetch(`${server.baseUrl}/${uploaded.url}`)).text()).toBe('hello dvadmin\n');
  });

  it('an expired token is refreshed once and the upload retried with the new one', async () => {
    const now = Math.floor(Date.now() / 1000);
    const refresh = server.signToken({ token_type: 'refresh', exp: now + 3600 });
    const { http, cookies, callbacks } = client(server.baseUrl, server.signToken({ exp: now - 10, iat: now - 100 }), refresh);
    const uploader = createUploader('form', { serverUrl: server.baseUrl, http, t, callbacks, post: fetchPostForm() });
    await expect(uploader.upload(file('again'), 'again.txt')).resolves.toMatchObject({ url: expect.stringMatching(/^media\/files\//) as string });
    expect(cookies.get('token')).not.toBe('');
    expect(callbacks.notices).toEqual([]);
  });

  it('without a token the server refuses and the message shows', async () => {
    const { http, callbacks } = client(server.baseUrl, null);
    const uploader = createUploader('form', { serverUrl: server.baseUrl, http, t, callbacks, post: fetchPostForm() });
    await expect(uploader.upload(file('x'), 'x.txt')).rejects.toMatchObject({ code: 4000, message: '身份认证信息未提供。' });
    expect(callbacks.notices[0]?.text).toBe('身份认证信息未提供。');
  });
});

describe('form upload: 上传失败 when the answer has no data', () => {
  it('shows 上传失败 for an empty data', async () => {
    const server = await startTestServer(() => ok(null, '新增成功'));
    try {
      const { http, callbacks } = client(server.url, 'token');
      const uploader = createUploader('form', { serverUrl: server.url, http, t, callbacks, post: fetchPostForm() });
      const error = await uploader.upload(file('x'), 'x.txt').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe('上传失败');
      expect(callbacks.notices).toEqual([{ severity: 'error', text: '上传失败', life: 5000 }]);
      expect(server.requests[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(String(server.requests[0]?.body)).toContain('name="file"; filename="x.txt"');
    } finally {
      await server.close();
    }
  });
});

interface VendorCase {
  module: 'alioss' | 'cos' | 'qiniu';
  start(): Promise<StandIn>;
  uploader(standIn: StandIn, opts: { secret?: string; expiresInS?: number; dir?: string }): UploadBackend;
  /** The URL the stored object is read from. */
  urlPrefix(standIn: StandIn): string;
  signedFields: string[];
}

const callbacks = recordingCallbacks();
const common = { post: fetchPostForm(), t, callbacks, objectName: (name: string) => `fixed-${name}` };
const noHttp = new HttpClient({ serverUrl: '', cookies: createCookies(memoryCookieJar()), t, callbacks });

const CASES: VendorCase[] = [
  {
    module: 'alioss',
    start: () => aliOssStandIn('LTAI-test', 'oss-secret'),
    uploader: (s, o) =>
      createUploader('alioss', {
        serverUrl: '',
        http: noHttp,
        ...common,
        signers: { alioss: async () => signAliOss(s.url, 'LTAI-test', o.secret ?? 'oss-secret', 'uploads/', o.expiresInS) },
      }),
    urlPrefix: (s) => `${s.url}/uploads/`,
    signedFields: ['key', 'policy', 'OSSAccessKeyId', 'success_action_status', 'Signature', 'file'],
  },
  {
    module: 'cos',
    start: () => cosStandIn('AKID-test', 'cos-secret'),
    uploader: (s, o) =>
      createUploader('cos', { serverUrl: '', http: noHttp, ...common, signers: { cos: async () => signCos(s.url, 'AKID-test', o.secret ?? 'cos-secret', 'uploads/', o.expiresInS) } }),
    urlPrefix: (s) => `${s.url}/uploads/`,
    signedFields: ['key', 'policy', 'q-sign-algorithm', 'q-ak', 'q-key-time', 'q-signature', 'success_action_status', 'file'],
  },
  {
    module: 'qiniu',
    start: () => qiniuStandIn('qiniu-ak', 'qiniu-sk'),
    uploader: (s, o) =>
      createUploader('qiniu', {
        serverUrl: '',
        http: noHttp,
        ...common,
        signers: { qiniu: async () => signQiniu(s.url, 'https://cdn.example.test', 'qiniu-ak', o.secret ?? 'qiniu-sk', 'bucket', 'uploads/', o.expiresInS) },
      }),
    urlPrefix: () => 'https://cdn.example.test/uploads/',
    signedFields: ['token', 'key', 'file'],
  },
];

describe.each(CASES)('$module upload against a local stand-in that checks the signed fields', (c) => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await c.start();
  });
  afterAll(() => standIn.close());
  afterEach(() => {
    callbacks.notices.length = 0;
    callbacks.failures.length = 0;
  });

  it('sends the vendor form fields in order with the file last, and resolves with the object URL', async () => {
    const uploaded = await c.uploader(standIn, {}).upload(file('vendor bytes'), 'report.txt');
    expect(uploaded.url).toBe(`${c.urlPrefix(standIn)}fixed-report.txt`);
    const seen = standIn.received.at(-1);
    expect(seen?.order).toEqual(c.signedFields);
    expect(seen?.file?.bytes.toString()).toBe('vendor bytes');
    expect(callbacks.notices).toEqual([]);
  });

  it('a signature made with the wrong secret is refused by the stand-in and shows 上传失败', async () => {
    await expect(c.uploader(standIn, { secret: 'wrong' }).upload(file('x'), 'x.txt')).rejects.toMatchObject({ message: '上传失败' });
    expect(callbacks.notices.map((n) => n.text)).toEqual(['上传失败']);
  });

  it('an expired policy is refused and shows 上传失败', async () => {
    await expect(c.uploader(standIn, { expiresInS: -120 }).upload(file('x'), 'x.txt')).rejects.toBeInstanceOf(ApiError);
    expect(callbacks.notices.map((n) => n.text)).toEqual(['上传失败']);
  });
});

describe('choosing a back end', () => {
  it('refuses an unknown module, naming it', () => {
    const options = { serverUrl: '', http: noHttp, t, callbacks };
    expect(() => createUploader('ftp', options)).toThrow('unknown upload module "ftp" (one of form, alioss, cos, qiniu)');
    expect(createUploader('', options).module).toBe('form');
  });

  it('a vendor without a given signer asks the back end to sign (upload_policy, with the session), then posts to the vendor', async () => {
    const standIn = await cosStandIn('AKID-test', 'cos-secret');
    const backend = await startTestServer((req) => (req.path === `/${UPLOAD_POLICY_PATH}` ? ok(signCos(standIn.url, 'AKID-test', 'cos-secret', 'uploads/')) : { status: 404, text: 'no' }));
    try {
      const { http, callbacks: seen } = client(backend.url, 'access-1');
      const uploader = createUploader('cos', { serverUrl: backend.url, http, t, callbacks: seen, post: fetchPostForm(), objectName: (name) => `signed-${name}` });
      await expect(uploader.upload(file('cos bytes'), 'a.txt')).resolves.toMatchObject({ url: `${standIn.url}/uploads/signed-a.txt` });
      expect(backend.requests[0]).toMatchObject({ method: 'POST', body: { module: 'cos', file_name: 'a.txt' } });
      expect(backend.requests[0]?.headers.authorization).toBe('JWT access-1');
      expect(standIn.received.at(-1)?.file?.bytes.toString()).toBe('cos bytes');
    } finally {
      await backend.close();
      await standIn.close();
    }
  });

  it('a back end without upload_policy: the upload fails with one 上传失败', async () => {
    const backend = await startTestServer(() => ({ status: 404, text: '<html>404</html>' }));
    try {
      const { http, callbacks: seen } = client(backend.url, 'access-1');
      await expect(createUploader('qiniu', { serverUrl: backend.url, http, t, callbacks: seen, post: fetchPostForm() }).upload(file('x'), 'x.txt')).rejects.toMatchObject({ message: '上传失败' });
      expect(seen.notices.map((n) => n.text)).toEqual(['上传失败']);
    } finally {
      await backend.close();
    }
  });
});

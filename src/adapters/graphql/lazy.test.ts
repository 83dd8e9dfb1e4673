// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from '../../config';
import { createI18n, translator } from '../../i18n';
import { createCookies, memoryCookieJar } from '../cookies';
import { recordingCallbacks } from '../../test/fake-callbacks';
import { envelope, startTestServer } from '../../test/http-server';
import { lazyGraphqlLoginApi } from './lazy';
import { lazyGraphqlConsoleApi } from './lazy-console';

const t = translator(createI18n('zh-chs'));

describe('choosing the GraphQL adapter', () => {
  it('reads adapter "graphql" from the runtime config and ignores anything else', () => {
    expect(readRuntimeConfig({ apiUrl: '', wsPath: 'ws/{token}/', adapter: 'graphql' }).adapter).toBe('graphql');
    expect(readRuntimeConfig({ apiUrl: '', adapter: 'soap' }).adapter).toBeUndefined();
    expect(readRuntimeConfig({ apiUrl: '' }).adapter).toBeUndefined();
  });

  it('the lazy adapter loads on first call and answers through POST <server>/graphql', async () => {
    const server = await startTestServer((req) =>
      req.path === "/graphql" ? { json: { data: { settings: { "base.captcha_state": false } } } } : envelope(404, "x"),
    );
    try {
      const callbacks = recordingCallbacks();
      const api = lazyGraphqlConsoleApi({ serverUrl: server.url, cookies: createCookies(memoryCookieJar()), t, callbacks });
      await expect(api.settings()).resolves.toEqual({ 'base.captcha_state': false });
      expect(server.to('/graphql')).toHaveLength(1);
      expect(server.to('/graphql')[0]?.body).toMatchObject({ query: expect.stringContaining('query Settings') as string });
      // Files are not JSON: an export goes to the REST route of the same server (here refused with its message).
      await expect(api.exportData('/api/system/user/', {})).rejects.toThrow('x');
      expect(server.to('/api/system/user/export_data/')).toHaveLength(1);
      expect(server.to('/graphql')).toHaveLength(1);
      // A feature port's call goes through the same loaded adapter (here the workbench's visit: restWrite).
      await api.dashboard.recordVisit('/system/user').catch(() => undefined);
      expect(server.to('/graphql')).toHaveLength(2);
      expect(server.to('/graphql')[1]?.body).toMatchObject({ query: expect.stringContaining('restWrite') as string });
    } finally {
      await server.close();
    }
  });

  it("the login page's lazy adapter makes the login calls through POST <server>/graphql", async () => {
    const server = await startTestServer((req) =>
      req.path === '/graphql' ? { json: { data: { settings: { 'base.captcha_state': true } } } } : envelope(404, 'x'),
    );
    try {
      const api = lazyGraphqlLoginApi({ serverUrl: server.url, cookies: createCookies(memoryCookieJar()), t, callbacks: recordingCallbacks() });
      await expect(api.settings()).resolves.toEqual({ 'base.captcha_state': true });
      expect(server.to('/graphql')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

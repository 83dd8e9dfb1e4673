// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { createI18n, translator } from '../i18n';
import type { ConsoleApi } from '../adapters/api';
import { createCookies, memoryCookieJar, type Cookies } from '../adapters/cookies';
import { createGraphqlConsoleApi } from '../adapters/graphql/graphql-api';
import { RestConsoleApi } from '../adapters/rest/rest-api';
import { recordingCallbacks } from '../test/fake-callbacks';
import { GAME_API, GameCatalogueStore, UploadRefused } from './games';

/**
 * Part of the shared adapter suite (src/adapters/graphql/both-adapters.test.ts): the same cases
 * against both ConsoleApi adapters on the real reference server (REST directly; GraphQL through the
 * gateway it mounts at POST /graphql), here for the calls the game catalogue's store makes.
 */

const SERVER_TIMEOUT_MS = 60_000;
const t = translator(createI18n('zh-chs'));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ captcha: true });
}, SERVER_TIMEOUT_MS);
afterAll(() => server?.close(), SERVER_TIMEOUT_MS);

type Kind = 'rest' | 'graphql';

function harness(kind: Kind): { api: ConsoleApi; cookies: Cookies; callbacks: ReturnType<typeof recordingCallbacks> } {
  const cookies = createCookies(memoryCookieJar());
  const callbacks = recordingCallbacks();
  const options = { serverUrl: server.baseUrl, cookies, t, callbacks, retry: { count: 3, delayMs: 10 } };
  return { api: kind === 'rest' ? new RestConsoleApi(options) : createGraphqlConsoleApi(options), cookies, callbacks };
}

async function signIn(h: ReturnType<typeof harness>): Promise<void> {
  const challenge = await h.api.captcha();
  if (!challenge.enabled) throw new Error('captcha expected on');
  const answer = await server.captchaAnswer(challenge.key);
  const session = await h.api.login({ username: 'superadmin', password: 'admin123456', captcha: answer ?? '', captchaKey: challenge.key });
  h.cookies.set('token', session.access);
  h.cookies.set('refresh', session.refresh);
}

/**
 * The game catalogue's calls as the console makes them, through its store, over both
 * adapters: pickers, creating an H5 game, the detail and its save, a package upload with the server's
 * SHA-256, publish and rollback, a batch, its codes, their export, voiding, the lookup, revealing a
 * secret and the open preview.
 */
describe.each<Kind>(['rest', 'graphql'])('the game catalogue over %s', (kind) => {
  it('every call of the catalogue screens works and answers the same shapes', async () => {
    const h = harness(kind);
    await signIn(h);
    const games = new GameCatalogueStore(h.api);
    await games.loadChoices(['partners', 'tags', 'games']);
    expect(games.partners).toHaveLength(10);
    expect(games.tags.length).toBeGreaterThanOrEqual(12);
    expect(games.games.length).toBeGreaterThanOrEqual(40);

    const code = `${kind}-adapter-${Date.now().toString(36)}`;
    const created = await h.api.create(GAME_API.games('h5'), { name: `${kind} 适配器`, url: 'https://h5.example.com/adapter/', code, status: 'testing', tags: [games.tags[0]?.id] });
    const id = Number(created.id);
    const tagged = await h.api.list(GAME_API.games('h5'), { page: 1, limit: 50, filters: [{ op: 'in', field: 'tag', values: [games.tags[0]?.id ?? 0, games.tags[1]?.id ?? 0] }] });
    expect(tagged.rows.some((r) => r.id === id)).toBe(true);

    const detail = games.detail(id);
    await detail.load();
    expect(detail.game).toMatchObject({ id, kind: 'h5', code, current: null });
    await detail.save({ name: `${kind} 适配器 2`, url: 'https://h5.example.com/adapter/', code, status: 'online' });
    expect(detail.game).toMatchObject({ name: `${kind} 适配器 2`, status: 'online' });

    // A package for a release: refused here when too big for the server's limit, else sent with progress.
    const bytes = new Uint8Array(4096);
    bytes.set([0x50, 0x4b, 0x03, 0x04]);
    const progress: Array<number | null> = [];
    const uploaded = await games.upload('package', new File([bytes], 'adapter.zip'), (f) => progress.push(f));
    expect(uploaded).toMatchObject({ purpose: 'package', size: 4096, name: 'adapter.zip' });
    expect(uploaded.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(progress.at(-1)).toBe(1);
    await expect(games.upload('package', new File(['x'], 'notes.txt'))).rejects.toBeInstanceOf(UploadRefused);

    const v1 = await h.api.create(GAME_API.releases, { game: id, version: '1.0.0', build: 1, file: uploaded.id, channels: ['official'] });
    const v2 = await h.api.create(GAME_API.releases, { game: id, version: '1.1.0', build: 2, channels: ['wechat'] });
    expect(v1).toMatchObject({ sha256: uploaded.sha256, size: 4096, status: 'draft' });
    await expect(games.publish(Number(v1.id))).resolves.toMatchObject({ is_current: true });
    await games.publish(Number(v2.id));
    await expect(games.rollback(Number(v1.id))).resolves.toMatchObject({ id: v1.id, is_current: true });

    const batch = await h.api.create(GAME_API.batches, { game: id, count: 30, prefix: kind.toUpperCase().slice(0, 4), start_time: '2020-01-01 00:00:00', end_time: '2099-01-01 00:00:00', reward: '适配器奖励' });
    const codes = games.codes(Number(batch.id));
    await codes.setPage(2, 10);
    expect(codes.total).toBe(30);
    expect(codes.rows).toHaveLength(10);
    await codes.filter('redeemed', '');
    expect(codes.rows).toEqual([]);
    const file = await games.exportCodes(Number(batch.id));
    expect(file.name).toMatch(new RegExp(`^兑换码-.*批次${String(batch.id)}-\\d{14}\\.xlsx$`));
    expect(file.blob.size).toBeGreaterThan(1000);
    await expect(games.voidBatch(Number(batch.id))).resolves.toMatchObject({ status: 'void' });

    const lookup = games.lookup();
    await lookup.run(code.toUpperCase());
    expect(lookup.result?.data[0]).toMatchObject({ type: 'h5', id, link: { path: '/game/detail', query: { id: String(id) } } });

    const account = (await h.api.list(GAME_API.accounts, { page: 1, limit: 1 })).rows[0];
    expect(await games.reveal(Number(account?.id))).toMatch(/^sk_/);

    // The preview is open: no session needed.
    h.cookies.remove('token');
    h.cookies.remove('refresh');
    const preview = games.preview(code);
    await preview.load();
    expect(preview.game).toMatchObject({ id, code, version: '1.0.0', build: 1 });
    const missing = games.preview('no-such-code');
    await missing.load();
    expect(missing.state).toBe('missing');
    expect(missing.error).toBe('没有游戏代码为 no-such-code 的 H5 游戏。');
    expect(h.callbacks.notices.filter((n) => n.severity === 'error')).toEqual([]);
  });
});

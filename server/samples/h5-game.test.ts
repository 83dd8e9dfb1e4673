import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing';
import { SAMPLE_GAME_CODE, setupSampleGame } from './h5-game';

/**
 * The sample H5 game: its page and files are served framable by the preview, its settings carry the
 * public key and never the secret, and its "game server" prices a purchase itself and reports the
 * order signed with the app's secret, so the order lands in the income tables once.
 */
describe('the sample H5 game', () => {
  let srv: TestServer;
  let token: string;

  beforeAll(async () => {
    srv = await startTestServer({ captcha: false });
    token = srv.signToken({});
    const made = await setupSampleGame({ query: (sql, params) => srv.query(sql, params as unknown[]) as never }, srv.baseUrl, token);
    expect(made).not.toBeNull();
  }, 120_000);
  afterAll(async () => srv?.close());

  it('serves its page and files without X-Frame-Options, and no other file', async () => {
    const page = await fetch(`${srv.baseUrl}/samples/h5-game/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(await page.text()).toContain('game.js');
    const script = await fetch(`${srv.baseUrl}/samples/h5-game/game.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    const other = await fetch(`${srv.baseUrl}/samples/h5-game/..%2F..%2Fpackage.json`);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { code: number }).code).toBe(404);
  });

  it('hands out the public key, never the secret', async () => {
    const [app] = await srv.query<{ public_key: string; secret: string }>(
      'SELECT a.public_key, a.secret FROM tracking_apps a JOIN games g ON g.id = a.game WHERE g.code = $1',
      [SAMPLE_GAME_CODE],
    );
    const res = (await (await fetch(`${srv.baseUrl}/samples/h5-game/config.json`)).json()) as { code: number; data: Record<string, unknown> };
    expect(res.code).toBe(2000);
    expect(res.data).toEqual({ public_key: app?.public_key });
  });

  it('prices a purchase itself and reports it as one signed order; bad input is refused with nothing stored', async () => {
    const buy = (body: unknown) =>
      fetch(`${srv.baseUrl}/samples/h5-game/purchase`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        async (r) => (await r.json()) as { code: number; msg: string; data: { order_id: string; amount: number } | null },
      );
    const orders = async () => (await srv.query<{ n: string }>("SELECT count(*)::text AS n FROM orders WHERE distinct_id = 'sample-test-player'"))[0]?.n;

    expect((await buy({ distinct_id: 'sample-test-player', item: 'free_gems', amount: 1 })).code).toBe(4000);
    expect((await buy({ distinct_id: '<script>', item: 'gems_60' })).code).toBe(4000);
    expect(await orders()).toBe('0');

    const paid = await buy({ distinct_id: 'sample-test-player', item: 'gems_60', amount: 1 });
    expect(paid.code).toBe(2000);
    // The price is the server's (600 fen for gems_60), whatever the page asked.
    expect(paid.data?.amount).toBe(600);
    const stored = await srv.query<{ amount: string; order_id: string }>("SELECT amount::text, order_id FROM orders WHERE distinct_id = 'sample-test-player'");
    expect(stored).toEqual([{ amount: '600', order_id: paid.data?.order_id }]);
  });
});

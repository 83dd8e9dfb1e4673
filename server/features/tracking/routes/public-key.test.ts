import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  listPage,
  TRACK_LIVE_FRAME,
  TRACK_PUBLIC_KEY_HEADER,
  trackingAppRow,
  trackingCredentials,
  trackingPublicKey,
  trackLive,
  trackLiveFrame,
  trackResult,
  type TrackLiveFrame,
} from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, signedPost, suiteServer, type CallResult } from '../../../test/helpers';

/**
 * Public keys (events only, from browsers and mini games): the key in a header or in the body (also
 * text/plain, as navigator.sendBeacon sends it), allowed origins with their CORS answers, the rate
 * limit, bad input, the orders route refusing anything but the secret's signature (the invented-orders
 * attack), idempotency per game, and the live view with its socket push.
 */

const ev = (over: Record<string, unknown> = {}) => ({
  uuid: randomUUID(),
  event: 'login',
  distinct_id: 'web-1',
  time: new Date(Date.now() - 30_000).toISOString(),
  properties: {},
  ...over,
});

const order = (i: number) => ({
  order_id: `fake-${i}`,
  distinct_id: `p${i}`,
  amount: 64_800,
  currency: 'CNY',
  channel: 'tap',
  method: 'alipay',
  region: 'CN-GD',
  status: 'paid',
  time: new Date(Date.now() - 60_000).toISOString(),
});

function send(srv: TestServer, body: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  return call(srv, '/api/embed/track/', { method: 'POST', raw: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

async function count(ctx: AppContext, sql: string, params: unknown[] = []): Promise<number> {
  return (await ctx.db.query<{ n: number }>(sql, params))[0]?.n ?? -1;
}

/** Opens a socket and collects `embed_live` frames until `ms` pass. */
function watchLive(url: string): { frames: TrackLiveFrame[]; ready: Promise<void>; close: () => void } {
  const ws = new WebSocket(url);
  const frames: TrackLiveFrame[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const value = JSON.parse(String(data)) as { type?: string };
      // The greeting frame says the socket is registered.
      if (value.type === TRACK_LIVE_FRAME) frames.push(trackLiveFrame.parse(value));
      else resolve();
    });
    ws.on('error', reject);
  });
  return { frames, ready, close: () => ws.close() };
}

describe('tracking with public keys', () => {
  let srv: TestServer;
  let ctx: AppContext;
  let sa: string;
  let test: string;
  let appA: number;
  let appB: number;
  let keyA: string;
  let credsA: { app_key: string; secret: string };
  let credsB: { app_key: string; secret: string };
  const GAME_A = 4;
  const GAME_B = 6;
  const ALLOWED = 'https://play.example.com:8443';

  // A generous start: the shared machine is often busy.
  suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, test] } = s), {}, 240_000);

  const row = async (id: number) => expectData(await call(srv, `/api/embed_configure/game/${id}/`, { token: sa }), trackingAppRow.strict());
  const events = (game: number) => count(ctx, 'SELECT count(*)::int AS n FROM tracking_events WHERE game = $1', [game]);

  describe('keys and origins on the app rows', () => {
    it('every app row carries a public key (also the apps made before it existed) and its allowed origins', async () => {
      for (const game of [GAME_A, GAME_B]) {
        // A game of the seeded catalogue may already have its app (a fresh start adds the sample game's).
        const existing = expectData(await call(srv, `/api/embed_configure/game/?game=${game}`, { token: sa }), listPage(trackingAppRow.strict())).data[0];
        const made = existing ?? expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingAppRow.strict());
        if (game === GAME_A) appA = made.id;
        else appB = made.id;
      }
      credsA = expectData(await call(srv, `/api/embed_configure/game/${appA}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
      credsB = expectData(await call(srv, `/api/embed_configure/game/${appB}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
      const a = await row(appA);
      expect(a.public_key).toMatch(/^pk_[0-9a-f]{32}$/);
      expect(a.public_key).not.toBe((await row(appB)).public_key);
      expect(JSON.stringify(a)).not.toContain(credsA.secret);
      keyA = a.public_key;
      // Rows written without the server (as migration 061 found them) got a key of the same form, all distinct.
      expect(await count(ctx, "SELECT count(*)::int AS n FROM tracking_apps WHERE public_key !~ '^pk_[0-9a-f]{32}$'")).toBe(0);
      expect(await count(ctx, 'SELECT (count(*) - count(DISTINCT public_key))::int AS n FROM tracking_apps')).toBe(0);
    });

    it('PUT takes allowed origins, normalised; a path, a wildcard, another scheme or too many are refused and change nothing', async () => {
      const put = (allowed_origins: unknown) => call(srv, `/api/embed_configure/game/${appA}/`, { token: sa, method: 'PUT', body: { allowed_origins } });
      const saved = expectData(await put(['HTTPS://Play.Example.com:8443', 'http://localhost:5173', 'https://play.example.com:8443', 'https://cdn.example.com:443']), trackingAppRow.strict());
      expect(saved.allowed_origins).toEqual([ALLOWED, 'http://localhost:5173', 'https://cdn.example.com']);
      for (const bad of [['https://a.example.com/game'], ['https://a.example.com/'], ['*'], ['https://*.example.com'], ['ftp://a.example.com'], ['a.example.com'], 'https://a.example.com', Array.from({ length: 51 }, (_, i) => `https://h${i}.example.com`)]) {
        const res = await put(bad);
        expect(res.status).toBe(200);
        expect(res.body.code, JSON.stringify(bad)).toBe(4000);
      }
      expect((await row(appA)).allowed_origins).toEqual([ALLOWED, 'http://localhost:5173', 'https://cdn.example.com']);
      const refused = await call(srv, `/api/embed_configure/game/${appA}/`, { token: test, method: 'PUT', body: { allowed_origins: [] } });
      expect(String(refused.body.msg)).toContain('没有执行该操作的权限');
    });
  });

  describe('sending events with the public key', () => {
    it('X-Public-Key without a signature, or public_key in a JSON or text/plain body (sendBeacon): validated like signed events', async () => {
      const before = await events(GAME_A);
      const header = expectData(await send(srv, { events: [ev(), ev({ event: 'no_such_event' })] }, { [TRACK_PUBLIC_KEY_HEADER]: keyA }), trackResult.strict());
      expect(header.accepted).toBe(1);
      expect(header.rejected).toEqual([{ index: 1, reason: '未定义的事件「no_such_event」' }]);
      const beacon = await call(srv, '/api/embed/track/', { method: 'POST', raw: JSON.stringify({ public_key: keyA, events: [ev(), ev()] }), headers: { 'content-type': 'text/plain;charset=UTF-8' } });
      expect(expectData(beacon, trackResult.strict())).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
      const json = expectData(await send(srv, { public_key: keyA, events: [ev()] }), trackResult.strict());
      expect(json.accepted).toBe(1);
      expect(await events(GAME_A)).toBe(before + 4);
    });

    it('bad input: each a clear envelope, never a 5xx, nothing stored', async () => {
      const before = await events(GAME_A);
      const pk = { [TRACK_PUBLIC_KEY_HEADER]: keyA };
      expectFailure(await send(srv, { events: [ev()] }, { [TRACK_PUBLIC_KEY_HEADER]: 'pk_00000000000000000000000000000000' }), 401, '公开密钥不存在、已停用或已重新生成', 401);
      expectFailure(await send(srv, { public_key: 'x'.repeat(500), events: [ev()] }), 401, '公开密钥不存在、已停用或已重新生成', 401);
      const notJson = await call(srv, '/api/embed/track/', { method: 'POST', raw: 'public_key=abc&events=1', headers: { 'content-type': 'text/plain' } });
      expectFailure(notJson, 400, '请求体不是合法的 JSON（text/plain 的请求体也应为 JSON 文本）', 400);
      expectFailure(await send(srv, { events: {} }, pk), 400, '请求体应为 {"events": [...]}', 400);
      expectFailure(await send(srv, { events: [] }, pk), 400, 'events 不能为空', 400);
      expectFailure(await send(srv, { events: Array.from({ length: 1001 }, () => ev()) }, pk), 413, '一批最多 1000 个事件，本批 1001 个', 413);
      const big = await send(srv, { events: [ev({ properties: { note: 'x'.repeat(2 * 1024 * 1024) } })] }, pk);
      expect(big.status).toBe(413);
      expect(big.body.code).toBe(413);
      // The same uuid twice in one batch: the first stored, the second refused by index.
      const twice = ev();
      const dup = expectData(await send(srv, { events: [twice, { ...twice }] }, pk), trackResult.strict());
      expect(dup).toEqual({ accepted: 1, duplicates: 0, rejected: [{ index: 1, reason: 'uuid 与本批第 0 个事件重复' }] });
      expect(await events(GAME_A)).toBe(before + 1);
    });

    it('a browser from an allowed origin gets that origin named; any other origin 403 and no grant; no Origin (mini games) is accepted', async () => {
      const before = await events(GAME_A);
      const pk = { [TRACK_PUBLIC_KEY_HEADER]: keyA };
      const allowed = await send(srv, { events: [ev()] }, { ...pk, origin: ALLOWED });
      expectData(allowed, trackResult.strict());
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(allowed.headers.get('access-control-expose-headers')).toBe('Retry-After');
      for (const origin of ['https://evil.example.com', 'https://play.example.com', 'http://play.example.com:8443', 'null']) {
        const res = await send(srv, { events: [ev()] }, { ...pk, origin });
        expect(res.status, origin).toBe(403);
        expect(res.body).toEqual({ code: 403, data: null, msg: `来源 ${origin} 不在该埋点应用允许的来源（allowed_origins）中` });
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
      }
      // The key in a text/plain body from another origin: refused the same way.
      const beacon = await call(srv, '/api/embed/track/', { method: 'POST', raw: JSON.stringify({ public_key: keyA, events: [ev()] }), headers: { 'content-type': 'text/plain', origin: 'https://evil.example.com' } });
      expect(beacon.status).toBe(403);
      expect(beacon.headers.get('access-control-allow-origin')).toBeNull();
      const native = expectData(await send(srv, { events: [ev()] }, pk), trackResult.strict());
      expect(native.accepted).toBe(1);
      expect(await events(GAME_A)).toBe(before + 2);
    });

    it('a preflight names the allowed origin and X-Public-Key, never *; another origin gets no grant; signed requests keep *', async () => {
      const preflight = (origin: string, headers: string) =>
        fetch(`${srv.baseUrl}/api/embed/track/`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers } });
      const ok = await preflight(ALLOWED, 'content-type,x-public-key');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-public-key');
      expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
      expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
      const evil = await preflight('https://evil.example.com', 'content-type,x-public-key');
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      const signed = await preflight('https://evil.example.com', 'content-type,x-app-key,x-signature');
      expect(signed.headers.get('access-control-allow-origin')).toBe('*');
      const res = await signedPost(srv, '/api/embed/track/', credsA, { events: [ev()] });
      expect(expectData(res, trackResult.strict()).accepted).toBe(1);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('a new public key alone: the old one stops at once, the app key and secret keep working; needs Update', async () => {
      const old = keyA;
      const next = expectData(await call(srv, `/api/embed_configure/game/${appA}/public_key/`, { token: sa, method: 'POST' }), trackingPublicKey.strict());
      expect(next.public_key).toMatch(/^pk_[0-9a-f]{32}$/);
      expect(next.public_key).not.toBe(old);
      expect((await row(appA)).public_key).toBe(next.public_key);
      expectFailure(await send(srv, { events: [ev()] }, { [TRACK_PUBLIC_KEY_HEADER]: old }), 401, '公开密钥不存在、已停用或已重新生成', 401);
      expect(expectData(await send(srv, { events: [ev()] }, { [TRACK_PUBLIC_KEY_HEADER]: next.public_key }), trackResult.strict()).accepted).toBe(1);
      expect(expectData(await signedPost(srv, '/api/embed/track/', credsA, { events: [ev()] }), trackResult.strict()).accepted).toBe(1);
      keyA = next.public_key;
      const refused = await call(srv, `/api/embed_configure/game/${appA}/public_key/`, { token: test, method: 'POST' });
      expect(String(refused.body.msg)).toContain('没有执行该操作的权限');
      expect((await row(appA)).public_key).toBe(keyA);
      expect((await call(srv, '/api/embed_configure/game/999999/public_key/', { token: sa, method: 'POST' })).body.code).toBe(400);
    });

    it('per public key and client address: over the limit 429 with Retry-After and the envelope, nothing stored', async () => {
      const saved = process.env.TRACK_PUBLIC_PER_MINUTE;
      // A key of its own, so this test's counting starts at 0.
      const own = expectData(await call(srv, `/api/embed_configure/game/${appB}/public_key/`, { token: sa, method: 'POST' }), trackingPublicKey).public_key;
      process.env.TRACK_PUBLIC_PER_MINUTE = '3';
      try {
        for (let i = 0; i < 3; i++) expectData(await send(srv, { events: [ev()] }, { [TRACK_PUBLIC_KEY_HEADER]: own }), trackResult.strict());
        const before = await events(GAME_B);
        const limited = await send(srv, { events: [ev()] }, { [TRACK_PUBLIC_KEY_HEADER]: own });
        expect(limited.status).toBe(429);
        expect(limited.body.code).toBe(429);
        expect(String(limited.body.msg)).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        // From an allowed page origin the 429 names that origin and exposes Retry-After, so the browser SDK can read it.
        expect((await call(srv, `/api/embed_configure/game/${appB}/`, { token: sa, method: 'PUT', body: { allowed_origins: [ALLOWED] } })).body.code).toBe(2000);
        const fromPage = await send(srv, { events: [ev()] }, { [TRACK_PUBLIC_KEY_HEADER]: own, origin: ALLOWED });
        expect(fromPage.status).toBe(429);
        expect(fromPage.headers.get('access-control-allow-origin')).toBe(ALLOWED);
        expect(fromPage.headers.get('access-control-expose-headers')).toBe('Retry-After');
        expect(Number(fromPage.headers.get('retry-after'))).toBeGreaterThan(0);
        // Another origin: no grant, nothing exposed.
        const elsewhere = await send(srv, { events: [ev()] }, { [TRACK_PUBLIC_KEY_HEADER]: own, origin: 'https://evil.example.com' });
        expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
        expect(elsewhere.headers.get('access-control-expose-headers')).toBeNull();
        expect((await call(srv, `/api/embed_configure/game/${appB}/`, { token: sa, method: 'PUT', body: { allowed_origins: [] } })).body.code).toBe(2000);
        // The key in the body counts as the same key.
        expect((await send(srv, { public_key: own, events: [ev()] })).status).toBe(429);
        expect(await events(GAME_B)).toBe(before);
        // Another key from the same address is counted on its own; signed batches are not limited here.
        keyA = expectData(await call(srv, `/api/embed_configure/game/${appA}/public_key/`, { token: sa, method: 'POST' }), trackingPublicKey).public_key;
        expect((await send(srv, { events: [ev()] }, { [TRACK_PUBLIC_KEY_HEADER]: keyA })).status).toBe(200);
        expect((await signedPost(srv, '/api/embed/track/', credsB, { events: [ev()] })).status).toBe(200);
      } finally {
        if (saved === undefined) delete process.env.TRACK_PUBLIC_PER_MINUTE;
        else process.env.TRACK_PUBLIC_PER_MINUTE = saved;
      }
    });
  });

  describe('orders accept only the secret', () => {
    it('2,000 invented orders with the public key (header, body, or a key with no valid signature) are all refused: 401, nothing stored', async () => {
      const before = await count(ctx, 'SELECT count(*)::int AS n FROM orders');
      const fakes = Array.from({ length: 2000 }, (_, i) => order(i));
      for (let i = 0; i < fakes.length; i += 500) {
        const orders = fakes.slice(i, i + 500);
        const byHeader = await call(srv, '/api/ingest/orders/', { method: 'POST', raw: JSON.stringify({ orders }), headers: { 'content-type': 'application/json', [TRACK_PUBLIC_KEY_HEADER]: keyA } });
        expect(byHeader.status).toBe(401);
        expect(byHeader.body.code).toBe(401);
        expect(String(byHeader.body.msg)).toContain('公开密钥（public key）只能发送事件');
        const byBody = await call(srv, '/api/ingest/orders/', { method: 'POST', raw: JSON.stringify({ public_key: keyA, orders }), headers: { 'content-type': 'text/plain' } });
        expect(byBody.status).toBe(401);
      }
      // The public key where the app key goes, unsigned or signed with the key itself: unknown key.
      const raw = JSON.stringify({ orders: fakes.slice(0, 10) });
      expect((await call(srv, '/api/ingest/orders/', { method: 'POST', raw, headers: { 'x-app-key': keyA, 'x-signature': 'a'.repeat(64) } })).status).toBe(401);
      // The real app key with no signature, or a wrong one.
      expect((await call(srv, '/api/ingest/orders/', { method: 'POST', raw, headers: { 'x-app-key': credsA.app_key } })).status).toBe(401);
      expect((await call(srv, '/api/ingest/orders/', { method: 'POST', raw, headers: { 'x-app-key': credsA.app_key, 'x-signature': '0'.repeat(64) } })).status).toBe(401);
      expect(await count(ctx, 'SELECT count(*)::int AS n FROM orders')).toBe(before);
      // The secret's signature still works.
      const signed = await signedPost(srv, '/api/ingest/orders/', credsA, { orders: [order(9001)] });
      expect(signed.status).toBe(200);
      expect(await count(ctx, 'SELECT count(*)::int AS n FROM orders')).toBe(before + 1);
    });
  });

  describe('idempotency per game', () => {
    it('the same uuid from two games is two events; a resend to one game is its duplicate only', async () => {
      const shared = ev();
      expect(expectData(await signedPost(srv, '/api/embed/track/', credsA, { events: [shared] }), trackResult.strict())).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      expect(expectData(await signedPost(srv, '/api/embed/track/', credsB, { events: [shared] }), trackResult.strict())).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      expect(expectData(await signedPost(srv, '/api/embed/track/', credsA, { events: [shared] }), trackResult.strict())).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
      const rows = await ctx.db.query<{ game: number }>('SELECT game FROM tracking_events WHERE uuid = $1 ORDER BY game', [shared.uuid]);
      expect(rows.map((r) => r.game)).toEqual([GAME_A, GAME_B]);
      expect(await count(ctx, 'SELECT count(*)::int AS n FROM tracking_event_ids WHERE uuid = $1', [shared.uuid])).toBe(2);
    });
  });

  describe('live events', () => {
    it('newest first with accepted, rejected (the reason) and duplicate; refusals of a known app too; the list grant decides', async () => {
      const first = ev({ distinct_id: 'live-1', event: 'login' });
      expectData(await send(srv, { events: [first] }, { [TRACK_PUBLIC_KEY_HEADER]: keyA }), trackResult);
      expectData(await send(srv, { events: [ev({ distinct_id: 'live-2', event: 'nope' }), first] }, { [TRACK_PUBLIC_KEY_HEADER]: keyA }), trackResult);
      expect((await send(srv, { events: [ev()] }, { [TRACK_PUBLIC_KEY_HEADER]: keyA, origin: 'https://evil.example.com' })).status).toBe(403);
      const live = expectData(await call(srv, `/api/embed_configure/game/${appA}/live/?limit=4`, { token: sa }), trackLive);
      expect(live).toHaveLength(4);
      expect(live[0]).toMatchObject({ status: 'rejected', event: null, reason: '来源 https://evil.example.com 不在该埋点应用允许的来源（allowed_origins）中', reason_code: 'origin_not_allowed', reason_args: { origin: 'https://evil.example.com' } });
      expect(live[1]).toMatchObject({ status: 'duplicate', event: 'login', distinct_id: 'live-1', time: first.time, reason: null, reason_code: null });
      expect(live[2]).toMatchObject({ status: 'rejected', event: 'nope', distinct_id: 'live-2', reason: '未定义的事件「nope」', reason_code: 'unknown_event', reason_args: { event: 'nope' } });
      expect(live[3]).toMatchObject({ status: 'accepted', event: 'login', distinct_id: 'live-1', reason: null });
      expect(Date.parse(live[0]?.received ?? '')).toBeGreaterThanOrEqual(Date.parse(live[3]?.received ?? ''));
      // The other app's view holds only its own.
      const other = expectData(await call(srv, `/api/embed_configure/game/${appB}/live/`, { token: sa }), trackLive);
      expect(other.some((e) => e.distinct_id === 'live-1')).toBe(false);
      expectFailure(await call(srv, `/api/embed_configure/game/${appA}/live/?limit=0`, { token: sa }), 400, 'limit 应为 1 到 200 的整数', 400);
      expectFailure(await call(srv, `/api/embed_configure/game/${appA}/live/?limit=abc`, { token: sa }), 400, 'limit 应为 1 到 200 的整数', 400);
      expect((await call(srv, '/api/embed_configure/game/999999/live/', { token: sa })).body.code).toBe(400);
      const refused = await call(srv, `/api/embed_configure/game/${appA}/live/`, { token: test });
      expect(String(refused.body.msg)).toContain('没有执行该操作的权限');
      expect((await call(srv, `/api/embed_configure/game/${appA}/live/`)).body.code).not.toBe(2000);
    });

    it('pushes new entries as an embed_live frame to sockets allowed to see the app, and to no one else', async () => {
      const admin = watchLive(`${srv.wsUrl}/api/ws/${sa}/`);
      const analyst = watchLive(`${srv.wsUrl}/api/ws/${test}/`);
      try {
        await Promise.all([admin.ready, analyst.ready]);
        const sent = ev({ distinct_id: 'pushed-1' });
        expectData(await send(srv, { events: [sent] }, { [TRACK_PUBLIC_KEY_HEADER]: keyA }), trackResult);
        // Frames of earlier batches (the tests before) may come first: wait for the one of this event.
        const ours = () => admin.frames.find((f) => f.entries.some((e) => e.distinct_id === 'pushed-1'));
        const deadline = Date.now() + 5000;
        while (!ours() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        const frame = ours();
        expect(frame?.app).toBe(appA);
        expect(frame?.entries.find((e) => e.distinct_id === 'pushed-1')).toMatchObject({ status: 'accepted', event: 'login', distinct_id: 'pushed-1' });
        await new Promise((r) => setTimeout(r, 400));
        expect(analyst.frames).toEqual([]);
      } finally {
        admin.close();
        analyst.close();
      }
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { attributionResult, campaignRow, clickBatchResult, orderIngestResult, performanceResult, spendResult, trackingCredentials, trackResult, type AttributionRow } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { recordClick } from '../domain/clicks';
import { AD_CLICKS_PER_MINUTE } from './index';
import { writeXlsx } from '../../../domain/crud/xlsx';
import type { TestServer } from '../../../testing';
import { type AppCredentials, call, expectData, login, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * Advertising (advertisement/*) against the real server: campaigns through the resource
 * API, clicks through the tracking link (and, back-dated, through the same server function the
 * simulator uses), register events and orders through the signed ingestion APIs, spend as JSON and
 * xlsx. Attribution (last click within 7 days, same game and device) and every campaign figure (spend,
 * clicks, installs, CPI, revenue of attributed players, ROAS) are computed here independently from the
 * raw clicks, events and orders, and must equal the API. Late clicks (recorded after the install was
 * ingested) count; clicks after the install do not. Bad input gets envelope errors with nothing stored.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let tz = 'Asia/Shanghai';
const DAY = 86_400_000;
const creds: Record<number, { app_key: string; secret: string }> = {};
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const signed = (path: string, game: number, payload: unknown) => signedPost(srv, path, creds[game] as AppCredentials, payload);

interface Campaign {
  id: number;
  game: number;
  channel: string;
}
const campaigns: Campaign[] = [];
const clicks: Array<{ campaign: number; game: number; device: string; time: number }> = [];
const registers: Array<{ game: number; player: string; device: string; time: number }> = [];
const orders: Array<{ game: number; player: string; amount: number; time: number; refund: number | null; id: string }> = [];
const spend = new Map<number, Map<string, number>>();
let now = 0;
let start = '';
let end = '';

async function createCampaign(game: number, channel: string, name: string): Promise<Campaign> {
  const row = expectData(
    await call(srv, '/api/advertisement/campaign/', { token: sa, body: { game, channel, name, budget: 5_000_000, start_date: dayOf(now - 40 * DAY), end_date: dayOf(now + 10 * DAY), status: 'active', store_url: `https://store.example/${name}` } }),
    campaignRow,
  );
  const c = { id: row.id, game, channel };
  campaigns.push(c);
  return c;
}

suiteServer([], (s) => ({ srv, ctx } = s));
beforeAll(async () => {
  tz = ctx.config.analyticsTz;
  sa = (await login(srv, 'superadmin', 'admin123456', false)).access;
  now = Date.now() - 10 * 60_000;
  start = dayOf(now - 30 * DAY);
  end = dayOf(now);
  for (const game of [1, 2]) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    creds[game] = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
  }
  const a = await createCampaign(1, 'tiktok', 'A-抖音');
  const b = await createCampaign(1, 'gdt', 'B-广点通');
  const c = await createCampaign(2, 'tiktok', 'C-抖音');
  const rand = prng(16);
  // 60 devices per game; most clicked 0-3 times on the game's campaigns (and game 1's devices also on game 2's campaign).
  for (const game of [1, 2]) {
    const mine = game === 1 ? [a, b] : [c];
    for (let d = 0; d < 60; d++) {
      const device = `dev-${game}-${d}`;
      const install = now - Math.floor(rand() * 28 * DAY) - DAY;
      const n = Math.floor(rand() * 4);
      for (let k = 0; k < n; k++) {
        const camp = mine[Math.floor(rand() * mine.length)] as Campaign;
        // Up to 10 days before the install (some outside the window), some after it (never attributed).
        const t = rand() < 0.15 ? install + Math.floor(rand() * DAY) + 1000 : install - Math.floor(rand() * 10 * DAY);
        clicks.push({ campaign: camp.id, game, device, time: t });
      }
      if (game === 1 && rand() < 0.3) clicks.push({ campaign: c.id, game: 2, device, time: install - 1000 });
      // 1 or 2 accounts on the device; the second registers a bit later.
      for (let p = 0; p < (rand() < 0.1 ? 2 : 1); p++) registers.push({ game, player: `p-${game}-${d}-${p}`, device, time: install + p * 3_600_000 });
    }
  }
  // Half the clicks before the events arrive, half after ("late clicks"): attribution is computed when read.
  const half = Math.floor(clicks.length / 2);
  for (const k of clicks.slice(0, half)) await recordClick(ctx.db, { campaign: k.campaign, device: k.device, time: new Date(k.time).toISOString() }, tz);
  for (const game of [1, 2]) {
    const evs = registers.filter((r) => r.game === game).map((r) => ({ uuid: uuidFrom(rand), event: 'register', distinct_id: r.player, time: new Date(r.time).toISOString(), properties: { device_id: r.device } }));
    expect(expectData(await signed('/api/embed/track/', game, { events: evs }), trackResult).rejected).toEqual([]);
  }
  // The player upkeep (migration 057) runs after the ingestion's commits: drained, so the reads below see it.
  await ctx.playerUpkeep.drain();
  for (const k of clicks.slice(half)) await recordClick(ctx.db, { campaign: k.campaign, device: k.device, time: new Date(k.time).toISOString() }, tz);
  // Orders of about half the players, some refunded.
  let n = 0;
  for (const r of registers) {
    if (rand() < 0.5) continue;
    for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) {
      const time = Math.min(now - 60_000, r.time + Math.floor(rand() * 5 * DAY));
      orders.push({ game: r.game, player: r.player, amount: [600, 3000, 6800, 12_800][Math.floor(rand() * 4)] as number, time, refund: rand() < 0.15 ? Math.min(now - 1000, time + 3_600_000) : null, id: `AD${++n}` });
    }
  }
  for (const game of [1, 2]) {
    const mine = orders.filter((o) => o.game === game);
    const wire = (o: (typeof orders)[number], status: 'paid' | 'refunded') => ({ order_id: o.id, distinct_id: o.player, amount: o.amount, currency: 'CNY', channel: 'tap', method: 'alipay', region: 'CN', status, time: new Date(status === 'paid' ? o.time : (o.refund as number)).toISOString() });
    expect(expectData(await signed('/api/ingest/orders/', game, { orders: mine.map((o) => wire(o, 'paid')) }), orderIngestResult).rejected).toEqual([]);
    const refunds = mine.filter((o) => o.refund !== null);
    if (refunds.length) expect(expectData(await signed('/api/ingest/orders/', game, { orders: refunds.map((o) => wire(o, 'refunded')) }), orderIngestResult).rejected).toEqual([]);
  }
  // Spend: every campaign, the last 20 days.
  for (const camp of campaigns) {
    const days = Array.from({ length: 20 }, (_, i) => ({ day: dayOf(now - i * DAY), amount: 10_000 + Math.floor(rand() * 90_000) }));
    spend.set(camp.id, new Map(days.map((d) => [d.day, d.amount])));
    expectData(await call(srv, `/api/advertisement/campaign/${camp.id}/spend/`, { token: sa, method: 'PUT', body: { days } }), spendResult);
  }
}, SERVER_TIMEOUT_MS);

/** The reference attribution, from the raw rows: each install's last click of the same game and device within 7 days before it. */
function refAttribution(windowDays = 7) {
  const lo = Date.parse(`${start}T00:00:00Z`);
  return registers
    .filter((r) => dayOf(r.time) >= start && dayOf(r.time) <= end && r.time >= lo - DAY)
    .map((r) => {
      const cands = clicks.filter((k) => k.game === r.game && k.device === r.device && k.time <= r.time && k.time >= r.time - windowDays * DAY);
      const last = cands.sort((x, y) => y.time - x.time)[0];
      return { ...r, campaign: last?.campaign ?? null, click: last?.time ?? null };
    });
}

function refRevenue(players: Set<string>) {
  let rev = 0;
  for (const o of orders) {
    if (!players.has(`${o.game}:${o.player}`)) continue;
    if (dayOf(o.time) >= start && dayOf(o.time) <= end) rev += o.amount;
    if (o.refund !== null && dayOf(o.refund) >= start && dayOf(o.refund) <= end) rev -= o.amount;
  }
  return rev;
}

describe('attribution', () => {
  it('every install matches the independent last-click computation (all pages)', async () => {
    const ref = refAttribution();
    const rows: AttributionRow[] = [];
    for (let page = 1; ; page++) {
      const r = expectData(await call(srv, `/api/advertisement/attribution/?start=${start}&end=${end}&limit=50&page=${page}`, { token: sa }), attributionResult.strict());
      rows.push(...r.rows);
      if (page === 1) expect(r.summary).toEqual({ installs: ref.length, attributed: ref.filter((x) => x.campaign !== null).length, organic: ref.filter((x) => x.campaign === null).length });
      if (r.rows.length < 50) break;
    }
    expect(rows.length).toBe(ref.length);
    const byKey = new Map(rows.map((r) => [`${r.game}:${r.distinct_id}`, r]));
    for (const x of ref) {
      const got = byKey.get(`${x.game}:${x.player}`);
      expect(got, x.player).toBeDefined();
      expect([got?.campaign, got?.click_time, got?.match, got?.device_id, got?.install_time]).toEqual([
        x.campaign,
        x.click === null ? null : new Date(x.click).toISOString(),
        x.campaign === null ? 'organic' : 'last_click',
        x.device,
        new Date(x.time).toISOString(),
      ]);
      if (x.campaign !== null) expect(got?.channel).toBe(campaigns.find((c) => c.id === x.campaign)?.channel);
    }
    expect(ref.some((x) => x.campaign !== null) && ref.some((x) => x.campaign === null)).toBe(true);
  });

  it('a wider window attributes more installs, filters narrow the list', async () => {
    const wide = expectData(await call(srv, `/api/advertisement/attribution/?start=${start}&end=${end}&window=30&limit=1`, { token: sa }), attributionResult);
    expect(wide.summary.attributed).toBe(refAttribution(30).filter((x) => x.campaign !== null).length);
    expect(wide.window_days).toBe(30);
    const camp = campaigns[0] as Campaign;
    const one = expectData(await call(srv, `/api/advertisement/attribution/?start=${start}&end=${end}&campaign=${camp.id}&limit=100`, { token: sa }), attributionResult);
    expect(one.total).toBe(refAttribution().filter((x) => x.campaign === camp.id).length);
    expect(one.rows.every((r) => r.campaign === camp.id)).toBe(true);
    const organic = expectData(await call(srv, `/api/advertisement/attribution/?start=${start}&end=${end}&match=organic&game=2&limit=100`, { token: sa }), attributionResult);
    expect(organic.total).toBe(refAttribution().filter((x) => x.campaign === null && x.game === 2).length);
  });
});

describe('campaign figures', () => {
  it('spend, clicks, installs, CPI, revenue of attributed players and ROAS equal the raw rows', async () => {
    const r = expectData(await call(srv, `/api/advertisement/campaign/performance/?start=${start}&end=${end}`, { token: sa }), performanceResult.strict());
    const ref = refAttribution();
    for (const camp of campaigns) {
      const row = r.campaigns.find((x) => x.campaign === camp.id);
      const s = [...(spend.get(camp.id) ?? new Map<string, number>()).entries()].filter(([d]) => d >= start && d <= end).reduce((n, [, v]) => n + v, 0);
      const cl = clicks.filter((k) => k.campaign === camp.id && dayOf(k.time) >= start && dayOf(k.time) <= end).length;
      const inst = ref.filter((x) => x.campaign === camp.id);
      const rev = refRevenue(new Set(inst.map((x) => `${x.game}:${x.player}`)));
      expect(row, String(camp.id)).toMatchObject({ spend: s, clicks: cl, installs: inst.length, revenue: rev, cpi: inst.length ? Math.round(s / inst.length) : null, roas: Math.round((rev / s) * 10_000) / 10_000 });
    }
    expect(r.totals.organic_installs).toBe(ref.filter((x) => x.campaign === null).length);
    expect(r.days.length).toBe(31);
    expect(r.days.reduce((n, d) => n + d.installs, 0)).toBe(r.totals.installs);
  });
});

describe('tracking link', () => {
  it('records the click and redirects (302) to the store URL, without signing in', async () => {
    const camp = campaigns[0] as Campaign;
    const before = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_clicks WHERE campaign = $1', [camp.id]))[0]?.n ?? 0;
    const res = await fetch(`${srv.baseUrl}/api/advertisement/click/?campaign=${camp.id}&device=dev-live-1`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(decodeURI(res.headers.get('location') ?? '')).toBe('https://store.example/A-抖音');
    const after = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_clicks WHERE campaign = $1', [camp.id]))[0]?.n ?? 0;
    expect(after).toBe(before + 1);
  });

  it('unknown, ended or paused campaigns and bad devices: a clear error and nothing stored', async () => {
    const ended = expectData(
      await call(srv, '/api/advertisement/campaign/', { token: sa, body: { game: 1, channel: 'old', name: '已结束计划', budget: 100, start_date: dayOf(now - 40 * DAY), end_date: dayOf(now - 35 * DAY), store_url: 'https://store.example/old' } }),
      campaignRow,
    );
    const paused = expectData(
      await call(srv, '/api/advertisement/campaign/', { token: sa, body: { game: 1, channel: 'p', name: '暂停计划', budget: 100, status: 'paused', start_date: dayOf(now - 4 * DAY), end_date: dayOf(now + 4 * DAY), store_url: 'http://store.example/p' } }),
      campaignRow,
    );
    expect([ended.running, paused.running]).toEqual([false, false]);
    const count = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_clicks'))[0]?.n ?? 0;
    const before = await count();
    const cases: Array<[string, RegExp]> = [
      ['campaign=999999&device=dev-1', /不存在/],
      [`campaign=${ended.id}&device=dev-1`, /不在投放期内/],
      [`campaign=${paused.id}&device=dev-1`, /已暂停/],
      [`campaign=${campaigns[0]?.id}&device=${encodeURIComponent('<script>')}`, /device/],
      [`campaign=${campaigns[0]?.id}`, /device/],
      ['campaign=abc&device=dev-1', /campaign/],
      [`campaign=${campaigns[0]?.id}&device=a&device=b`, /只能出现一次/],
    ];
    for (const [q, msg] of cases) {
      const res = await call(srv, `/api/advertisement/click/?${q}`);
      expect(res.status, q).toBe(200);
      expect(res.body.code, q).toBe(4000);
      expect(String(res.body.msg), q).toMatch(msg);
    }
    expect(await count()).toBe(before);
  });
});

describe('bad input', () => {
  it('campaigns: end before start, non-http store URL, fractional or negative budget, unknown game', async () => {
    const base = { game: 1, channel: 'x', name: '坏计划', budget: 100, start_date: '2026-01-10', end_date: '2026-01-20', store_url: 'https://s.example/' };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ end_date: '2026-01-09' }, /结束日期/],
      [{ store_url: 'javascript:alert(1)' }, /http/],
      [{ store_url: 'ftp://s.example/' }, /http/],
      [{ budget: 10.5 }, /预算/],
      [{ budget: -1 }, /预算/],
      [{ game: 99999 }, /游戏/],
      [{ channel: '' }, /渠道/],
    ];
    const before = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_campaigns'))[0]?.n;
    for (const [patch, msg] of cases) {
      const res = await call(srv, '/api/advertisement/campaign/', { token: sa, body: { ...base, ...patch } });
      expect(res.body.code, JSON.stringify(patch)).toBe(4000);
      expect(String(res.body.msg), JSON.stringify(patch)).toMatch(msg);
    }
    expect((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_campaigns'))[0]?.n).toBe(before);
  });

  it('PATCH changes only the fields sent, with the same date rule as PUT', async () => {
    const base = { game: 1, channel: 'patch', name: '改名前', budget: 100, start_date: '2026-01-10', end_date: '2026-01-20', store_url: 'https://s.example/' };
    const created = await call(srv, '/api/advertisement/campaign/', { token: sa, body: base });
    expect(created.body.code).toBe(2000);
    const id = (created.body.data as { id: number }).id;
    const renamed = await call(srv, `/api/advertisement/campaign/${id}/`, { token: sa, method: 'PATCH', body: { name: '改名后' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.code).toBe(2000);
    const row = (await ctx.db.query<{ name: string; budget: string; end_date: string }>('SELECT name, budget::text AS budget, end_date::text AS end_date FROM ad_campaigns WHERE id = $1', [id]))[0];
    expect(row).toMatchObject({ name: '改名后', end_date: '2026-01-20' });
    const backwards = await call(srv, `/api/advertisement/campaign/${id}/`, { token: sa, method: 'PATCH', body: { start_date: '2026-01-30', end_date: '2026-01-29' } });
    expect(backwards.body.code).toBe(4000);
    expect(String(backwards.body.msg)).toMatch(/结束日期/);
  });

  it('spend: negative, fractional, outside the period, repeated day → refused, nothing written', async () => {
    const camp = campaigns[1] as Campaign;
    const before = expectData(await call(srv, `/api/advertisement/campaign/${camp.id}/spend/`, { token: sa }), spendResult);
    const cases: Array<[unknown, RegExp]> = [
      [{ days: [{ day: end, amount: -5 }] }, /负数/],
      [{ days: [{ day: end, amount: 12.5 }] }, /小数/],
      [{ days: [{ day: end, amount: 1 }, { day: '2020-01-01', amount: 1 }] }, /不在投放期/],
      [{ days: [{ day: end, amount: 1 }, { day: end, amount: 2 }] }, /同一天/],
      [{ days: [] }, /至少/],
      [{ days: [{ day: '2026-02-30', amount: 1 }] }, /日期/],
    ];
    for (const [body, msg] of cases) {
      const res = await call(srv, `/api/advertisement/campaign/${camp.id}/spend/`, { token: sa, method: 'PUT', body });
      expect(res.body.code, JSON.stringify(body)).toBe(4000);
      expect(String(res.body.msg)).toMatch(msg);
    }
    expect(expectData(await call(srv, `/api/advertisement/campaign/${camp.id}/spend/`, { token: sa }), spendResult)).toEqual(before);
  });

  it('reports: impossible ranges and a page size of 100,000', async () => {
    for (const q of [`start=${end}&end=${start}`, 'start=2026-02-30&end=2026-03-01', `start=${start}&end=${end}&limit=100000`, `start=${start}&end=${end}&window=0`, `start=${start}&end=${end}&match=maybe`]) {
      const res = await call(srv, `/api/advertisement/attribution/?${q}`, { token: sa });
      expect(res.status, q).toBe(200);
      expect(res.body.code, q).toBe(4000);
    }
    const res = await call(srv, `/api/advertisement/campaign/performance/?start=${end}&end=${start}`, { token: sa });
    expect(res.body.code).toBe(4000);
  });
});

describe('xlsx import of spend', () => {
  const upload = (id: number, file: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'spend.xlsx');
    return fetch(`${srv.baseUrl}/api/advertisement/campaign/${id}/spend/import/`, { method: 'POST', headers: { authorization: `JWT ${sa}` }, body: form }).then((r) => r.json() as Promise<{ code: number; msg: string; data: unknown }>);
  };

  it('imports yuan amounts as exact fen, replacing those days', async () => {
    const camp = campaigns[2] as Campaign;
    const d1 = dayOf(now - DAY);
    const d2 = dayOf(now - 2 * DAY);
    const res = await upload(camp.id, await writeXlsx('花费', ['日期', '花费（元）'], [[d1, '1234.56'], [d2, 0.1 + 0.2], ['', '']]));
    expect(res.code, res.msg).toBe(2000);
    const got = expectData(await call(srv, `/api/advertisement/campaign/${camp.id}/spend/`, { token: sa }), spendResult);
    expect(got.days.find((d) => d.day === d1)?.amount).toBe(123_456);
    expect(got.days.find((d) => d.day === d2)?.amount).toBe(30);
    spend.get(camp.id)?.set(d1, 123_456).set(d2, 30);
  });

  it('a sheet with bad rows is refused whole, each row named', async () => {
    const camp = campaigns[2] as Campaign;
    const before = expectData(await call(srv, `/api/advertisement/campaign/${camp.id}/spend/`, { token: sa }), spendResult);
    const res = await upload(camp.id, await writeXlsx('花费', ['日期', '花费（元）'], [[dayOf(now), '10'], ['not a day', '1'], [dayOf(now - 3 * DAY), '-3'], [dayOf(now - 4 * DAY), '1.234']]));
    expect(res.code).toBe(4000);
    expect((res.data as Array<{ row: number }>).map((p) => p.row)).toEqual([3, 4, 5]);
    expect(expectData(await call(srv, `/api/advertisement/campaign/${camp.id}/spend/`, { token: sa }), spendResult)).toEqual(before);
    const junk = await upload(camp.id, Buffer.from('not a zip'));
    expect(junk.code).toBe(4000);
  });
});

describe("an ad network's click log", () => {
  it('each click recorded by the tracking link\'s rules: future or out-of-period clicks refused by index, the rest kept', async () => {
    const camp = campaigns[0] as Campaign;
    const ok = new Date(now - 2 * DAY).toISOString();
    const res = expectData(
      await call(srv, `/api/advertisement/campaign/${camp.id}/clicks/`, { token: sa, body: { clicks: [{ device: 'net-1', time: ok }, { device: 'net-2', time: new Date(now + 3 * DAY).toISOString() }, { device: 'net-3', time: new Date(now - 60 * DAY).toISOString() }] } }),
      clickBatchResult,
    );
    expect(res.accepted).toBe(1);
    expect(res.rejected.map((r) => r.index)).toEqual([1, 2]);
    const stored = await ctx.db.query<{ device_id: string }>("SELECT device_id FROM ad_clicks WHERE device_id LIKE 'net-%'");
    expect(stored.map((r) => r.device_id)).toEqual(['net-1']);
    const bad = await call(srv, `/api/advertisement/campaign/${camp.id}/clicks/`, { token: sa, body: { clicks: [{ device: 'net-9', time: 'yesterday' }] } });
    expect(bad.body.code).toBe(4000);
    const unknown = await call(srv, '/api/advertisement/campaign/999999/clicks/', { token: sa, body: { clicks: [{ device: 'net-9', time: ok }] } });
    expect(unknown.body.code).toBe(4000);
  });
});

describe('tracking link rate limit (last: it uses up this address’s minute)', () => {
  it('over AD_CLICKS_PER_MINUTE per client address: HTTP 429 with the envelope, nothing stored', async () => {
    const before = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_clicks'))[0]?.n;
    let limited: Response | null = null;
    for (let i = 0; i <= AD_CLICKS_PER_MINUTE + 5 && !limited; i++) {
      const res = await fetch(`${srv.baseUrl}/api/advertisement/click/?campaign=${campaigns[0]?.id}&device=${encodeURIComponent('bad device')}`, { redirect: 'manual' });
      if (res.status === 429) limited = res;
      else await res.arrayBuffer();
    }
    expect(limited?.status).toBe(429);
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited?.json()).toMatchObject({ code: 4000, data: null, msg: expect.stringMatching(/请求过于频繁/) as unknown });
    expect((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_clicks'))[0]?.n).toBe(before);
  });
});

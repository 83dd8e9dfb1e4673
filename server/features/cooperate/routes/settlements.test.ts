import { beforeAll, describe, expect, it } from 'vitest';
import {
  distributionResult,
  gameDetail,
  historyResult,
  orderIngestResult,
  overviewResult,
  partnerOverviewResult,
  partnerSettlement,
  rateList,
  settlementResult,
  shareRate,
  trackingCredentials,
  trackResult,
} from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import type { TestServer } from '../../../testing';
import { type AppCredentials, call, expectData, expectFailure, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * Partner settlements and KPIs (cooperate/*) against orders and events sent through the real
 * signed ingestion APIs: each settlement line is computed here independently from the raw orders (paid
 * in the month − refunded in the month, CNY only so no conversion, rate from the rates set here,
 * half-away rounding); rates with effective months, locks (a locked month never moves, changes to it
 * are refused), the export, the KPIs, bad input and permissions. Plus the consistency of revenue across
 * every screen that shows it (item 8): overview, history, distribution, partner reports and overview.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let testToken: string;
const DAY = 86_400_000;
let tz = 'Asia/Shanghai';
const GAMES = [1, 2, 3];
let partnerA = 0;
let partnerB = 0;
const creds: Record<number, { app_key: string; secret: string }> = {};

interface RawOrder {
  game: number;
  order_id: string;
  distinct_id: string;
  amount: number;
  time: number;
  refund_time: number | null;
}
const orders: RawOrder[] = [];
const activity: Array<{ game: number; distinct_id: string; time: number }> = [];

const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const monthOf = (ms: number) => dayOf(ms).slice(0, 7);
const prevMonth = (m: string) => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  return mm === 1 ? `${y - 1}-12` : `${y}-${String(mm - 1).padStart(2, '0')}`;
};
const lastDay = (m: string) => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  return `${m}-${String(new Date(Date.UTC(y, mm, 0)).getUTCDate()).padStart(2, '0')}`;
};
const halfAway = (v: number, bp: number) => Math.sign(v) * Math.round((Math.abs(v) * bp) / 10_000) || 0;

const post = (path: string, c: AppCredentials, body: string) => signedPost(srv, path, c, body);
const wire = (o: RawOrder, status: 'paid' | 'refunded') => ({
  order_id: o.order_id,
  distinct_id: o.distinct_id,
  amount: o.amount,
  currency: 'CNY',
  channel: 'tap',
  method: 'alipay',
  region: 'CN',
  status,
  time: new Date(status === 'paid' ? o.time : (o.refund_time as number)).toISOString(),
});

async function send(list: RawOrder[]) {
  for (const game of GAMES) {
    const mine = list.filter((o) => o.game === game);
    if (mine.length === 0) continue;
    const c = creds[game];
    if (!c) throw new Error('no credentials');
    const paid = expectData(await post('/api/ingest/orders/', c, JSON.stringify({ orders: mine.map((o) => wire(o, 'paid')) })), orderIngestResult);
    expect(paid.rejected).toEqual([]);
    const refunds = mine.filter((o) => o.refund_time !== null);
    if (refunds.length > 0) expect(expectData(await post('/api/ingest/orders/', c, JSON.stringify({ orders: refunds.map((o) => wire(o, 'refunded')) })), orderIngestResult).rejected).toEqual([]);
  }
}

let thisMonth = '';
let m1 = '';
let m2 = '';

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, testToken] } = s));
beforeAll(async () => {
  tz = ctx.config.analyticsTz;
  const now = Date.now() - 5 * 60_000;
  thisMonth = monthOf(now);
  m1 = prevMonth(thisMonth);
  m2 = prevMonth(m1);
  // Two partners of this test: A has games 1 and 2, B game 3 (test set-up; partners have no write API yet).
  [{ id: partnerA }] = await ctx.db.query<{ id: number }>(`INSERT INTO partners (name) VALUES ('结算测试甲') RETURNING id`) as [{ id: number }];
  [{ id: partnerB }] = await ctx.db.query<{ id: number }>(`INSERT INTO partners (name) VALUES ('结算测试乙') RETURNING id`) as [{ id: number }];
  await ctx.db.query('UPDATE games SET partner = $1 WHERE id IN (1, 2)', [partnerA]);
  await ctx.db.query('UPDATE games SET partner = $1 WHERE id = 3', [partnerB]);
  const rand = prng(47);
  // Orders over the last ~75 days (three calendar months), ~20% refunded up to 5 days later (some across a month's end).
  for (const game of GAMES) {
    for (let p = 0; p < 30; p++) {
      const id = `g${game}-p${p}`;
      for (let k = 0; k < 3; k++) activity.push({ game, distinct_id: id, time: now - Math.floor(rand() * 75 * DAY) });
      if (rand() < 0.5) {
        for (let k = 0; k < 1 + Math.floor(rand() * 4); k++) {
          const time = now - Math.floor(rand() * 75 * DAY);
          const refunded = rand() < 0.2;
          orders.push({ game, order_id: `S${game}-${p}-${k}`, distinct_id: id, amount: [600, 3000, 6800, 12_800, 99, 1][Math.floor(rand() * 6)] as number, time, refund_time: refunded ? Math.min(now, time + Math.floor(rand() * 5 * DAY)) : null });
        }
      }
    }
  }
  for (const game of GAMES) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    creds[game] = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
  }
  await send(orders);
  for (const game of GAMES) {
    const c = creds[game] as { app_key: string; secret: string };
    const evs = activity.filter((a) => a.game === game).map((a) => ({ uuid: uuidFrom(rand), event: 'login', distinct_id: a.distinct_id, time: new Date(a.time).toISOString(), properties: {} }));
    expect(expectData(await post('/api/embed/track/', c, JSON.stringify({ events: evs })), trackResult).rejected).toEqual([]);
  }
  // The player upkeep (migration 057) runs after the ingestion's commits: drained, so the reads below see it.
  await ctx.playerUpkeep.drain();
}, SERVER_TIMEOUT_MS);

const get = async <S extends Parameters<typeof expectData>[1]>(path: string, schema: S, token = sa) => expectData(await call(srv, path, { token }), schema);
const send2 = (path: string, body: unknown, token = sa) => call(srv, path, { token, method: 'POST', body });

/** The reference line of a game in a month, from the raw orders. */
function refLine(game: number, month: string) {
  let gross = 0;
  let refunds = 0;
  let n = 0;
  let rn = 0;
  for (const o of orders) {
    if (o.game !== game) continue;
    if (monthOf(o.time) === month) {
      gross += o.amount;
      n++;
    }
    if (o.refund_time !== null && monthOf(o.refund_time) === month) {
      refunds += o.amount;
      rn++;
    }
  }
  return { gross, refunds, revenue: gross - refunds, orders: n, refund_orders: rn };
}

describe('settlements', () => {
  it('before any rate: every game of the partner with its revenue from the raw orders, rate 0 and not set', async () => {
    const r = await get(`/api/cooperate/reports/?month=${m1}&partner=${partnerA}`, settlementResult.strict());
    expect([r.month, r.start, r.end, r.currency]).toEqual([m1, `${m1}-01`, lastDay(m1), 'CNY']);
    const [a] = r.partners;
    expect(a).toMatchObject({ partner: partnerA, partner_name: '结算测试甲', rate_bp: 0, rate_set: false, locked: false });
    expect(a?.games.map((g) => g.game)).toEqual([1, 2]);
    for (const g of a?.games ?? []) expect({ ...g, game_name: '' }).toEqual({ game: g.game, game_name: '', ...refLine(g.game, m1), rate_bp: 0, partner_amount: 0, platform_amount: refLine(g.game, m1).revenue });
    expect(a?.totals.revenue).toBe(refLine(1, m1).revenue + refLine(2, m1).revenue);
  });

  it('a rate applies from its effective month on; a later rate does not rewrite earlier months', async () => {
    expectData(await send2('/api/cooperate/reports/rates/', { partner: partnerA, effective_month: m2, rate_bp: 7000, note: '首签' }), shareRate.strict());
    const before = await get(`/api/cooperate/reports/?month=${m1}`, settlementResult);
    expectData(await send2('/api/cooperate/reports/rates/', { partner: partnerA, effective_month: m1, rate_bp: 6333 }), shareRate);
    expectData(await send2('/api/cooperate/reports/rates/', { partner: partnerA, effective_month: thisMonth, rate_bp: 5000 }), shareRate);
    const rates = await get(`/api/cooperate/reports/rates/?partner=${partnerA}`, rateList);
    expect(rates.map((x) => [x.effective_month, x.rate_bp])).toEqual([[thisMonth, 5000], [m1, 6333], [m2, 7000]]);
    for (const [month, bp] of [[m2, 7000], [m1, 6333], [thisMonth, 5000]] as const) {
      const r = await get(`/api/cooperate/reports/?month=${month}`, settlementResult);
      const a = r.partners.find((p) => p.partner === partnerA);
      const b = r.partners.find((p) => p.partner === partnerB);
      expect(a?.rate_bp).toBe(bp);
      for (const g of a?.games ?? []) {
        const ref = refLine(g.game, month);
        expect([g.revenue, g.rate_bp, g.partner_amount, g.platform_amount], `${month} game ${g.game}`).toEqual([ref.revenue, bp, halfAway(ref.revenue, bp), ref.revenue - halfAway(ref.revenue, bp)]);
      }
      expect(b).toMatchObject({ rate_set: false, rate_bp: 0 });
      expect(b?.games[0]?.revenue).toBe(refLine(3, month).revenue);
    }
    // m1 before the later rates had 7000 (from m2 on): now 6333; m2 kept 7000.
    expect(before.partners.find((p) => p.partner === partnerA)?.rate_bp).toBe(7000);
  });

  it('locking an ended month keeps it as confirmed: late orders move the revenue screens, not the locked settlement; changes are refused', async () => {
    const locked = expectData(await send2('/api/cooperate/reports/lock/', { partner: partnerA, month: m2 }), partnerSettlement.strict());
    expect(locked).toMatchObject({ locked: true, rate_bp: 7000, month: m2 });
    expect(locked.locked_by).toBeTruthy();
    const snapshot = locked.totals;
    expect(snapshot.revenue).toBe(refLine(1, m2).revenue + refLine(2, m2).revenue);
    // A late paid callback dated in the locked month.
    const late: RawOrder = { game: 1, order_id: 'LATE-1', distinct_id: 'g1-late', amount: 88_800, time: Date.parse(`${m2}-15T04:00:00Z`), refund_time: null };
    orders.push(late);
    await send([late]);
    const inc = await get(`/api/center_income/overview/?start=${m2}-01&end=${lastDay(m2)}&game=1`, overviewResult);
    expect(inc.revenue).toBe(refLine(1, m2).revenue);
    const after = (await get(`/api/cooperate/reports/?month=${m2}&partner=${partnerA}`, settlementResult)).partners[0];
    expect(after?.totals).toEqual(snapshot);
    expect(after?.locked).toBe(true);
    // Partner B's month is still open: it follows the orders.
    expect((await get(`/api/cooperate/reports/?month=${m2}&partner=${partnerB}`, settlementResult)).partners[0]?.locked).toBe(false);

    expectFailure(await send2('/api/cooperate/reports/lock/', { partner: partnerA, month: m2 }), 4000, `合作方「结算测试甲」的 ${m2} 已锁定，不能再次锁定`);
    expectFailure(await send2('/api/cooperate/reports/rates/', { partner: partnerA, effective_month: m2, rate_bp: 1 }), 4000, `合作方「结算测试甲」的 ${m2} 已锁定，分成比例只能从 ${m1} 起生效`);
    expectFailure(await send2('/api/cooperate/reports/rates/', { partner: partnerA, effective_month: prevMonth(m2), rate_bp: 1 }), 4000, `合作方「结算测试甲」的 ${m2} 已锁定，分成比例只能从 ${m1} 起生效`);
    expectFailure(await send2('/api/cooperate/reports/lock/', { partner: partnerA, month: thisMonth }), 4000, `${thisMonth} 尚未结束，只能锁定已结束的月份`);
    // Nothing half-written: the rates are as before, one lock only.
    expect((await get(`/api/cooperate/reports/rates/?partner=${partnerA}`, rateList)).map((x) => x.rate_bp)).toEqual([5000, 6333, 7000]);
    expect(await ctx.db.query('SELECT partner FROM settlement_locks')).toHaveLength(1);
  });

  it('the export: one row per game and a total per partner, amounts in fen', async () => {
    const res = await fetch(`${srv.baseUrl}/api/cooperate/reports/export/?month=${m1}`, { headers: { authorization: `JWT ${testToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const rows = readXlsx(Buffer.from(await res.arrayBuffer()));
    const r = await get(`/api/cooperate/reports/?month=${m1}`, settlementResult);
    expect(rows[0]?.[0]).toBe('合作方');
    expect(rows.length - 1).toBe(r.partners.reduce((s, p) => s + p.games.length + 1, 0));
    expect(res.headers.get('x-export-rows')).toBe(String(rows.length - 1));
    const totalA = rows.find((x) => x[0] === '结算测试甲' && x[2] === '合计');
    const a = r.partners.find((p) => p.partner === partnerA);
    expect(totalA?.slice(3, 6).map(Number)).toEqual([a?.totals.gross, a?.totals.refunds, a?.totals.revenue]);
    expect(totalA?.[8]).toBe('63.33%');
    expect(Number(totalA?.[9])).toBe(a?.totals.partner_amount);
  });
});

describe('partner KPIs and one revenue everywhere (item 8)', () => {
  it('overview: games, active players, paying players, revenue and share per partner equal the raw rows', async () => {
    const start = `${m2}-01`;
    const end = dayOf(Date.now());
    const o = await get(`/api/cooperate/overview/?start=${start}&end=${end}`, partnerOverviewResult.strict());
    const inRange = (ms: number) => dayOf(ms) >= start && dayOf(ms) <= end;
    for (const [pid, games] of [[partnerA, [1, 2]], [partnerB, [3]]] as const) {
      const row = o.partners.find((p) => p.partner === pid);
      let revenue = 0;
      const payers = new Set<string>();
      const active = new Set<string>();
      for (const x of orders.filter((y) => (games as readonly number[]).includes(y.game))) {
        if (inRange(x.time)) {
          revenue += x.amount;
          payers.add(`${x.game}:${x.distinct_id}`);
          active.add(`${x.game}:${x.distinct_id}`);
        }
        if (x.refund_time !== null && inRange(x.refund_time)) revenue -= x.amount;
      }
      for (const a of activity) if ((games as readonly number[]).includes(a.game) && inRange(a.time)) active.add(`${a.game}:${a.distinct_id}`);
      expect(row).toMatchObject({ games: games.length, revenue, paying_players: payers.size, players: active.size });
      expect(row?.share).toBeCloseTo(revenue / o.total.revenue, 6);
    }
    expect(o.partners.find((p) => p.partner === partnerA)?.rate_bp).toBe(5000);
    expect(o.partners.reduce((s, p) => s + p.revenue, 0)).toBe(o.total.revenue);
  });

  it('center_income overview = history totals = distribution total = Σ partner report months = Σ partner overview revenue', async () => {
    // Open months only (a locked month is a record of what was confirmed): partner B, and A from m1 on.
    const start = `${m1}-01`;
    const end = lastDay(m1);
    const inc = await get(`/api/center_income/overview/?start=${start}&end=${end}`, overviewResult);
    const hist = await get(`/api/center_income/history/?start=${start}&end=${end}`, historyResult);
    const dist = await get(`/api/center_income/distribution/?start=${start}&end=${end}&by=game`, distributionResult);
    const rep = await get(`/api/cooperate/reports/?month=${m1}`, settlementResult);
    const ov = await get(`/api/cooperate/overview/?start=${start}&end=${end}`, partnerOverviewResult);
    const reported = rep.partners.reduce((s, p) => s + p.totals.revenue, 0);
    const expected = GAMES.reduce((s, g) => s + refLine(g, m1).revenue, 0);
    expect([inc.revenue, hist.totals.revenue, dist.total.revenue, reported, ov.total.revenue]).toEqual([expected, expected, expected, expected, expected]);
    for (const g of GAMES) {
      const perGame = await get(`/api/center_income/overview/?start=${start}&end=${end}&game=${g}`, overviewResult);
      const line = rep.partners.flatMap((p) => p.games).find((x) => x.game === g);
      expect([perGame.revenue, dist.rows.find((r) => r.key === String(g))?.revenue ?? 0, line?.revenue]).toEqual([refLine(g, m1).revenue, refLine(g, m1).revenue, refLine(g, m1).revenue]);
    }
  });
});

describe('the game detail page (item 8)', () => {
  it('revenue today and over the last 30 days, active and paying players: the revenue overview\'s figures and the raw orders', async () => {
    const end = dayOf(Date.now());
    const start = new Date(Date.parse(`${end}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
    for (const game of GAMES) {
      const d = await get(`/api/game/detail/${game}/`, gameDetail);
      const o30 = await get(`/api/center_income/overview/?start=${start}&end=${end}&game=${game}`, overviewResult);
      const o1 = await get(`/api/center_income/overview/?start=${end}&end=${end}&game=${game}`, overviewResult);
      expect(d.summary).toEqual({ revenue_today: o1.revenue, revenue_30d: o30.revenue, players: o30.active_players, paying_players: o30.paying_players, currency: 'CNY' });
      let raw = 0;
      for (const o of orders.filter((x) => x.game === game)) {
        if (dayOf(o.time) >= start && dayOf(o.time) <= end) raw += o.amount;
        if (o.refund_time !== null && dayOf(o.refund_time) >= start && dayOf(o.refund_time) <= end) raw -= o.amount;
      }
      expect(d.summary.revenue_30d, `game ${game}`).toBe(raw);
      expect(raw).not.toBe(0);
    }
  });
});

describe('bad input and permissions', () => {
  it('bad parameters and bodies get a clear 4000, never a 5xx, nothing written', async () => {
    const gets: Array<[string, string]> = [
      ['/api/cooperate/reports/', 'month 必须是 YYYY-MM'],
      ['/api/cooperate/reports/?month=2026-13', 'month 必须是 YYYY-MM'],
      ['/api/cooperate/reports/?month=1999-12', 'month 必须在 2000-01 到 2099-12 之间'],
      [`/api/cooperate/reports/?month=${m1}&partner=abc`, 'partner 必须是合作方编号'],
      [`/api/cooperate/reports/?month=${m1}&partner=1&partner=2`, '参数 partner 只能出现一次'],
      [`/api/cooperate/reports/?month=${m1}&partner=999999`, '合作方 999999 不存在'],
      ['/api/cooperate/reports/rates/', 'partner 必须是合作方编号'],
      ['/api/cooperate/overview/?start=2026-03-02&end=2026-03-01', 'end 不能早于 start'],
      ['/api/cooperate/overview/?start=2024-01-01&end=2026-03-01', '日期范围不能超过 366 天'],
    ];
    for (const [path, msg] of gets) expectFailure(await call(srv, path, { token: sa }), 4000, msg);
    const rateMsg = 'rate_bp 必须是 0 到 10000 的整数（万分比）';
    const posts: Array<[string, unknown, string]> = [
      ['/api/cooperate/reports/rates/', { partner: partnerB, effective_month: m1, rate_bp: 12.5 }, rateMsg],
      ['/api/cooperate/reports/rates/', { partner: partnerB, effective_month: m1, rate_bp: -1 }, rateMsg],
      ['/api/cooperate/reports/rates/', { partner: partnerB, effective_month: m1, rate_bp: 10_001 }, rateMsg],
      ['/api/cooperate/reports/rates/', { partner: partnerB, effective_month: m1, rate_bp: '7000' }, rateMsg],
      ['/api/cooperate/reports/rates/', { partner: partnerB, effective_month: '2026-1', rate_bp: 7000 }, 'effective_month 必须是 YYYY-MM'],
      ['/api/cooperate/reports/rates/', { partner: 999_999, effective_month: m1, rate_bp: 7000 }, '合作方 999999 不存在'],
      ['/api/cooperate/reports/rates/', { partner: partnerB, effective_month: m1, rate_bp: 7000, note: 'x'.repeat(201) }, 'note 不能超过 200 个字符'],
      ['/api/cooperate/reports/rates/', [1, 2], '请求数据格式不正确，应为 JSON 对象。'],
      ['/api/cooperate/reports/lock/', { partner: partnerB }, 'month 必须是 YYYY-MM'],
      ['/api/cooperate/reports/lock/', { partner: 999_999, month: m2 }, '合作方 999999 不存在'],
    ];
    for (const [path, body, msg] of posts) expectFailure(await send2(path, body), 4000, msg);
    expect(await ctx.db.query('SELECT 1 FROM partner_share_rates WHERE partner = $1', [partnerB])).toHaveLength(0);
  });

  it('the analyst (test) reads and exports but may not set a rate or lock a month; no token, no data', async () => {
    for (const path of [`/api/cooperate/reports/?month=${m1}`, `/api/cooperate/overview/?start=${m1}-01&end=${lastDay(m1)}`, `/api/cooperate/reports/rates/?partner=${partnerA}`]) {
      expect((await call(srv, path, { token: testToken })).body.code, path).toBe(2000);
      expect((await call(srv, path)).body.code, path).not.toBe(2000);
    }
    expectFailure(await send2('/api/cooperate/reports/rates/', { partner: partnerB, effective_month: m1, rate_bp: 1 }, testToken), 4000, '您没有执行该操作的权限。 (POST: /api/cooperate/reports/rates/)');
    expectFailure(await send2('/api/cooperate/reports/lock/', { partner: partnerB, month: m2 }, testToken), 4000, '您没有执行该操作的权限。 (POST: /api/cooperate/reports/lock/)');
    expect(await ctx.db.query('SELECT 1 FROM settlement_locks WHERE partner = $1', [partnerB])).toHaveLength(0);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import {
  distributionResult,
  historyResult,
  listPage,
  ORDER_CURRENCIES,
  orderIngestResult,
  orderRow,
  overviewResult,
  rankResult,
  trackingCredentials,
  trackResult,
  type OrderCurrency,
  type RevenueFigures,
} from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import type { TestServer } from '../../../testing';
import { type AppCredentials, call, expectData, expectFailure, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * The revenue reports and the orders list against a randomized history (fixed seed) sent
 * through the real ingestion APIs (orders and events, some of them twice): every figure the API
 * answers (revenue, gross, refunds, orders, paying and active players, ARPU, ARPPU, paying rate, per
 * day, per group, ranks, list totals) is compared with a plain-JS computation from the raw orders and
 * events of this test. Plus the consistency of the screens, permissions and bad input.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let testToken: string;
const GAMES = [1, 2, 3];
const DAY = 86_400_000;

interface RawOrder {
  game: number;
  order_id: string;
  distinct_id: string;
  amount: number;
  currency: OrderCurrency;
  channel: string;
  method: string;
  region: string;
  time: number;
  refund_time: number | null;
}
interface RawActivity {
  game: number;
  distinct_id: string;
  time: number;
}

const orders: RawOrder[] = [];
const activity: RawActivity[] = [];
let tz = 'Asia/Shanghai';

const dayFmt = () => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
const dayOf = (ms: number) => dayFmt().format(ms);
const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** REPORT_CURRENCY minor units, computed here from the documented rates: amount × num / den, half up (amounts are positive). */
function cny(o: RawOrder): number {
  const [num, den] = ORDER_CURRENCIES[o.currency].fen;
  const n = o.amount * num;
  return Math.floor(n / den) + (2 * (n % den) >= den ? 1 : 0);
}

type Ref = RevenueFigures & { players: Set<string> };
const blank = (): Ref => ({ revenue: 0, gross: 0, refunds: 0, orders: 0, refund_orders: 0, paying_players: 0, players: new Set() });

/** The reference: figures per group key over start..end (paid day for gross, refund day for refunds). */
function ref(start: string, end: string, game: number | null, key: (o: RawOrder) => string): Map<string, Ref> {
  const out = new Map<string, Ref>();
  const at = (k: string) => out.get(k) ?? (out.set(k, blank()), out.get(k) as Ref);
  const inRange = (ms: number) => {
    const d = dayOf(ms);
    return d >= start && d <= end;
  };
  for (const o of orders) {
    if (game !== null && o.game !== game) continue;
    if (inRange(o.time)) {
      const r = at(key(o));
      r.gross += cny(o);
      r.orders++;
      r.players.add(`${o.game}:${o.distinct_id}`);
    }
    if (o.refund_time !== null && inRange(o.refund_time)) {
      const r = at(key({ ...o, time: o.refund_time }));
      r.refunds += cny(o);
      r.refund_orders++;
    }
  }
  for (const r of out.values()) {
    r.revenue = r.gross - r.refunds;
    r.paying_players = r.players.size;
  }
  return out;
}
const plain = (r: Ref | undefined): RevenueFigures => {
  const x = r ?? blank();
  return { revenue: x.revenue, gross: x.gross, refunds: x.refunds, orders: x.orders, refund_orders: x.refund_orders, paying_players: x.paying_players };
};
const figures = (x: RevenueFigures): RevenueFigures => ({ revenue: x.revenue, gross: x.gross, refunds: x.refunds, orders: x.orders, refund_orders: x.refund_orders, paying_players: x.paying_players });

function refActive(start: string, end: string, game: number | null): number {
  const s = new Set<string>();
  for (const a of activity) {
    const d = dayOf(a.time);
    if ((game === null || a.game === game) && d >= start && d <= end) s.add(`${a.game}:${a.distinct_id}`);
  }
  for (const p of ref(start, end, game, () => '').get('')?.players ?? []) s.add(p);
  return s.size;
}

const halfAway = (a: number, b: number) => (b === 0 ? 0 : Math.sign(a) * Math.round(Math.abs(a) / b) || 0);

const post = (path: string, creds: AppCredentials, body: string) => signedPost(srv, path, creds, body);

const wire = (o: RawOrder, status: 'paid' | 'refunded') => ({
  order_id: o.order_id,
  distinct_id: o.distinct_id,
  amount: o.amount,
  currency: o.currency,
  channel: o.channel,
  method: o.method,
  region: o.region,
  status,
  time: new Date(status === 'paid' ? o.time : (o.refund_time as number)).toISOString(),
});

let today = '';

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, testToken] } = s));
beforeAll(async () => {
  tz = ctx.config.analyticsTz;
  const now = Date.now() - 5 * 60_000;
  today = dayOf(now);
  const rand = prng(16);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const currencies = Object.keys(ORDER_CURRENCIES) as OrderCurrency[];
  for (const game of GAMES) {
    const players = 40;
    for (let p = 0; p < players; p++) {
      const id = `g${game}-p${p}`;
      // Events on a few days for most players (some payers never send one: payers count as active).
      if (p % 7 !== 3) for (let k = 0; k < 1 + Math.floor(rand() * 6); k++) activity.push({ game, distinct_id: id, time: now - Math.floor(rand() * 40 * DAY) });
      if (rand() < 0.45) {
        for (let k = 0; k < 1 + Math.floor(rand() * 5); k++) {
          const time = now - Math.floor(rand() * 40 * DAY);
          const refunded = rand() < 0.18;
          orders.push({
            game,
            order_id: `G${game}-${p}-${k}`,
            distinct_id: id,
            amount: pick([600, 3000, 6800, 12800, 99, 1]) * (1 + Math.floor(rand() * 3)),
            currency: rand() < 0.7 ? 'CNY' : pick(currencies),
            channel: pick(['tap', 'huawei', 'apple', 'oppo']),
            method: pick(['alipay', 'wechat', 'apple_iap']),
            region: pick(['CN-GD', 'CN-BJ', 'HK', 'TW']),
            time,
            refund_time: refunded ? Math.min(now, time + Math.floor(rand() * 4 * DAY)) : null,
          });
        }
      }
    }
  }
  // A refund crossing a day boundary into the range's first day and a refund today of an old order.
  for (const game of GAMES) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    const creds = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
    const mine = orders.filter((o) => o.game === game);
    // Everything twice (a retried delivery): the figures must not move.
    for (let round = 0; round < 2; round++) {
      const paid = expectData(await post('/api/ingest/orders/', creds, JSON.stringify({ orders: mine.map((o) => wire(o, 'paid')) })), orderIngestResult);
      expect(paid.rejected).toEqual([]);
      expect(paid.duplicates).toBe(round === 0 ? 0 : mine.length);
      const refunds = mine.filter((o) => o.refund_time !== null);
      const r = expectData(await post('/api/ingest/orders/', creds, JSON.stringify({ orders: refunds.map((o) => wire(o, 'refunded')) })), orderIngestResult);
      expect(r.rejected).toEqual([]);
      expect(r.accepted).toBe(refunds.length);
    }
    const evs = activity.filter((a) => a.game === game).map((a) => ({ uuid: uuidFrom(rand), event: 'login', distinct_id: a.distinct_id, time: new Date(a.time).toISOString(), properties: {} }));
    const t = expectData(await post('/api/embed/track/', creds, JSON.stringify({ events: evs })), trackResult);
    expect(t.rejected).toEqual([]);
  }
  // The player upkeep (migration 057) runs after the ingestion's commits: drained, so the reads below see it.
  await ctx.playerUpkeep.drain();
  expect(orders.filter((o) => o.refund_time !== null).length).toBeGreaterThan(10);
}, SERVER_TIMEOUT_MS);

const get = async <S extends Parameters<typeof expectData>[1]>(path: string, schema: S, token = sa) => expectData(await call(srv, path, { token }), schema);

describe('revenue figures equal an independent computation from the raw orders and events', () => {
  const ranges = () => [
    [today, today],
    [shift(today, -6), today],
    [shift(today, -29), today],
    [shift(today, -45), shift(today, -10)],
  ];

  it('overview: revenue, gross, refunds, orders, paying and active players, ARPU, ARPPU, paying rate', async () => {
    let checked = 0;
    for (const [start, end] of ranges() as Array<[string, string]>) {
      for (const game of [null, ...GAMES]) {
        const q = `start=${start}&end=${end}${game === null ? '' : `&game=${game}`}`;
        const o = await get(`/api/center_income/overview/?${q}`, overviewResult.strict());
        const r = plain(ref(start, end, game, () => '').get(''));
        const active = refActive(start, end, game);
        expect(figures(o), q).toEqual(r);
        expect(o.active_players, q).toBe(active);
        expect(o.arpu, q).toBe(halfAway(r.revenue, active));
        expect(o.arppu, q).toBe(halfAway(r.revenue, r.paying_players));
        expect(o.paying_rate, q).toBeCloseTo(active === 0 ? 0 : r.paying_players / active, 6);
        expect(o).toMatchObject({ start, end, game, currency: 'CNY' });
        checked += o.orders;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('history: every day, the totals, and both comparisons', async () => {
    const start = shift(today, -13);
    for (const compare of ['previous', 'last_month'] as const) {
      const h = await get(`/api/center_income/history/?start=${start}&end=${today}&compare=${compare}`, historyResult.strict());
      const byDay = ref(start, today, null, (o) => dayOf(o.time));
      expect(h.days.map((d) => d.day)).toEqual(Array.from({ length: 14 }, (_, i) => shift(start, i)));
      for (const d of h.days) expect(figures(d), d.day).toEqual(plain(byDay.get(d.day)));
      expect(h.totals).toEqual(plain(ref(start, today, null, () => '').get('')));
      const c = h.compare;
      expect(c?.kind).toBe(compare);
      if (compare === 'previous') expect([c?.start, c?.end]).toEqual([shift(start, -14), shift(start, -1)]);
      const cDays = ref(c?.start ?? '', c?.end ?? '', null, (o) => dayOf(o.time));
      for (const d of c?.days ?? []) expect(figures(d), d.day).toEqual(plain(cDays.get(d.day)));
      expect(c?.totals).toEqual(plain(ref(c?.start ?? '', c?.end ?? '', null, () => '').get('')));
    }
    const m = await get('/api/center_income/history/?start=2026-03-29&end=2026-03-31&compare=last_month', historyResult);
    expect([m.compare?.start, m.compare?.end, m.compare?.days.length]).toEqual(['2026-02-28', '2026-02-28', 1]);
  });

  it('distribution by game, channel, region and method; rows add up to the total', async () => {
    const start = shift(today, -29);
    const keys = { game: (o: RawOrder) => String(o.game), channel: (o: RawOrder) => o.channel, region: (o: RawOrder) => o.region, method: (o: RawOrder) => o.method };
    for (const by of ['game', 'channel', 'region', 'method'] as const) {
      const d = await get(`/api/center_income/distribution/?start=${start}&end=${today}&by=${by}`, distributionResult.strict());
      const r = ref(start, today, null, keys[by]);
      expect(new Set(d.rows.map((x) => x.key))).toEqual(new Set(r.keys()));
      for (const row of d.rows) expect(figures(row), `${by} ${row.key}`).toEqual(plain(r.get(row.key)));
      const total = plain(ref(start, today, null, () => '').get(''));
      expect(d.total).toEqual(total);
      expect(d.rows.reduce((s, x) => s + x.revenue, 0)).toBe(total.revenue);
      for (let i = 1; i < d.rows.length; i++) expect((d.rows[i - 1]?.revenue ?? 0) >= (d.rows[i]?.revenue ?? 0)).toBe(true);
      if (total.revenue > 0) expect(d.rows.reduce((s, x) => s + x.share, 0)).toBeCloseTo(1, 4);
    }
  });

  it('rank: top games, channels and players with their figures, in order', async () => {
    const start = shift(today, -29);
    const keys = { game: (o: RawOrder) => String(o.game), channel: (o: RawOrder) => o.channel, player: (o: RawOrder) => `${o.game}:${o.distinct_id}` };
    for (const by of ['game', 'channel', 'player'] as const) {
      for (const limit of [3, 100]) {
        const res = await get(`/api/center_income/rank/?start=${start}&end=${today}&by=${by}&limit=${limit}`, rankResult.strict());
        const expected = [...ref(start, today, null, keys[by]).entries()]
          .map(([key, f]) => ({ key, ...plain(f) }))
          .sort((a, b) => b.revenue - a.revenue || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
          .slice(0, limit);
        expect(res.rows.map((r) => ({ key: r.key, ...figures(r) })), `${by} ${limit}`).toEqual(expected);
        expect(res.rows.map((r) => r.rank)).toEqual(expected.map((_, i) => i + 1));
        if (by === 'player') expect(res.rows[0]?.game_name).toMatch(/\S/);
      }
    }
  });

  it('the same revenue on every screen: overview = history totals = distribution total = sum of game ranks', async () => {
    const start = shift(today, -6);
    const q = `start=${start}&end=${today}`;
    const o = await get(`/api/center_income/overview/?${q}`, overviewResult);
    const h = await get(`/api/center_income/history/?${q}`, historyResult);
    const d = await get(`/api/center_income/distribution/?${q}&by=channel`, distributionResult);
    const r = await get(`/api/center_income/rank/?${q}&by=game&limit=100`, rankResult);
    expect(h.totals).toEqual(figures(o));
    expect(d.total).toEqual(figures(o));
    expect(h.days.reduce((s, x) => s + x.revenue, 0)).toBe(o.revenue);
    expect(r.rows.reduce((s, x) => s + x.revenue, 0)).toBe(o.revenue);
    expect(r.rows.reduce((s, x) => s + x.paying_players, 0)).toBe(o.paying_players);
    expect(h.compare).toBeNull();
  });
});

describe('orders list and export', () => {
  const matches = (o: RawOrder, f: Record<string, string>) =>
    (f.game === undefined || o.game === Number(f.game)) &&
    (f.channel === undefined || o.channel === f.channel) &&
    (f.method === undefined || o.method === f.method) &&
    (f.region === undefined || o.region === f.region) &&
    (f.status === undefined || (o.refund_time === null ? 'paid' : 'refunded') === f.status) &&
    (f.currency === undefined || o.currency === f.currency) &&
    (f.distinct_id === undefined || o.distinct_id === f.distinct_id) &&
    (f.search === undefined || o.order_id.toLowerCase().includes(f.search.toLowerCase()) || o.distinct_id.includes(f.search)) &&
    (f.start === undefined || dayOf(o.time) >= f.start) &&
    (f.end === undefined || dayOf(o.time) <= f.end);

  it('filters, totals (from the rollup or the orders), pages and orderings agree with the raw orders', async () => {
    const filters: Array<Record<string, string>> = [
      {},
      { game: '2' },
      { game: '1', channel: 'tap', start: shift(today, -9), end: today },
      { method: 'wechat', region: 'HK' },
      { status: 'refunded' },
      { status: 'paid', game: '2', start: shift(today, -20), end: shift(today, -2) },
      { status: 'refunded', channel: 'apple', start: shift(today, -30) },
      { currency: 'CNY', game: '3' },
      { distinct_id: 'g1-p5' },
      { search: 'g2-' },
      { search: '%' },
      { start: shift(today, -3) },
    ];
    for (const f of filters) {
      const expected = orders.filter((o) => matches(o, f)).sort((a, b) => b.time - a.time);
      const q = new URLSearchParams({ ...f, limit: '100' });
      const page = await get(`/api/center_income/details/?${q}`, listPage(orderRow.strict()));
      expect(page.total, q.toString()).toBe(expected.length);
      expect(page.data.map((r) => r.order_id), q.toString()).toEqual(expected.slice(0, 100).map((o) => o.order_id));
      for (const row of page.data.slice(0, 5)) {
        const o = expected.find((x) => x.order_id === row.order_id) as RawOrder;
        expect(row).toMatchObject({ amount: o.amount, currency: o.currency, amount_cny: cny(o), status: o.refund_time === null ? 'paid' : 'refunded', time: new Date(o.time).toISOString() });
        expect(row.refund_time).toBe(o.refund_time === null ? null : new Date(o.refund_time).toISOString());
      }
    }
    const p2 = await get('/api/center_income/details/?limit=7&page=2&ordering=-amount_cny', listPage(orderRow));
    const byAmount = [...orders].sort((a, b) => cny(b) - cny(a));
    expect(p2.data.map((r) => r.amount_cny)).toEqual(byAmount.slice(7, 14).map(cny));
    expect([p2.page, p2.limit, p2.is_previous, p2.is_next]).toEqual([2, 7, true, true]);
  });

  it('export streams every matching order as xlsx with X-Export-Rows; the analyst may export', async () => {
    for (const [qs, f] of [
      ['', {}],
      ['game=2&ordering=amount_cny', { game: '2' }],
    ] as const) {
      const res = await fetch(`${srv.baseUrl}/api/center_income/details/export/?${qs}`, { headers: { authorization: `JWT ${testToken}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const expected = orders.filter((o) => matches(o, f));
      expect(res.headers.get('x-export-rows')).toBe(String(expected.length));
      const rows = readXlsx(Buffer.from(await res.arrayBuffer()));
      expect(rows.length).toBe(expected.length + 1);
      expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(expected.map((o) => o.order_id)));
      if (qs.includes('amount_cny')) {
        const amounts = rows.slice(1).map((r) => Number(r[6]));
        expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      }
    }
  });
});

describe('bad input and permissions', () => {
  it('bad parameters get a clear 4000, never a 5xx', async () => {
    const cases: Array<[string, string]> = [
      ['/api/center_income/overview/?start=2026-01-01', 'end 必须是 YYYY-MM-DD'],
      ['/api/center_income/overview/?start=2026-02-30&end=2026-03-01', 'start 不是有效的日期'],
      ['/api/center_income/overview/?start=2026-03-02&end=2026-03-01', 'end 不能早于 start'],
      ['/api/center_income/overview/?start=2024-01-01&end=2026-03-01', '日期范围不能超过 366 天'],
      ['/api/center_income/overview/?start=2026-01-01&end=2026-01-02&game=NaN', 'game 必须是游戏编号'],
      ['/api/center_income/overview/?start=2026-01-01&end=2026-01-02&game=1e400', 'game 必须是游戏编号'],
      ['/api/center_income/overview/?start=2026-01-01&end=2026-01-02&game=12.5', 'game 必须是游戏编号'],
      ['/api/center_income/overview/?start=2026-01-01&end=2026-01-02&game=1&game=2', '参数 game 只能出现一次'],
      ['/api/center_income/history/?start=2026-01-01&end=2026-01-02&compare=yesterday', 'compare 只能是 previous 或 last_month'],
      ['/api/center_income/distribution/?start=2026-01-01&end=2026-01-02&by=1;DROP TABLE orders', 'by 只能是 game、channel、region 或 method'],
      ['/api/center_income/rank/?start=2026-01-01&end=2026-01-02&by=player&limit=101', 'limit 必须是 1 到 100 的整数'],
      ['/api/center_income/rank/?start=2026-01-01&end=2026-01-02&by=player&limit=0', 'limit 必须是 1 到 100 的整数'],
      ['/api/center_income/details/?limit=100000', 'limit 必须是 1 到 100 的整数'],
      ['/api/center_income/details/?page=0', 'page 必须是 1 到 1000000 的整数'],
      ['/api/center_income/details/?status=lost', 'status 只能是 paid 或 refunded'],
      ['/api/center_income/details/?currency=BTC', 'currency 只能是'],
      ['/api/center_income/details/?ordering=id;DELETE', 'ordering 只能是'],
      ['/api/center_income/details/?start=2026-13-01', 'start 必须是有效的日期 YYYY-MM-DD'],
      ['/api/center_income/details/?start=2026-03-02&end=2026-03-01', 'end 不能早于 start'],
      [`/api/center_income/details/?search=${'x'.repeat(5000)}`, '搜索内容 search 最长 128 个字符'],
      ['/api/center_income/details/?channel=a%00b', '不能包含空字符'],
      ['/api/center_income/details/export/?limit=abc', 'limit 必须是 1 到 100 的整数'],
    ];
    for (const [path, msg] of cases) {
      const res = await call(srv, path, { token: sa });
      expect(res.status, path).toBeLessThan(500);
      expect(res.body.code, path).not.toBe(2000);
      expect(String(res.body.msg), path).toContain(msg);
    }
    // A SQL-looking filter value is only a value.
    const odd = await get(`/api/center_income/details/?channel=${encodeURIComponent("tap' OR '1'='1")}`, listPage(orderRow));
    expect(odd.total).toBe(0);
  });

  it('the analyst (test) reads every screen; without the screens\' buttons every call is refused; no token, no data', async () => {
    const q = `start=${shift(today, -6)}&end=${today}`;
    const paths = [
      `/api/center_income/overview/?${q}`,
      `/api/center_income/history/?${q}`,
      `/api/center_income/distribution/?${q}&by=game`,
      `/api/center_income/rank/?${q}&by=game`,
      '/api/center_income/details/',
      '/api/center_income/details/export/',
    ];
    for (const path of paths.slice(0, 5)) expect((await call(srv, path, { token: testToken })).body.code, path).toBe(2000);
    // The revenue screens carry the game picker: the analyst may list the games.
    expect((await call(srv, '/api/game/detail/?limit=5', { token: testToken })).body.code).toBe(2000);
    for (const path of paths.slice(0, 5)) expect((await call(srv, path)).body.code, path).not.toBe(2000);
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path LIKE '/center_income/%')`,
    );
    for (const path of paths) {
      const res = await call(srv, path, { token: testToken });
      expectFailure(res, 4000, `您没有执行该操作的权限。 (GET: ${path.split('?')[0]})`);
    }
    expect((await call(srv, paths[0] as string, { token: sa })).body.code).toBe(2000);
  });
});

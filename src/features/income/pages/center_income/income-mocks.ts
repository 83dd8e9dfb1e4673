import { pickerGameRows } from '../../../../../stories/mocks/game-rows';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  distributionResult,
  envelope,
  gameRow,
  historyResult,
  listPage,
  menuItem,
  orderRow,
  overviewResult,
  rankResult,
  toReportMinor,
  type MenuItem,
  type OrderCurrency,
  type OrderRow,
  type RevenueFigures,
} from '../../../../../contracts/schemas';
import { dayOrdersPage } from '../../../../../contracts/schemas/income/day-orders';
import { failure, menuEntry, ok } from '../../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../../stories/mocks/handlers';

/**
 * A mock of the revenue back end for the center_income/* stories: the menus of 收入中心,
 * the game picker, the orders list (paging, search, the schema's filters, ordering), its streamed
 * export (X-Export-Rows, in pieces), and the four reports computed from the same generated orders the
 * list shows (so a figure agrees across screens, as on the server). Every row and answer goes through
 * its contract schema (contracts/schemas/income), so a change of the wire shapes breaks the mocks.
 * Definitions as the schema file: gross by paid day, refunds by refund day, revenue = gross − refunds.
 */

export const INCOME_SCREENS = {
  overview: { id: 501, name: '收入概览', path: '/center_income/overview', component: 'center_income/overview', buttons: ['Search', 'Retrieve'] },
  details: { id: 502, name: '收入明细', path: '/center_income/details', component: 'center_income/details', buttons: ['Search', 'Retrieve', 'Export'] },
  distribution: { id: 503, name: '收入分布', path: '/center_income/distribution', component: 'center_income/distribution', buttons: ['Search', 'Retrieve'] },
  history: { id: 504, name: '历史收入', path: '/center_income/history', component: 'center_income/history', buttons: ['Search', 'Retrieve', 'Export'] },
  rank: { id: 505, name: '收入排行', path: '/center_income/rank', component: 'center_income/rank', buttons: ['Search', 'Retrieve'] },
} as const;

export interface IncomeMockOptions {
  /** These answer a failure: 'overview', 'history', 'distribution', 'rank', 'details', 'export', 'day_orders' (the history's drill-down). */
  failing?: string[];
  /** These answer never (loading states); 'export' streams its first piece, then waits. */
  slow?: string[];
  /** These have no orders. */
  empty?: string[];
  /** Long names, many channels and players (long content). */
  long?: boolean;
}

export interface IncomeMockState {
  reports: Array<{ report: string; query: URLSearchParams }>;
  lists: URLSearchParams[];
  exports: URLSearchParams[];
  /** The history drill-down's list calls and export calls. */
  drills: URLSearchParams[];
  drillExports: URLSearchParams[];
}

const LONG_GAME = '一个名字很长很长的大型多人在线角色扮演游戏国际版';
const GAMES = (long: boolean): Array<[number, string]> => [
  [3, '星穹远征'],
  [5, '消消乐园'],
  [8, '跳一跳冒险'],
  ...(long ? [[11, LONG_GAME] as [number, string]] : []),
];
const CHANNELS = ['huawei', 'xiaomi', 'taptap', 'appstore', 'oppo'];
const LONG_CHANNELS = [...CHANNELS, 'vivo', 'bilibili', 'douyin', 'kuaishou', 'official-website-partner-program-2026'];
const METHODS = ['alipay', 'wechat', 'apple', 'card'];
const REGIONS = ['CN', 'HK', 'TW', 'US', 'JP'];
const CURRENCY_OF: Record<string, OrderCurrency> = { CN: 'CNY', HK: 'HKD', TW: 'TWD', US: 'USD', JP: 'JPY' };
const PRICES = [600, 3_000, 6_800, 12_800, 32_800, 64_800];

const DAY_MS = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (s: string) => Date.parse(`${s}T00:00:00Z`);
const daysOf = (start: string, end: string) => {
  const out: string[] = [];
  for (let t = dayMs(start); t <= dayMs(end); t += DAY_MS) out.push(ymd(t));
  return out;
};
/** A small deterministic hash of a text (the same orders for a day on every run). */
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/** The orders paid on a day (all games), refunds a day later for every 7th. */
export function ordersOfDay(day: string, long: boolean): OrderRow[] {
  const out: OrderRow[] = [];
  const channels = long ? LONG_CHANNELS : CHANNELS;
  for (const [game, name] of GAMES(long)) {
    const n = (hash(`${day}:${game}`) % 5) + (game === 3 ? 4 : 1);
    for (let i = 0; i < n; i++) {
      const h = hash(`${day}:${game}:${i}`);
      const region = REGIONS[h % (game === 3 ? 5 : 2)]!;
      const currency = CURRENCY_OF[region] ?? 'CNY';
      const price = PRICES[(h >>> 3) % PRICES.length]!;
      const amount = currency === 'JPY' ? price : currency === 'TWD' ? price * 4 : currency === 'USD' || currency === 'HKD' ? Math.round(price / 7) : price;
      const time = `${day}T${String(8 + (h % 14)).padStart(2, '0')}:${String(h % 60).padStart(2, '0')}:00+08:00`;
      const refunded = (h >>> 5) % 7 === 0;
      const player = long && i === 0 ? `player-with-a-very-long-distinct-identifier-${game}-${h % 10}` : `p-${String((h >>> 2) % (game === 3 ? 40 : 15)).padStart(4, '0')}`;
      out.push({
        id: (dayMs(day) / DAY_MS) * 100 + game * 10 + i,
        order_id: `${day.replaceAll('-', '')}-${game}-${String(i + 1).padStart(3, '0')}`,
        game,
        game_name: name,
        distinct_id: player,
        amount,
        currency,
        amount_cny: toReportMinor(amount, currency),
        channel: channels[(h >>> 4) % channels.length]!,
        method: METHODS[(h >>> 6) % METHODS.length]!,
        region,
        status: refunded ? 'refunded' : 'paid',
        time,
        refund_time: refunded ? `${ymd(dayMs(day) + DAY_MS)}T10:00:00+08:00` : null,
        received_at: time,
      });
    }
  }
  return z.array(orderRow).parse(out);
}

const paidDay = (o: OrderRow) => o.time.slice(0, 10);
const refundDay = (o: OrderRow) => o.refund_time?.slice(0, 10) ?? null;

/** Figures of the orders of a range (paid in it → gross; refunded in it → refunds), one game or all. */
export function figuresOf(orders: OrderRow[], start: string, end: string, pick: (o: OrderRow) => boolean = () => true): RevenueFigures {
  const inRange = (d: string | null) => d !== null && d >= start && d <= end;
  const paid = orders.filter((o) => pick(o) && inRange(paidDay(o)));
  const refunded = orders.filter((o) => pick(o) && inRange(refundDay(o)));
  const gross = paid.reduce((a, o) => a + o.amount_cny, 0);
  const refunds = refunded.reduce((a, o) => a + o.amount_cny, 0);
  return { revenue: gross - refunds, gross, refunds, orders: paid.length, refund_orders: refunded.length, paying_players: new Set(paid.map((o) => `${o.game}:${o.distinct_id}`)).size };
}

/** The orders that can count in start..end: paid from the day before (refunds a day later) to end. */
export function ordersAround(start: string, end: string, long: boolean, game: number | null): OrderRow[] {
  return daysOf(ymd(dayMs(start) - DAY_MS), end)
    .flatMap((d) => ordersOfDay(d, long))
    .filter((o) => game === null || o.game === game);
}

const activeOf = (paying: number) => paying * 9 + 20;
const share = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 10_000) / 10_000 : 0);
const minusDays = (s: string, n: number) => ymd(dayMs(s) - n * DAY_MS);
const sameDayLastMonth = (s: string) => {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return ymd(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
};

function menusOf(): MenuItem[] {
  return [
    menuEntry(500, null, '收入中心', { icon: 'money-bill', is_catalog: true }),
    ...Object.values(INCOME_SCREENS).map((s) => menuEntry(s.id, 500, s.name, { path: s.path, web_path: s.path, component: s.component, component_name: s.component.split('/')[1], menuPermission: [...s.buttons] })),
  ];
}

function pickerGames(long: boolean) {
  return pickerGameRows(GAMES(long));
}

/** The mock back end of the revenue screens (on top of the shell's: login, dictionaries, departments). */
export function incomeBackend(options: IncomeMockOptions = {}): MockBackend & { income: IncomeMockState } {
  const long = !!options.long;
  const state: IncomeMockState = { reports: [], lists: [], exports: [], drills: [], drillExports: [] };
  const base = mockBackend();
  const menus = menusOf();
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const games = pickerGames(long);
  const gate = async (name: string) => {
    if (options.slow?.includes(name)) await delay('infinite');
    if (options.failing?.includes(name)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
    return null;
  };
  const ask = (request: Request) => {
    const q = new URL(request.url).searchParams;
    const game = q.get('game') ? Number(q.get('game')) : null;
    return { q, game, start: q.get('start') ?? '', end: q.get('end') ?? '' };
  };
  const bad = (start: string, end: string) =>
    !/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || start > end ? HttpResponse.json(failure(4000, 'start/end 必须是 YYYY-MM-DD，且 start 不晚于 end')) : null;
  const ordersFor = (name: string, start: string, end: string, game: number | null) => (options.empty?.includes(name) ? [] : ordersAround(start, end, long, game));
  const historyDays = (orders: OrderRow[], start: string, end: string) => daysOf(start, end).map((day) => ({ day, ...figuresOf(orders, day, day) }));

  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    ...base.handlers,
    http.get('*/api/game/detail/', () => HttpResponse.json(ok(listPage(gameRow), { page: 1, limit: 999, total: games.length, is_next: false, is_previous: false, data: games }))),
    http.get('*/api/center_income/overview/', async ({ request }) => {
      const { q, game, start, end } = ask(request);
      state.reports.push({ report: 'overview', query: q });
      const refused = (await gate('overview')) ?? bad(start, end);
      if (refused) return refused;
      await delay(80);
      const f = figuresOf(ordersFor('overview', start, end, game), start, end);
      const active = f.paying_players ? activeOf(f.paying_players) : 0;
      return HttpResponse.json(
        ok(overviewResult, {
          ...f,
          start,
          end,
          game,
          currency: 'CNY',
          active_players: active,
          arpu: active ? Math.round(f.revenue / active) : 0,
          arppu: f.paying_players ? Math.round(f.revenue / f.paying_players) : 0,
          paying_rate: active ? f.paying_players / active : 0,
        }),
      );
    }),
    // 历史收入's drill-down: the same generated orders as the history, so count and sum are the day's figures.
    http.get('*/api/center_income/history/orders/export_data/', ({ request }) => {
      state.drillExports.push(new URL(request.url).searchParams);
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]).buffer, {
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': `attachment;filename=${encodeURIComponent('收入日订单.xlsx')}` },
      });
    }),
    http.get('*/api/center_income/history/orders/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.drills.push(q);
      const refused = await gate('day_orders');
      if (refused) return refused;
      await delay(60);
      const day = q.get('day') ?? '';
      const game = q.get('game') ? Number(q.get('game')) : null;
      const kind = q.get('kind') === 'refunded' ? 'refunded' : 'paid';
      const orders = options.empty?.includes('day_orders') ? [] : ordersAround(day, day, long, game);
      const figures = figuresOf(orders, day, day);
      const rows = orders
        .filter((o) => (kind === 'paid' ? paidDay(o) === day : refundDay(o) === day))
        .sort((a, b) => (kind === 'paid' ? b.time.localeCompare(a.time) : (b.refund_time ?? '').localeCompare(a.refund_time ?? '')) || b.id - a.id);
      const limit = Number(q.get('limit') ?? 20);
      const page = Number(q.get('page') ?? 1);
      const data = rows.slice((page - 1) * limit, page * limit);
      const sum = rows.reduce((a, o) => a + o.amount_cny, 0);
      return HttpResponse.json(ok(dayOrdersPage, { page, limit, total: rows.length, is_next: page * limit < rows.length, is_previous: page > 1, sum, figures, data }));
    }),
    http.get('*/api/center_income/history/', async ({ request }) => {
      const { q, game, start, end } = ask(request);
      state.reports.push({ report: 'history', query: q });
      const refused = (await gate('history')) ?? bad(start, end);
      if (refused) return refused;
      await delay(80);
      const n = daysOf(start, end).length;
      const kind = q.get('compare');
      const cStart = kind === 'previous' ? minusDays(start, n) : kind === 'last_month' ? sameDayLastMonth(start) : null;
      const cEnd = kind === 'previous' ? minusDays(start, 1) : kind === 'last_month' ? ymd(dayMs(sameDayLastMonth(start)) + (n - 1) * DAY_MS) : null;
      const orders = ordersFor('history', cStart ?? start, end, game);
      return HttpResponse.json(
        ok(historyResult, {
          start,
          end,
          game,
          days: historyDays(orders, start, end),
          totals: figuresOf(orders, start, end),
          compare: cStart && cEnd && (kind === 'previous' || kind === 'last_month') ? { kind, start: cStart, end: cEnd, days: historyDays(orders, cStart, cEnd), totals: figuresOf(orders, cStart, cEnd) } : null,
        }),
      );
    }),
    http.get('*/api/center_income/distribution/', async ({ request }) => {
      const { q, game, start, end } = ask(request);
      state.reports.push({ report: 'distribution', query: q });
      const refused = (await gate('distribution')) ?? bad(start, end);
      if (refused) return refused;
      await delay(80);
      const by = (q.get('by') ?? 'game') as 'game' | 'channel' | 'region' | 'method';
      const orders = ordersFor('distribution', start, end, game);
      const total = figuresOf(orders, start, end);
      const keyOf = (o: OrderRow) => (by === 'game' ? String(o.game) : o[by]);
      const keys = [...new Set(orders.map(keyOf))];
      const rows = keys
        .map((key) => {
          const f = figuresOf(orders, start, end, (o) => keyOf(o) === key);
          const label = by === 'game' ? (orders.find((o) => String(o.game) === key)?.game_name ?? key) : key;
          return { ...f, key, label, share: share(f.revenue, total.revenue) };
        })
        .filter((r) => r.orders > 0 || r.refund_orders > 0)
        .sort((a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key));
      return HttpResponse.json(ok(distributionResult, { start, end, game, by, total, rows }));
    }),
    http.get('*/api/center_income/rank/', async ({ request }) => {
      const { q, game, start, end } = ask(request);
      state.reports.push({ report: 'rank', query: q });
      const refused = (await gate('rank')) ?? bad(start, end);
      if (refused) return refused;
      await delay(80);
      const by = (q.get('by') ?? 'game') as 'game' | 'channel' | 'player';
      const limit = Number(q.get('limit') ?? 10);
      const orders = ordersFor('rank', start, end, game);
      const keyOf = (o: OrderRow) => (by === 'game' ? String(o.game) : by === 'channel' ? o.channel : `${o.game}:${o.distinct_id}`);
      const rows = [...new Set(orders.map(keyOf))]
        .map((key) => {
          const f = figuresOf(orders, start, end, (o) => keyOf(o) === key);
          const one = orders.find((o) => keyOf(o) === key)!;
          return { ...f, key, label: by === 'game' ? one.game_name : by === 'channel' ? one.channel : one.distinct_id, game_name: by === 'player' ? one.game_name : null };
        })
        .filter((r) => r.orders > 0 || r.refund_orders > 0)
        .sort((a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key))
        .slice(0, limit)
        .map((r, i) => ({ ...r, rank: i + 1 }));
      return HttpResponse.json(ok(rankResult, { start, end, game, by, rows }));
    }),
  ];

  /** The orders list's rows for a query (the schema comment's filters; newest first by default). */
  const listed = (q: URLSearchParams): OrderRow[] => {
    if (options.empty?.includes('details')) return [];
    const end = q.get('end') ?? ymd(Date.now());
    const start = q.get('start') ?? minusDays(end, 29);
    let rows = daysOf(start, end).flatMap((d) => ordersOfDay(d, long));
    const eq = (key: keyof OrderRow) => {
      const v = q.get(key);
      if (v !== null && v !== '') rows = rows.filter((r) => String(r[key]) === v);
    };
    (['game', 'status', 'currency', 'channel', 'method', 'region', 'order_id', 'distinct_id'] as const).forEach(eq);
    const search = (q.get('search') ?? '').toLowerCase();
    if (search) rows = rows.filter((r) => r.order_id.toLowerCase().includes(search) || r.distinct_id.toLowerCase().includes(search));
    const ordering = q.get('ordering') ?? '-time';
    const field = ordering.replace(/^-/, '') as 'time' | 'amount_cny';
    const sign = ordering.startsWith('-') ? -1 : 1;
    return rows.sort((a, b) => sign * (field === 'amount_cny' ? a.amount_cny - b.amount_cny : a.time.localeCompare(b.time)) || b.id - a.id);
  };
  handlers.push(
    http.get('*/api/center_income/details/export/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.exports.push(q);
      if (options.failing?.includes('export')) return HttpResponse.json(failure(4000, '导出失败：条件无效'));
      const rows = listed(q);
      const piece = new Uint8Array(4096).fill(0x41);
      const pieces = Math.max(1, Math.ceil(rows.length / 8));
      const hang = options.slow?.includes('export');
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array([0x50, 0x4b, 0x03, 0x04]));
          for (let i = 0; i < pieces; i++) {
            if (hang && i === 1) await delay('infinite');
            await delay(20);
            controller.enqueue(piece);
          }
          controller.close();
        },
      });
      return new HttpResponse(stream, {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('订单明细.xlsx')}`,
          'x-export-rows': String(rows.length),
        },
      });
    }),
    http.get('*/api/center_income/details/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.lists.push(q);
      const refused = await gate('details');
      if (refused) return refused;
      await delay(60);
      const rows = listed(q);
      const limit = Math.min(100, Number(q.get('limit') ?? 20));
      const page = Number(q.get('page') ?? 1);
      const data = rows.slice((page - 1) * limit, page * limit);
      return HttpResponse.json(envelope(listPage(orderRow)).parse({ code: 2000, msg: data.length ? 'success' : '暂无数据', data: { page, limit, total: rows.length, is_next: page * limit < rows.length, is_previous: page > 1, data } }));
    }),
  );
  const reset = () => {
    base.reset();
    Object.assign(state, { reports: [], lists: [], exports: [], drills: [], drillExports: [] });
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { income: state });
}

import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  envelope,
  listPage,
  menuItem,
  partnerOverviewResult,
  partnerSettlement,
  rateList,
  settlementResult,
  shareRate,
  shareRateIn,
  type MenuItem,
  type PartnerSettlement,
  type SettlementLine,
  type ShareRate,
} from '../../../../../contracts/schemas';
import { failure, menuEntry, ok } from '../../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../../stories/mocks/handlers';

/**
 * A mock of the partner back end for the cooperate/* stories: the menus of 合作管理,
 * the KPIs, a month's settlements computed here from generated per-game revenue with the rates of this
 * mock (effective months, as the server: the latest ≤ the month), setting a rate, locking a month
 * (refused for a month not ended or already locked, as the server), and the export. Every answer goes
 * through its contract schema (contracts/schemas/cooperate), so a change of the wire shapes breaks it.
 */

export const COOPERATE_SCREENS = {
  overview: { id: 601, name: '合作概览', path: '/cooperate/overview', component: 'cooperate/overview', buttons: ['Retrieve'] },
  reports: { id: 602, name: '合作报表', path: '/cooperate/reports', component: 'cooperate/reports', buttons: ['Search', 'Retrieve', 'Export', 'Update'] },
} as const;

export interface CooperateMockOptions {
  /** These answer a failure: 'overview', 'reports', 'lock'. */
  failing?: string[];
  /** These never answer (loading states). */
  slow?: string[];
  /** No partners at all. */
  empty?: boolean;
  /** Many partners and games with long names. */
  long?: boolean;
  /** The reports screen without the Update button (a read-only analyst). */
  readOnly?: boolean;
}

export interface CooperateMockState {
  calls: Array<{ method: string; path: string; query: URLSearchParams; body: unknown }>;
  rates: ShareRate[];
  locks: Map<string, PartnerSettlement>;
}

const LONG = '一个名字很长很长的合作方国际互动娱乐科技有限公司海外发行事业部';
const PARTNERS = (long: boolean): Array<[number, string, number[]]> => [
  [1, '云顶科技', [3, 5]],
  [2, '北极光网络', [8]],
  [4, '星辰互娱', []],
  ...(long ? Array.from({ length: 8 }, (_, i): [number, string, number[]] => [10 + i, i === 0 ? LONG : `合作方 ${i + 10}`, [20 + i * 2, 21 + i * 2]]) : []),
];
const GAME_NAMES: Record<number, string> = { 3: '星穹远征', 5: '消消乐园', 8: '跳一跳冒险' };
const gameName = (g: number, long: boolean) => GAME_NAMES[g] ?? (long && g === 20 ? '一个名字很长很长的大型多人在线角色扮演游戏国际版' : `游戏 ${g}`);
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/** Deterministic figures of a game in a month (fen). */
export function gameMonth(game: number, month: string) {
  const h = hash(`${game}:${month}`);
  const orders = 20 + (h % 80);
  const gross = orders * (600 + ((h >>> 4) % 30) * 100);
  const refund_orders = (h >>> 8) % 4;
  const refunds = refund_orders * 600;
  return { gross, refunds, revenue: gross - refunds, orders, refund_orders };
}
const share = (revenue: number, bp: number) => Math.sign(revenue) * Math.round((Math.abs(revenue) * bp) / 10_000) || 0;
const monthNow = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
const lastDay = (m: string) => `${m}-${String(new Date(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0).getDate()).padStart(2, '0')}`;

export function settlementOf(state: CooperateMockState, partner: [number, string, number[]], month: string, long: boolean): PartnerSettlement {
  const locked = state.locks.get(`${partner[0]}:${month}`);
  if (locked) return locked;
  const rate = state.rates.filter((r) => r.partner === partner[0] && r.effective_month <= month).sort((a, b) => (a.effective_month < b.effective_month ? 1 : -1))[0];
  const bp = rate?.rate_bp ?? 0;
  const games: SettlementLine[] = partner[2].map((g) => {
    const f = gameMonth(g, month);
    const p = share(f.revenue, bp);
    return { game: g, game_name: gameName(g, long), ...f, rate_bp: bp, partner_amount: p, platform_amount: f.revenue - p };
  });
  const sum = (k: keyof Omit<SettlementLine, 'game' | 'game_name' | 'rate_bp'>) => games.reduce((s, x) => s + x[k], 0);
  return partnerSettlement.parse({
    partner: partner[0],
    partner_name: partner[1],
    month,
    rate_bp: bp,
    rate_set: rate !== undefined,
    locked: false,
    locked_at: null,
    locked_by: null,
    games,
    totals: { gross: sum('gross'), refunds: sum('refunds'), revenue: sum('revenue'), orders: sum('orders'), refund_orders: sum('refund_orders'), partner_amount: sum('partner_amount'), platform_amount: sum('platform_amount') },
  });
}

export function cooperateBackend(options: CooperateMockOptions = {}): MockBackend & { cooperate: CooperateMockState } {
  const long = !!options.long;
  const partners = options.empty ? [] : PARTNERS(long);
  const state: CooperateMockState = { calls: [], rates: [], locks: new Map() };
  const seedRates = () => {
    state.rates = rateList.parse([
      { id: 1, partner: 1, effective_month: '2025-01', rate_bp: 7000, note: '首签', create_datetime: '2025-01-02T02:00:00Z' },
      { id: 2, partner: 2, effective_month: '2025-06', rate_bp: 6000, note: '', create_datetime: '2025-06-01T02:00:00Z' },
    ]);
    state.locks = new Map();
  };
  seedRates();
  const base = mockBackend();
  const menus = menusOf(options.readOnly ?? false);
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const gate = async (name: string) => {
    if (options.slow?.includes(name)) await delay('infinite');
    if (options.failing?.includes(name)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
    return null;
  };
  const record = (request: Request, body: unknown = null) => state.calls.push({ method: request.method, path: new URL(request.url).pathname, query: new URL(request.url).searchParams, body });

  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    ...base.handlers,
    http.get('*/api/cooperate/overview/', async ({ request }) => {
      record(request);
      const refused = await gate('overview');
      if (refused) return refused;
      const q = new URL(request.url).searchParams;
      const month = (q.get('end') ?? '').slice(0, 7) || monthNow();
      const rows = partners.map(([id, name, games]) => {
        const figures = games.map((g) => gameMonth(g, month));
        const revenue = figures.reduce((s, f) => s + f.revenue, 0);
        const rate = state.rates.filter((r) => r.partner === id && r.effective_month <= month).sort((a, b) => (a.effective_month < b.effective_month ? 1 : -1))[0];
        return { partner: id, partner_name: name, status: id !== 4, games: games.length, players: games.length * 120, paying_players: figures.reduce((s, f) => s + f.orders, 0) >> 1, revenue, gross: figures.reduce((s, f) => s + f.gross, 0), refunds: figures.reduce((s, f) => s + f.refunds, 0), share: 0, rate_bp: rate?.rate_bp ?? null };
      });
      const total = rows.reduce((s, r) => s + r.revenue, 0);
      for (const r of rows) r.share = total > 0 ? Math.round((r.revenue / total) * 1e6) / 1e6 : 0;
      rows.sort((a, b) => b.revenue - a.revenue);
      return HttpResponse.json(ok(partnerOverviewResult, { start: q.get('start') ?? '', end: q.get('end') ?? '', currency: 'CNY', total: { revenue: total, players: rows.reduce((s, r) => s + r.players, 0), games: rows.reduce((s, r) => s + r.games, 0) }, partners: rows }));
    }),
    http.get('*/api/cooperate/reports/rates/', ({ request }) => {
      record(request);
      const partner = Number(new URL(request.url).searchParams.get('partner'));
      return HttpResponse.json(ok(rateList, state.rates.filter((r) => r.partner === partner).sort((a, b) => (a.effective_month < b.effective_month ? 1 : -1))));
    }),
    http.post('*/api/cooperate/reports/rates/', async ({ request }) => {
      const body = (await request.json()) as unknown;
      record(request, body);
      const input = shareRateIn.safeParse(body);
      if (!input.success) return HttpResponse.json(failure(4000, input.error.issues[0]?.message ?? '请求数据不合法。'));
      const lockedAfter = [...state.locks.values()].filter((l) => l.partner === input.data.partner && l.month >= input.data.effective_month).map((l) => l.month).sort().at(-1);
      if (lockedAfter) return HttpResponse.json(failure(4000, `该合作方的 ${lockedAfter} 已锁定，分成比例只能从之后的月份起生效`));
      state.rates = state.rates.filter((r) => !(r.partner === input.data.partner && r.effective_month === input.data.effective_month));
      const rate = shareRate.parse({ id: state.rates.length + 10, ...input.data, note: input.data.note ?? '', create_datetime: new Date().toISOString().slice(0, 19) + 'Z' });
      state.rates.push(rate);
      return HttpResponse.json(ok(shareRate, rate));
    }),
    http.post('*/api/cooperate/reports/lock/', async ({ request }) => {
      const body = (await request.json()) as { partner: number; month: string };
      record(request, body);
      const refused = await gate('lock');
      if (refused) return refused;
      const p = partners.find((x) => x[0] === body.partner);
      if (!p) return HttpResponse.json(failure(4000, `合作方 ${body.partner} 不存在`));
      if (body.month >= monthNow()) return HttpResponse.json(failure(4000, `${body.month} 尚未结束，只能锁定已结束的月份`));
      if (state.locks.has(`${p[0]}:${body.month}`)) return HttpResponse.json(failure(4000, `合作方「${p[1]}」的 ${body.month} 已锁定，不能再次锁定`));
      const locked = partnerSettlement.parse({ ...settlementOf(state, p, body.month, long), locked: true, locked_at: '2026-11-02T03:00:00Z', locked_by: '超级管理员' });
      state.locks.set(`${p[0]}:${body.month}`, locked);
      return HttpResponse.json(ok(partnerSettlement, locked));
    }),
    http.get('*/api/cooperate/reports/export/', ({ request }) => {
      record(request);
      return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('合作报表.xlsx')}`, 'x-export-rows': '3' },
      });
    }),
    http.get('*/api/cooperate/reports/', async ({ request }) => {
      record(request);
      const refused = await gate('reports');
      if (refused) return refused;
      const q = new URL(request.url).searchParams;
      const month = q.get('month') ?? '';
      const partner = q.get('partner') ? Number(q.get('partner')) : null;
      const list = partners.filter((p) => partner === null || p[0] === partner).map((p) => settlementOf(state, p, month, long));
      return HttpResponse.json(ok(settlementResult, { month, start: `${month}-01`, end: lastDay(month), currency: 'CNY', partners: list }));
    }),
  ];
  const reset = () => {
    base.reset();
    state.calls = [];
    seedRates();
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { cooperate: state });
}

function menusOf(readOnly: boolean): MenuItem[] {
  return [
    menuEntry(600, null, '合作管理', { icon: 'handshake', is_catalog: true }),
    ...Object.values(COOPERATE_SCREENS).map((s) =>
      menuEntry(s.id, 600, s.name, { path: s.path, web_path: s.path, component: s.component, component_name: s.component.split('/')[1], menuPermission: s.buttons.filter((b) => !(readOnly && b === 'Update')) }),
    ),
  ];
}

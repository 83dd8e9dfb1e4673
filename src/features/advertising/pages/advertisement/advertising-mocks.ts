import { pickerGameRows } from '../../../../../stories/mocks/game-rows';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  attributionResult,
  campaignInstallsPage,
  campaignRow,
  envelope,
  gameRow,
  listPage,
  menuItem,
  performanceResult,
  spendInput,
  spendResult,
  type AttributionRow,
  type CampaignRow,
  type MenuItem,
  type SpendResult,
} from '../../../../../contracts/schemas';
import { failure, menuEntry, ok } from '../../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../../stories/mocks/handlers';
import { audit } from '../../../../../stories/mocks/system-rows';

/**
 * A mock of the advertising back end for the advertisement/* stories: the menus of 广告投放,
 * the campaign resource (list), campaign figures computed here from generated daily rows, the
 * attribution list (paged, filtered by match), and one campaign's spend (GET, PUT a day, import).
 * Every answer goes through its contract schema (contracts/schemas/advertisement), so a change of the
 * wire shapes breaks it.
 */

export const ADVERTISING_SCREENS = {
  campaign: { id: 501, name: '广告计划', path: '/advertisement/campaign', component: 'advertisement/campaign', buttons: ['Search', 'Retrieve', 'Create', 'Update', 'Delete', 'Export'] },
  attribution: { id: 502, name: '归因明细', path: '/advertisement/attribution', component: 'advertisement/attribution', buttons: ['Search', 'Retrieve', 'Export'] },
} as const;

export interface AdvertisingMockOptions {
  /** These answer a failure: 'performance', 'attribution', 'campaigns', 'spend', 'installs' (a campaign's installs list and its export). */
  failing?: string[];
  /** These never answer (loading states). */
  slow?: string[];
  /** No campaigns and no installs. */
  empty?: boolean;
  /** Many campaigns with long names. */
  long?: boolean;
  /** A campaign's installs list answers none (the data changed since the figure was shown). */
  noInstalls?: boolean;
  /** Without Update (a read-only analyst). */
  readOnly?: boolean;
  /** Without the campaign screen's Export button. */
  noExport?: boolean;
}

export interface AdvertisingMockState {
  calls: Array<{ method: string; path: string; query: URLSearchParams; body: unknown }>;
  spend: Map<number, Map<string, number>>;
}

const LONG = '一个名字很长很长的春节大促全渠道品牌联投广告计划（华东华南地区第二阶段）';
const GAMES: Array<[number, string]> = [
  [3, '星穹远征'],
  [5, '消消乐园'],
];
const CHANNELS = ['douyin', 'kuaishou', 'bilibili'];
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const daysOf = (start: string, end: string) => {
  const out: string[] = [];
  for (let t = dayMs(start); t <= dayMs(end) && out.length < 400; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

/** The campaigns of the mock. */
export function mockCampaigns(long: boolean): CampaignRow[] {
  const n = long ? 14 : 4;
  return z.array(campaignRow).parse(
    Array.from({ length: n }, (_, i) => {
      const [game, gameName] = GAMES[i % GAMES.length] as [number, string];
      const channel = CHANNELS[i % CHANNELS.length] as string;
      return {
        ...audit(10 + i),
        game,
        game_name: gameName,
        channel,
        name: long && i === 0 ? LONG : `${channel === 'douyin' ? '抖音信息流' : channel === 'kuaishou' ? '快手激励视频' : 'B站品牌专区'}-${game}-${i + 1}`,
        budget: (3 + i) * 100_000,
        start_date: '2026-10-01',
        end_date: '2026-12-31',
        status: i === 3 ? 'paused' : 'active',
        store_url: `https://www.taptap.cn/app/${100_000 + game}`,
        running: i !== 3,
      };
    }),
  );
}

/** Deterministic daily rows of a campaign (fen, counts). */
export function campaignDay(campaign: number, day: string) {
  const h = hash(`${campaign}:${day}`);
  const clicks = 10 + (h % 40);
  const installs = Math.floor(clicks / (3 + ((h >>> 6) % 4)));
  return { spend: 1_500 + ((h >>> 3) % 45) * 100, clicks, installs, revenue: installs * ((h >>> 9) % 3) * 600 };
}

/**
 * The installs behind a campaign's installs figure over start..end: as many as the figure (the daily rows
 * summed), newest first, each on its day.
 */
export function campaignInstallRows(campaign: CampaignRow, start: string, end: string, window: number, long: boolean): AttributionRow[] {
  const rows: AttributionRow[] = [];
  for (const day of daysOf(start, end).reverse()) {
    const n = campaignDay(campaign.id, day).installs;
    for (let k = 0; k < n; k++) {
      const install = dayMs(day) + (23 - (k % 24)) * 3_600_000 - 8 * 3_600_000 + 59_000 - k * 1000;
      const i = rows.length;
      rows.push({
        game: campaign.game,
        game_name: campaign.game_name,
        distinct_id: long && i === 0 ? 'player-with-a-very-long-account-identifier-0123456789-abcdefghijklmnop' : `c${campaign.id}-${day.slice(5).replace('-', '')}-${k + 1}`,
        device_id: long && i === 0 ? 'device-with-a-very-long-identifier-0123456789abcdef0123456789abcdef' : `dev-${(hash(`${campaign.id}:${day}:${k}`) % 0xffffff).toString(16)}`,
        install_time: new Date(install).toISOString(),
        channel: campaign.channel,
        campaign: campaign.id,
        campaign_name: campaign.name,
        click_time: new Date(install - ((k % Math.max(1, window)) + 1) * 40 * 60_000).toISOString(),
        match: 'last_click',
      });
    }
  }
  return rows;
}

const roas = (revenue: number, spend: number) => (spend === 0 ? null : Math.round((revenue / spend) * 10_000) / 10_000);

export function advertisingBackend(options: AdvertisingMockOptions = {}): MockBackend & { ads: AdvertisingMockState } {
  const long = !!options.long;
  const campaigns = options.empty ? [] : mockCampaigns(long);
  const state: AdvertisingMockState = { calls: [], spend: new Map() };
  const seed = () => {
    state.spend = new Map(campaigns.map((c) => [c.id, new Map([['2026-11-01', 12_000], ['2026-11-02', 8_050]])]));
  };
  seed();
  const base = mockBackend();
  const menus = menusOf(options.readOnly ?? false, options.noExport ?? false);
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const games = pickerGameRows(GAMES);
  const gate = async (name: string) => {
    if (options.slow?.includes(name)) await delay('infinite');
    if (options.failing?.includes(name)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
    return null;
  };
  const record = (request: Request, body: unknown = null) => state.calls.push({ method: request.method, path: new URL(request.url).pathname, query: new URL(request.url).searchParams, body });
  const spendOf = (id: number): SpendResult => {
    const days = [...(state.spend.get(id) ?? new Map<string, number>()).entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, amount]) => ({ day, amount }));
    return spendResult.parse({ campaign: id, currency: 'CNY', total: days.reduce((s, d) => s + d.amount, 0), days });
  };

  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    ...base.handlers,
    http.get('*/api/game/detail/', () => HttpResponse.json(ok(listPage(gameRow), { page: 1, limit: 999, total: games.length, is_next: false, is_previous: false, data: games }))),
    http.get('*/api/advertisement/campaign/performance/', async ({ request }) => {
      record(request);
      const refused = await gate('performance');
      if (refused) return refused;
      const q = new URL(request.url).searchParams;
      const start = q.get('start') ?? '';
      const end = q.get('end') ?? '';
      const game = q.get('game') ? Number(q.get('game')) : null;
      const days = daysOf(start, end);
      const mine = campaigns.filter((c) => game === null || c.game === game);
      const rows = mine.map((c) => {
        const sum = days.reduce((s, d) => {
          const x = campaignDay(c.id, d);
          return { spend: s.spend + x.spend, clicks: s.clicks + x.clicks, installs: s.installs + x.installs, revenue: s.revenue + x.revenue };
        }, { spend: 0, clicks: 0, installs: 0, revenue: 0 });
        return { campaign: c.id, name: c.name, game: c.game, game_name: c.game_name, channel: c.channel, status: c.status, budget: c.budget, start_date: c.start_date, end_date: c.end_date, running: c.running, ...sum, cpi: sum.installs ? Math.round(sum.spend / sum.installs) : null, roas: roas(sum.revenue, sum.spend) };
      });
      const tot = rows.reduce((s, r) => ({ spend: s.spend + r.spend, clicks: s.clicks + r.clicks, installs: s.installs + r.installs, revenue: s.revenue + r.revenue }), { spend: 0, clicks: 0, installs: 0, revenue: 0 });
      const perDay = days.map((day) => mine.reduce((s, c) => {
        const x = campaignDay(c.id, day);
        return { day, spend: s.spend + x.spend, clicks: s.clicks + x.clicks, installs: s.installs + x.installs };
      }, { day, spend: 0, clicks: 0, installs: 0 }));
      return HttpResponse.json(ok(performanceResult, { start, end, game, window_days: Number(q.get('window') ?? 7), currency: 'CNY', campaigns: rows, totals: { ...tot, cpi: tot.installs ? Math.round(tot.spend / tot.installs) : null, roas: roas(tot.revenue, tot.spend), organic_installs: options.empty ? 0 : 57 }, days: perDay }));
    }),
    http.get('*/api/advertisement/attribution/', async ({ request }) => {
      record(request);
      const refused = await gate('attribution');
      if (refused) return refused;
      const q = new URL(request.url).searchParams;
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 20);
      const total = options.empty ? 0 : long ? 130 : 36;
      const all: AttributionRow[] = Array.from({ length: total }, (_, i) => {
        const c = campaigns[i % campaigns.length] as CampaignRow;
        const organic = i % 3 === 2;
        const install = Date.parse('2026-11-02T10:00:00Z') - i * 3_600_000;
        return {
          game: c.game,
          game_name: c.game_name,
          distinct_id: long && i === 0 ? 'player-with-a-very-long-account-identifier-0123456789' : `u${1000 + i}`,
          device_id: `dev-${(0x9a3f00 + i * 7919).toString(16)}`,
          install_time: new Date(install).toISOString(),
          channel: organic ? 'tap' : c.channel,
          campaign: organic ? null : c.id,
          campaign_name: organic ? null : c.name,
          click_time: organic ? null : new Date(install - 40 * 60_000).toISOString(),
          match: organic ? 'organic' : 'last_click',
        };
      });
      const match = q.get('match');
      const filtered = all.filter((r) => !match || r.match === match);
      const attributed = all.filter((r) => r.match === 'last_click').length;
      return HttpResponse.json(
        ok(attributionResult, { start: q.get('start') ?? '', end: q.get('end') ?? '', window_days: Number(q.get('window') ?? 7), page, limit, total: filtered.length, summary: { installs: all.length, attributed, organic: all.length - attributed }, rows: filtered.slice((page - 1) * limit, page * limit) }),
      );
    }),
    http.get('*/api/advertisement/campaign/installs/', async ({ request }) => {
      record(request);
      const refused = await gate('installs');
      if (refused) return refused;
      const q = new URL(request.url).searchParams;
      const campaign = campaigns.find((c) => c.id === Number(q.get('campaign')));
      const game = q.get('game') ? Number(q.get('game')) : null;
      const all = options.noInstalls || !campaign || (game !== null && campaign.game !== game) ? [] : campaignInstallRows(campaign, q.get('start') ?? '', q.get('end') ?? '', Number(q.get('window') ?? 7), long);
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 20);
      const data = all.slice((page - 1) * limit, page * limit);
      return HttpResponse.json(ok(campaignInstallsPage, { page, limit, total: all.length, is_next: (page - 1) * limit + data.length < all.length, is_previous: page > 1, window_days: Number(q.get('window') ?? 7), data }));
    }),
    http.get('*/api/advertisement/campaign/installs/export_data/', async ({ request }) => {
      record(request);
      const refused = await gate('installs');
      if (refused) return refused;
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]).buffer, {
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': `attachment;filename=${encodeURIComponent('广告计划激活.xlsx')}` },
      });
    }),
    http.get('*/api/advertisement/campaign/:id/spend/', async ({ request, params }) => {
      record(request);
      const refused = await gate('spend');
      if (refused) return refused;
      return HttpResponse.json(ok(spendResult, spendOf(Number(params.id))));
    }),
    http.put('*/api/advertisement/campaign/:id/spend/', async ({ request, params }) => {
      const body = (await request.json()) as unknown;
      record(request, body);
      const input = spendInput.safeParse(body);
      if (!input.success) return HttpResponse.json(failure(4000, input.error.issues[0]?.message ?? '请求数据不合法。'));
      const map = state.spend.get(Number(params.id)) ?? new Map<string, number>();
      for (const d of input.data.days) map.set(d.day, d.amount);
      state.spend.set(Number(params.id), map);
      return HttpResponse.json(ok(spendResult, spendOf(Number(params.id)), '保存成功'));
    }),
    http.post('*/api/advertisement/campaign/:id/spend/import/', ({ request, params }) => {
      record(request);
      state.spend.get(Number(params.id))?.set('2026-11-03', 123_456);
      return HttpResponse.json(ok(spendResult, spendOf(Number(params.id)), '导入成功，共 1 天'));
    }),
    http.get('*/api/advertisement/campaign/', async ({ request }) => {
      record(request);
      const refused = await gate('campaigns');
      if (refused) return refused;
      return HttpResponse.json(ok(listPage(campaignRow), { page: 1, limit: 20, total: campaigns.length, is_next: false, is_previous: false, data: campaigns }));
    }),
  ];
  const reset = () => {
    base.reset();
    state.calls = [];
    seed();
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { ads: state });
}

function menusOf(readOnly: boolean, noExport: boolean): MenuItem[] {
  return [
    menuEntry(500, null, '广告投放', { icon: 'bullhorn', is_catalog: true }),
    ...Object.values(ADVERTISING_SCREENS).map((s) =>
      menuEntry(s.id, 500, s.name, { path: s.path, web_path: s.path, component: s.component, component_name: s.component.split('/')[1], menuPermission: s.buttons.filter((b) => !(readOnly && ['Update', 'Create', 'Delete'].includes(b)) && !(noExport && b === 'Export')) }),
    ),
  ];
}

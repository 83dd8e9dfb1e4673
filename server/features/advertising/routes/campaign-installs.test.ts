import { beforeAll, describe, expect, it } from 'vitest';
import { campaignInstallsPage, campaignRow, performanceResult, trackingCredentials, trackResult, type CampaignInstallsPage } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import { recordClick } from '../domain/clicks';
import type { TestServer } from '../../../testing';
import { type AppCredentials, call, expectData, expectFailure, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * 广告计划's drill-down (GET /api/advertisement/campaign/installs/ and its export) on crafted clicks
 * (through the server function the tracking link and simulator use, half of them after the events) and
 * register events sent through the signed ingestion: for each campaign, several ranges, one game and all,
 * windows 7 and 30, the list's total equals the campaign's installs in GET …/campaign/performance/ for the
 * same query, and its rows are the installs a plain-JS last-click pass over the crafted rows finds. The
 * export; bad input (4000); the list granted like the screen, the export by its Export button.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let analyst: string;
let tz = 'Asia/Shanghai';
const DAY = 86_400_000;
const creds: Record<number, AppCredentials> = {};
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const clicks: Array<{ campaign: number; game: number; device: string; time: number }> = [];
const registers: Array<{ game: number; player: string; device: string; time: number }> = [];
const campaigns: Array<{ id: number; game: number }> = [];
let now = 0;

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, analyst] } = s));
beforeAll(async () => {
  tz = ctx.config.analyticsTz;
  now = Date.now() - 10 * 60_000;
  for (const game of [1, 2]) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    creds[game] = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
  }
  for (const [game, name] of [[1, 'IA'], [1, 'IB'], [2, 'IC']] as const) {
    const row = expectData(
      await call(srv, '/api/advertisement/campaign/', { token: sa, body: { game, channel: 'tiktok', name, budget: 100_000, start_date: dayOf(now - 40 * DAY), end_date: dayOf(now + 10 * DAY), status: 'active', store_url: `https://store.example/${name}` } }),
      campaignRow,
    );
    campaigns.push({ id: row.id, game });
  }
  const rand = prng(77);
  for (const game of [1, 2]) {
    const mine = campaigns.filter((c) => c.game === game);
    for (let d = 0; d < 50; d++) {
      const device = `inst-${game}-${d}`;
      const install = now - Math.floor(rand() * 25 * DAY) - DAY;
      for (let k = Math.floor(rand() * 4); k > 0; k--) {
        const camp = mine[Math.floor(rand() * mine.length)] as { id: number };
        // Up to 12 days before the install (some outside the 7-day window), some after it (never attributed).
        const t = rand() < 0.15 ? install + Math.floor(rand() * DAY) + 1000 : install - Math.floor(rand() * 12 * DAY);
        clicks.push({ campaign: camp.id, game, device, time: t });
      }
      for (let p = 0; p < (rand() < 0.15 ? 2 : 1); p++) registers.push({ game, player: `ip-${game}-${d}-${p}`, device, time: install + p * 3_600_000 });
    }
  }
  const half = Math.floor(clicks.length / 2);
  for (const k of clicks.slice(0, half)) await recordClick(ctx.db, { campaign: k.campaign, device: k.device, time: new Date(k.time).toISOString() }, tz);
  for (const game of [1, 2]) {
    const evs = registers.filter((r) => r.game === game).map((r) => ({ uuid: uuidFrom(rand), event: 'register', distinct_id: r.player, time: new Date(r.time).toISOString(), properties: { device_id: r.device } }));
    expect(expectData(await signedPost(srv, '/api/embed/track/', creds[game] as AppCredentials, { events: evs }), trackResult).rejected).toEqual([]);
  }
  await ctx.playerUpkeep.drain();
  for (const k of clicks.slice(half)) await recordClick(ctx.db, { campaign: k.campaign, device: k.device, time: new Date(k.time).toISOString() }, tz);
}, SERVER_TIMEOUT_MS);

/** The crafted installs of start..end attributed (last click within the window, same game and device) to the campaign. */
function refInstalls(campaign: number, start: string, end: string, windowDays: number) {
  return registers
    .filter((r) => dayOf(r.time) >= start && dayOf(r.time) <= end)
    .filter((r) => {
      const last = clicks.filter((k) => k.game === r.game && k.device === r.device && k.time <= r.time && k.time >= r.time - windowDays * DAY).sort((x, y) => y.time - x.time)[0];
      return last?.campaign === campaign;
    });
}

async function all(q: Record<string, string>): Promise<{ total: number; rows: CampaignInstallsPage['data'] }> {
  const rows: CampaignInstallsPage['data'] = [];
  for (let p = 1; ; p++) {
    const res = expectData(await call(srv, `/api/advertisement/campaign/installs/?${new URLSearchParams({ ...q, page: String(p), limit: '9' })}`, { token: sa }), campaignInstallsPage.strict());
    rows.push(...res.data);
    if (!res.is_next) return { total: res.total, rows };
  }
}

describe("a campaign's installs drill-down", () => {
  it('total = the installs figure for the same query; rows = the installs computed from the crafted clicks and events', async () => {
    const ranges = [[dayOf(now - 30 * DAY), dayOf(now)], [dayOf(now - 10 * DAY), dayOf(now - 3 * DAY)]] as const;
    let compared = 0;
    for (const [start, end] of ranges) {
      for (const window of [7, 30]) {
        for (const game of [null, 1, 2]) {
          const extra = { ...(game === null ? {} : { game: String(game) }), window: String(window) };
          const perf = expectData(await call(srv, `/api/advertisement/campaign/performance/?${new URLSearchParams({ start, end, ...extra })}`, { token: sa }), performanceResult);
          for (const camp of campaigns) {
            const figure = perf.campaigns.find((c) => c.campaign === camp.id)?.installs ?? 0;
            const got = await all({ campaign: String(camp.id), start, end, ...extra });
            expect(got.total, `${camp.id} ${start} ${end} ${window} ${game}`).toBe(figure);
            expect(got.rows.length).toBe(figure);
            const ref = game === null || game === camp.game ? refInstalls(camp.id, start, end, window) : [];
            expect(got.rows.map((r) => `${r.game}:${r.distinct_id}:${r.device_id}:${r.install_time}`).sort()).toEqual(ref.map((r) => `${r.game}:${r.player}:${r.device}:${new Date(r.time).toISOString()}`).sort());
            expect(got.rows.every((r) => r.campaign === camp.id && r.match === 'last_click' && r.click_time !== null)).toBe(true);
            const times = got.rows.map((r) => Date.parse(r.install_time));
            expect(times).toEqual([...times].sort((a, b) => b - a));
            compared += figure;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("the export holds the list's installs; bad input answers 4000; the list is granted like the screen, the export by its Export button", async () => {
    const camp = campaigns[0] as { id: number };
    const q = { campaign: String(camp.id), start: dayOf(now - 30 * DAY), end: dayOf(now) };
    const { rows } = await all(q);
    const res = await fetch(`${srv.baseUrl}/api/advertisement/campaign/installs/export_data/?${new URLSearchParams(q)}`, { headers: { authorization: `JWT ${sa}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-rows')).toBe(String(rows.length));
    const sheet = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(sheet[0]).toEqual(['计划编号', '广告计划', '游戏', '玩家', '设备', '渠道', '激活时间', '点击时间']);
    expect(sheet.slice(1).map((r) => r[3])).toEqual(rows.map((r) => r.distinct_id));
    const bad: Array<[string, string]> = [
      [`start=${q.start}&end=${q.end}`, 'campaign 必须是编号'],
      [`campaign=${camp.id}&start=2026-13-01&end=${q.end}`, 'start 不是有效的日期'],
      [`campaign=${camp.id}&start=${q.end}&end=${q.start}`, ''],
      [`campaign=${camp.id}&start=${q.start}&end=${q.end}&window=31`, 'window 必须是 1 到 30 的整数（天）'],
      [`campaign=${camp.id}&start=${q.start}&end=${q.end}&limit=101`, 'limit 必须是 1 到 100 的整数'],
      [`campaign=x&start=${q.start}&end=${q.end}`, 'campaign 必须是编号'],
      [`campaign=${camp.id}&campaign=${camp.id}&start=${q.start}&end=${q.end}`, '参数 campaign 只能出现一次'],
    ];
    for (const [qs, msg] of bad) {
      for (const path of qs.includes('limit=') ? ['installs/'] : ['installs/', 'installs/export_data/']) {
        const r = await call(srv, `/api/advertisement/campaign/${path}?${qs}`, { token: sa });
        expect(r.status, `${path}?${qs}`).toBeLessThan(500);
        if (msg) expectFailure(r, 4000, msg);
        else expect(r.body.code).toBe(4000);
      }
    }
    // The analyst without the screen: neither; given its Search and Export buttons: both; without Export: the list only.
    const list = `/api/advertisement/campaign/installs/?${new URLSearchParams(q)}`;
    const exportPath = `/api/advertisement/campaign/installs/export_data/?${new URLSearchParams(q)}`;
    expectFailure(await call(srv, list, { token: analyst }), 4000, '您没有执行该操作的权限。 (GET: /api/advertisement/campaign/installs/)');
    const buttons = (values: string) => `SELECT ur.role_id, b.id FROM user_roles ur JOIN users u ON u.id = ur.user_id, menu_buttons b JOIN menus m ON m.id = b.menu
       WHERE u.username = 'test' AND m.web_path = '/advertisement/campaign' AND b.value IN (${values})`;
    await ctx.db.query(`INSERT INTO role_buttons (role_id, button_id) ${buttons("'Search', 'Export'")} ON CONFLICT DO NOTHING`);
    await expect.poll(async () => (await call(srv, `/api/advertisement/campaign/performance/?start=${q.start}&end=${q.end}`, { token: analyst })).body.code).toBe(2000);
    expect(expectData(await call(srv, list, { token: analyst }), campaignInstallsPage).total).toBe(rows.length);
    expect((await fetch(`${srv.baseUrl}${exportPath}`, { headers: { authorization: `JWT ${analyst}` } })).status).toBe(200);
    await ctx.db.query(`DELETE FROM role_buttons WHERE (role_id, button_id) IN (${buttons("'Export'")})`);
    await expect.poll(async () => (await call(srv, exportPath, { token: analyst })).body.msg).toBe('您没有执行该操作的权限。 (GET: /api/advertisement/campaign/installs/export_data/)');
    expect((await call(srv, list, { token: analyst })).body.code).toBe(2000);
    expect((await call(srv, `/api/advertisement/campaign/installs/?${new URLSearchParams(q)}`)).body.code).not.toBe(2000);
  });
});

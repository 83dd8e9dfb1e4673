import { beforeAll, describe, expect, it } from 'vitest';
import { accountRow, deviceRow, gameUserRow, listPage, orderIngestResult, trackingCredentials, trackResult } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * The exports of 平台账号, 设备管理 and 游戏用户 (`…/export_data/`): for several filters, the sheet's rows
 * are the list's rows for the same filters and ordering, in the same order (the list read page by page,
 * more than one page of 100), X-Export-Rows is the list's total; bad filters answer 4000; a role without
 * the screen's Export button is refused even where it may list.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let testToken: string;
const DAY = 86_400_000;
const PLAYERS = 130;
const rand = prng(7301);
const creds = new Map<number, { app_key: string; secret: string }>();

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, testToken] } = s), {}, SERVER_TIMEOUT_MS * 2);
beforeAll(async () => {
  for (const game of [1, 2]) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    creds.set(game, expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials));
  }
  const now = Date.now() - 10 * 60_000;
  const events = new Map<number, unknown[]>([[1, []], [2, []]]);
  const orders = new Map<number, unknown[]>([[1, []], [2, []]]);
  for (let p = 0; p < PLAYERS; p++) {
    for (const game of p % 4 === 0 ? [1, 2] : [1 + (p % 2)]) {
      const t = now - Math.floor((1 + rand() * 20) * DAY);
      // Players 100.. share the device of players 0..: shared devices.
      const device = { device_id: `dev-x${p % 100}`, device_model: p % 3 ? 'HUAWEI Mate 60' : 'iPhone 15', os: p % 3 ? 'android' : 'ios', os_version: p % 3 ? '14' : '17.1' };
      const list = events.get(game) ?? [];
      list.push({ uuid: uuidFrom(rand), event: 'register', distinct_id: `exp-${p}`, time: new Date(t).toISOString(), properties: { channel: p % 2 ? 'huawei' : 'apple', ...device } });
      list.push({ uuid: uuidFrom(rand), event: 'login', distinct_id: `exp-${p}`, time: new Date(t + DAY / 2).toISOString(), properties: device });
      if (p % 5 === 0) {
        orders.get(game)?.push({ order_id: `X${game}-${p}`, distinct_id: `exp-${p}`, amount: 100 * (1 + p), currency: 'CNY', channel: 'tap', method: 'alipay', region: 'CN', status: 'paid', time: new Date(t + 1000).toISOString() });
      }
    }
  }
  for (const game of [1, 2]) {
    const c = creds.get(game);
    if (!c) throw new Error('no app');
    const mine = events.get(game) ?? [];
    for (let i = 0; i < mine.length; i += 200) expect(expectData(await signedPost(srv, '/api/embed/track/', c, { events: mine.slice(i, i + 200) }), trackResult).rejected).toEqual([]);
    expect(expectData(await signedPost(srv, '/api/ingest/orders/', c, { orders: orders.get(game) }), orderIngestResult).rejected).toEqual([]);
  }
  await ctx.playerUpkeep.drain();
  // Two banned accounts, for the status filter.
  for (const id of ['exp-3', 'exp-8']) expect((await call(srv, '/api/center_users/accounts/ban/', { token: sa, body: { distinct_id: id, reason: '导出测试' } })).body.code).toBe(2000);
}, SERVER_TIMEOUT_MS * 2);

/** Every row of a list for a query string, page after page of 100. */
async function listAll<T>(path: string, qs: string, row: import('zod').ZodType<T>): Promise<{ total: number; rows: T[] }> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const data = expectData(await call(srv, `${path}?${qs}${qs ? '&' : ''}page=${page}&limit=100`, { token: sa }), listPage(row));
    rows.push(...data.data);
    if (!data.is_next) return { total: data.total, rows };
  }
}

async function exportOf(path: string, qs: string, token = sa): Promise<{ rows: string[][]; count: string | null }> {
  const res = await fetch(`${srv.baseUrl}${path}export_data/?${qs}`, { headers: { authorization: `JWT ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toMatch(/filename=.+\.xlsx$/);
  return { rows: readXlsx(Buffer.from(await res.arrayBuffer())), count: res.headers.get('x-export-rows') };
}

/** The sheet's rows as objects by the header's titles. */
const byTitle = (rows: string[][]) => rows.slice(1).map((r) => Object.fromEntries((rows[0] ?? []).map((title, i) => [title, r[i] ?? ''])));
const cny = (fen: number) => (fen === 0 ? '0' : String(fen));

describe('平台账号 export', () => {
  const path = '/api/center_users/accounts/';
  it.each(['', 'status=banned', 'game=2&ordering=first_seen', 'search=exp-1'])('the sheet is the list for "%s", in its order', async (qs) => {
    const list = await listAll(path, qs, accountRow);
    const sheet = await exportOf(path, qs);
    expect(sheet.count).toBe(String(list.total));
    const rows = byTitle(sheet.rows);
    expect(rows.length).toBe(list.total);
    expect(rows.map((r) => [r['玩家ID'], r['状态'], r['首次活跃'], r['最近活跃'], r['游戏数'], r['累计付费(分, CNY)']])).toEqual(
      list.rows.map((a) => [a.distinct_id, a.status === 'banned' ? '封禁' : '正常', a.first_seen, a.last_seen, String(a.games), cny(a.total_paid)]),
    );
    if (qs === '') expect(list.total).toBe(PLAYERS);
    if (qs === 'status=banned') expect(rows.map((r) => r['玩家ID']).sort()).toEqual(['exp-3', 'exp-8']);
  });
});

describe('设备管理 export', () => {
  const path = '/api/center_users/devices/';
  it.each(['', 'shared=1', 'os=ios&ordering=-accounts', 'game=2'])('the sheet is the list for "%s", in its order', async (qs) => {
    const list = await listAll(path, qs, deviceRow);
    const sheet = await exportOf(path, qs);
    expect(sheet.count).toBe(String(list.total));
    const rows = byTitle(sheet.rows);
    expect(rows.map((r) => [r['设备ID'], r['型号'], r['系统'], r['账号数']])).toEqual(list.rows.map((d) => [d.device_id, d.device_model, d.os, String(d.accounts)]));
    if (qs === '') expect(list.total).toBe(100);
    if (qs === 'shared=1') expect(rows.every((r) => Number(r['账号数']) >= 2) && rows.length > 0).toBe(true);
  });
});

describe('游戏用户 export', () => {
  const path = '/api/center_users/game_users/';
  it.each(['', 'game=1&status=normal', 'channel=huawei&ordering=first_seen'])('the sheet is the list for "%s", in its order', async (qs) => {
    const list = await listAll(path, qs, gameUserRow);
    const sheet = await exportOf(path, qs, testToken);
    expect(sheet.count).toBe(String(list.total));
    const rows = byTitle(sheet.rows);
    expect(rows.map((r) => [r['游戏'], r['玩家ID'], r['状态'], r['活跃天数'], r['渠道'], r['累计付费(分, CNY)']])).toEqual(
      list.rows.map((g) => [g.game_name, g.distinct_id, g.status === 'banned' ? '封禁' : '正常', String(g.active_days), g.channel, cny(g.total_paid)]),
    );
    // 130 players, every fourth in both games.
    if (qs === '') expect(list.total).toBe(PLAYERS + Math.ceil(PLAYERS / 4));
  });
});

describe('bad filters and permissions', () => {
  it('bad filters answer code 4000, never a file or a 5xx', async () => {
    for (const path of ['/api/center_users/accounts/export_data/?status=gone', '/api/center_users/devices/export_data/?shared=2', '/api/center_users/game_users/export_data/?game=x']) {
      const res = await call(srv, path, { token: sa });
      expect(res.status, path).toBe(200);
      expect(res.body.code, path).toBe(4000);
    }
  });

  it('without the screen\'s Export button the export is refused, even where the list is allowed', async () => {
    // test (the analyst) has neither 平台账号 nor 设备管理.
    for (const screen of ['accounts', 'devices']) {
      expectFailure(await call(srv, `/api/center_users/${screen}/export_data/`, { token: testToken }), 4000, `您没有执行该操作的权限。 (GET: /api/center_users/${screen}/export_data/)`);
    }
    expect(expectData(await call(srv, '/api/center_users/game_users/?limit=1', { token: testToken }), listPage(gameUserRow)).total).toBeGreaterThan(0);
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path = '/center_users/game_users' AND b.value = 'Export')`,
    );
    // Its Search still lists; its export is gone.
    expect((await call(srv, '/api/center_users/game_users/?limit=1', { token: testToken })).body.code).toBe(2000);
    expectFailure(await call(srv, '/api/center_users/game_users/export_data/', { token: testToken }), 4000, '您没有执行该操作的权限。 (GET: /api/center_users/game_users/export_data/)');
    expect((await call(srv, '/api/center_users/game_users/export_data/')).body.code).not.toBe(2000);
  });
});

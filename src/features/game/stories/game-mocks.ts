import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  batchRow,
  envelope,
  gameDetail,
  gameRow,
  giftCodeRow,
  h5Preview,
  listPage,
  lookupResult,
  menuItem,
  partnerRow,
  purposeUpload,
  releaseRow,
  revealedSecret,
  sharedAccountRow,
  tagRow,
  uploadLimits,
  type MenuItem,
} from '../../../../contracts/schemas';
import { failure, menuEntry, ok } from '../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../stories/mocks/handlers';
import * as rows from '../../../../stories/mocks/game-rows';

/**
 * A mock of the game catalogue's back end for the screen stories: the menus of 游戏管理 and
 * 公共资源, generic lists / create / update / delete of each resource (paging, search, field filters),
 * and the actions (detail, lookup, preview, uploads, publish, rollback, codes, export, void, reveal).
 * Every answer goes through the contract schemas.
 */

interface Screen {
  id: number;
  name: string;
  path: string;
  component: string;
  buttons: string[];
  visible?: boolean;
}

const CRUD = ['Retrieve', 'Update', 'Search', 'Create', 'Delete', 'Export'];

export const GAME_SCREENS: Record<string, Screen> = {
  android: { id: 301, name: '安卓游戏', path: '/game/android', component: 'game/android', buttons: CRUD },
  h5: { id: 302, name: 'H5 游戏', path: '/game/h5', component: 'game/h5', buttons: CRUD },
  mini: { id: 303, name: '小游戏', path: '/game/mini', component: 'game/mini', buttons: CRUD },
  soft: { id: 304, name: '软件管理', path: '/game/soft', component: 'game/soft', buttons: CRUD },
  code: { id: 305, name: '兑换码', path: '/game/code', component: 'game/code', buttons: [...CRUD, 'Void', 'Redeem'] },
  detail: { id: 306, name: '游戏详情', path: '/game/detail', component: 'game/detail', buttons: ['Retrieve', 'Update'], visible: false },
  history: { id: 307, name: '版本历史', path: '/game/history', component: 'game/history', buttons: [...CRUD, 'Publish', 'Rollback'] },
  query: { id: 308, name: '游戏查询', path: '/game/query', component: 'game/query', buttons: ['Search', 'Retrieve'] },
  account: { id: 311, name: '公共账号', path: '/common/account', component: 'common/account', buttons: [...CRUD, 'Reveal'] },
  tag: { id: 312, name: '标签管理', path: '/common/tag', component: 'common/tag', buttons: CRUD },
};

export interface GameMockOptions {
  /** Only Search and Retrieve (what user test has). */
  readOnly?: boolean;
  /** Lists and reads of these resources answer a failure (error states). */
  failing?: string[];
  /** Lists of these resources answer slowly (loading states). */
  slow?: string[];
  /** Lists of these resources are empty. */
  empty?: string[];
}

export interface GameMockState {
  lists: Record<string, URLSearchParams[]>;
  created: { resource: string; body: Record<string, unknown> }[];
  updated: { resource: string; id: number; body: Record<string, unknown> }[];
  actions: string[];
  uploads: { purpose: string; name: string; size: number }[];
}

function menusOf(options: GameMockOptions): MenuItem[] {
  return [
    menuEntry(300, null, '游戏管理', { icon: 'gamepad', is_catalog: true }),
    menuEntry(310, null, '公共资源', { icon: 'cubes', is_catalog: true }),
    ...Object.values(GAME_SCREENS).map((s) =>
      menuEntry(s.id, s.component.startsWith('common/') ? 310 : 300, s.name, {
        path: s.path,
        web_path: s.path,
        component: s.component,
        component_name: s.component.split('/')[1],
        visible: s.visible ?? true,
        menuPermission: options.readOnly ? s.buttons.filter((b) => b === 'Search' || b === 'Retrieve') : s.buttons,
      }),
    ),
  ];
}

interface Table {
  schema: z.ZodObject;
  rows: () => Record<string, unknown>[];
}

const TABLES: Record<string, Table> = {
  'game/android': { schema: gameRow, rows: () => rows.games.android },
  'game/h5': { schema: gameRow, rows: () => rows.games.h5 },
  'game/mini': { schema: gameRow, rows: () => rows.games.mini },
  'game/soft': { schema: gameRow, rows: () => rows.games.soft },
  'game/detail': { schema: gameRow, rows: () => rows.allGames },
  'game/history': { schema: releaseRow, rows: () => rows.releases },
  'game/code': { schema: batchRow, rows: () => rows.batches },
  'common/account': { schema: sharedAccountRow, rows: () => rows.accounts },
  'common/tag': { schema: tagRow, rows: () => rows.tags },
  'common/partner': { schema: partnerRow, rows: () => rows.partners },
};

const LIST_PARAMS = new Set(['page', 'limit', 'ordering', 'search']);

function matches(row: Record<string, unknown>, q: URLSearchParams): boolean {
  const keyword = q.get('search');
  if (keyword && !Object.values(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(keyword.toLowerCase()))) return false;
  for (const key of new Set(q.keys())) {
    const values = q.getAll(key).flatMap((v) => v.split(',')).filter((v) => v !== '');
    if (LIST_PARAMS.has(key) || values.length === 0) continue;
    if (key === 'ids') {
      if (!values.includes(String(row.id))) return false;
      continue;
    }
    if (key === 'tag') {
      if (!values.some((v) => (row.tags as number[] | undefined)?.includes(Number(v)))) return false;
      continue;
    }
    if (key === 'channel') {
      if (!values.some((v) => (row.channels as string[] | undefined)?.includes(v))) return false;
      continue;
    }
    if (!(key in row)) continue;
    const cell = row[key];
    if (typeof cell === 'boolean' ? cell !== ['1', 'true'].includes(values[0] ?? '') : typeof cell === 'string' && !/^\d+$/.test(values[0] ?? '') ? !cell.includes(values[0] ?? '') : String(cell) !== values[0]) return false;
  }
  return true;
}

const TINY_XLSX = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

/** The mock back end of the catalogue screens (on top of the shell's: login, dictionaries, departments). */
export function gameBackend(options: GameMockOptions = {}): MockBackend & { game: GameMockState } {
  const state: GameMockState = { lists: {}, created: [], updated: [], actions: [], uploads: [] };
  const stored = new Map<string, Record<string, unknown>[]>();
  let nextId = 1000;
  const table = (name: string) => {
    const known = stored.get(name);
    if (known) return known;
    const fresh = [...(TABLES[name]?.rows() ?? [])];
    stored.set(name, fresh);
    return fresh;
  };
  const base = mockBackend();
  const menus = menusOf(options);
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    ...base.handlers,
    http.get('*/api/game/upload/limits/', () => HttpResponse.json(ok(uploadLimits, rows.limits))),
    http.post('*/api/game/upload/:purpose/', async ({ request, params }) => {
      const purpose = String(params.purpose);
      const form = await request.formData();
      const file = form.get('file');
      if (!(file instanceof File)) return HttpResponse.json(failure(4000, 'file:没有提交任何文件。'));
      state.uploads.push({ purpose, name: file.name, size: file.size });
      await delay(150);
      const id = nextId++;
      const sha = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer())), (b) => b.toString(16).padStart(2, '0')).join('');
      return HttpResponse.json(
        ok(purposeUpload, {
          id,
          name: file.name,
          url: `media/files/0/0/${sha.slice(0, 32)}.${file.name.split('.').pop() ?? 'bin'}`,
          file_url: `media/files/0/0/${sha.slice(0, 32)}`,
          engine: 'local',
          mime_type: file.type || 'application/octet-stream',
          size: file.size,
          md5sum: sha.slice(0, 32),
          sha256: sha,
          purpose: purpose as 'icon' | 'package',
          description: null,
          creator: 1,
          creator_name: '超级管理员',
          modifier: '1',
          modifier_name: '超级管理员',
          dept_belong_id: '1',
          create_datetime: '2026-11-24 10:00:00',
          update_datetime: '2026-11-24 10:00:00',
        }, '上传成功'),
      );
    }),
    http.get('*/api/game/h5/preview/:code/', ({ params }) => {
      const code = decodeURIComponent(String(params.code));
      const found = rows.previewOf(code);
      return HttpResponse.json(found ? ok(h5Preview, found, '获取成功') : failure(404, `没有游戏代码为 ${code} 的 H5 游戏。`));
    }),
    http.get('*/api/game/query/', ({ request }) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').trim();
      const hits = rows.allGames
        .filter((g) => g.name.includes(search) || g.package_id?.includes(search) || g.code?.toLowerCase() === search.toLowerCase())
        .map((g) => ({
          type: g.kind === 'h5' && g.code?.toLowerCase() === search.toLowerCase() ? 'h5' : 'game',
          id: g.id,
          title: g.kind === 'h5' && g.code?.toLowerCase() === search.toLowerCase() ? g.code : g.name,
          matched: g.name.includes(search) ? 'name' : g.package_id?.includes(search) ? 'package_id' : 'code',
          game: g.id,
          game_name: g.name,
          kind: g.kind,
          status: g.status,
          link: { path: '/game/detail', query: { id: String(g.id) } },
          extra: { package_id: g.package_id, code: g.code, app_id: g.app_id },
        }));
      const releases = rows.releases
        .filter((r) => r.version === search)
        .map((r) => ({ type: 'release', id: r.id, title: r.version, matched: 'version', game: r.game, game_name: r.game_name, kind: r.game_kind, status: r.is_current ? 'current' : r.status, link: { path: '/game/history', query: { game: String(r.game) } }, extra: { build: r.build, sha256: r.sha256 } }));
      const codes = rows.batches.flatMap((b) =>
        rows
          .codesOf(b)
          .filter((c) => c.code === search.toUpperCase())
          .map((c) => ({ type: 'gift_code', id: c.code, title: c.code, matched: 'gift_code', game: b.game, game_name: b.game_name, kind: b.game_kind, status: c.status, link: { path: '/game/code', query: { batch: String(b.id) } }, extra: { batch: b.id, player: c.player, redeem_time: c.redeem_time, reward: b.reward } })),
      );
      const data = [...codes, ...hits, ...releases];
      return HttpResponse.json(ok(lookupResult, lookupResult.parse({ search, total: data.length, data }), data.length ? 'success' : '暂无数据'));
    }),
    http.get('*/api/game/detail/:id/', ({ params }) => {
      if (options.failing?.includes('game/detail')) return HttpResponse.json(failure(400, '接口地址不正确'));
      const found = rows.detailOf(Number(params.id));
      return HttpResponse.json(found ? ok(gameDetail, found, '获取成功') : failure(400, '接口地址不正确'));
    }),
    http.put('*/api/game/detail/:id/', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.updated.push({ resource: 'game/detail', id: Number(params.id), body });
      const found = rows.detailOf(Number(params.id));
      return HttpResponse.json(found ? ok(gameDetail, { ...found, ...body }, '更新成功') : failure(400, '接口地址不正确'));
    }),
    http.put('*/api/game/history/:id/:action/', ({ params }) => {
      state.actions.push(`${String(params.action)} ${String(params.id)}`);
      const row = table('game/history').find((r) => r.id === Number(params.id));
      if (!row) return HttpResponse.json(failure(400, '接口地址不正确'));
      return HttpResponse.json(ok(releaseRow, releaseRow.parse({ ...row, status: 'published', is_current: true }), params.action === 'publish' ? '发布成功' : '回滚成功'));
    }),
    http.get('*/api/game/code/:id/codes/', ({ params, request }) => {
      const batch = rows.batches.find((b) => b.id === Number(params.id));
      if (!batch) return HttpResponse.json(failure(400, '接口地址不正确'));
      const q = new URL(request.url).searchParams;
      const status = q.get('status');
      const search = q.get('search');
      const all = rows.codesOf(batch).filter((c) => (!status || c.status === status) && (!search || c.code.includes(search.toUpperCase()) || c.player?.includes(search)));
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 10);
      const data = all.slice((page - 1) * limit, page * limit);
      return HttpResponse.json(ok(listPage(giftCodeRow), { page, limit, total: all.length, is_next: page * limit < all.length, is_previous: page > 1, data }, data.length ? 'success' : '暂无数据'));
    }),
    http.get('*/api/game/code/:id/export_codes/', ({ params }) => {
      state.actions.push(`export_codes ${String(params.id)}`);
      return new HttpResponse(TINY_XLSX, {
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': `attachment;filename=${encodeURIComponent(`兑换码-批次${String(params.id)}.xlsx`)}` },
      });
    }),
    http.put('*/api/game/code/:id/void/', ({ params }) => {
      state.actions.push(`void ${String(params.id)}`);
      const row = table('game/code').find((r) => r.id === Number(params.id));
      if (!row) return HttpResponse.json(failure(400, '接口地址不正确'));
      const voided = { ...row, status: 'void', state: 'void', void_time: '2026-11-24 10:00:00' };
      stored.set('game/code', table('game/code').map((r) => (r.id === row.id ? voided : r)));
      return HttpResponse.json(ok(batchRow, batchRow.parse(voided), '已作废'));
    }),
    http.post('*/api/common/account/:id/reveal/', ({ params }) => {
      state.actions.push(`reveal ${String(params.id)}`);
      return HttpResponse.json(ok(revealedSecret, { id: Number(params.id), secret: `sk_live_story_${String(params.id)}_0123456789abcdef` }, '获取成功'));
    }),
  ];

  for (const [name, resource] of Object.entries(TABLES)) {
    const path = `*/api/${name}/`;
    const one = (id: number) => table(name).find((r) => r.id === id);
    const write = (body: Record<string, unknown>, over: Record<string, unknown>) => {
      const template = resource.rows()[0] ?? {};
      const known = Object.fromEntries(Object.entries(body).filter(([k]) => k in template && k !== 'secret'));
      if (typeof known.dept_belong_id === 'number') known.dept_belong_id = String(known.dept_belong_id);
      return resource.schema.safeParse({ ...template, ...known, ...over });
    };
    handlers.push(
      http.get(path, async ({ request }) => {
        const q = new URL(request.url).searchParams;
        (state.lists[name] ??= []).push(q);
        if (options.slow?.includes(name)) await delay('infinite');
        if (options.failing?.includes(name)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
        const found = options.empty?.includes(name) ? [] : table(name).filter((r) => matches(r, q));
        const limit = Number(q.get('limit') ?? 10);
        const page = Number(q.get('page') ?? 1);
        const data = found.slice((page - 1) * limit, page * limit);
        return HttpResponse.json(envelope(listPage(resource.schema)).parse({ code: 2000, msg: data.length ? 'success' : '暂无数据', data: { page, limit, total: found.length, is_next: page * limit < found.length, is_previous: page > 1, data } }));
      }),
      http.get(`${path}:id/`, ({ params }) => {
        const row = one(Number(params.id));
        return HttpResponse.json(row ? ok(resource.schema, row, '获取成功') : failure(400, '接口地址不正确'));
      }),
      http.post(path, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        const parsed = write(body, { id: nextId++ });
        if (!parsed.success) return HttpResponse.json(failure(4000, parsed.error.issues[0]?.message ?? '参数错误'));
        state.created.push({ resource: name, body });
        stored.set(name, [parsed.data, ...table(name)]);
        return HttpResponse.json(ok(resource.schema, parsed.data, '新增成功'));
      }),
      http.put(`${path}:id/`, async ({ request, params }) => {
        const id = Number(params.id);
        const body = (await request.json()) as Record<string, unknown>;
        const parsed = write({ ...one(id), ...body }, { id });
        if (!parsed.success) return HttpResponse.json(failure(4000, parsed.error.issues[0]?.message ?? '参数错误'));
        state.updated.push({ resource: name, id, body });
        stored.set(name, table(name).map((r) => (r.id === id ? parsed.data : r)));
        return HttpResponse.json(ok(resource.schema, parsed.data, '更新成功'));
      }),
      http.delete(`${path}:id/`, ({ params }) => {
        stored.set(name, table(name).filter((r) => r.id !== Number(params.id)));
        return HttpResponse.json(ok(z.array(z.never()), [], '删除成功'));
      }),
    );
  }
  const reset = () => {
    base.reset();
    stored.clear();
    nextId = 1000;
    Object.assign(state, { lists: {}, created: [], updated: [], actions: [], uploads: [] });
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { game: state });
}

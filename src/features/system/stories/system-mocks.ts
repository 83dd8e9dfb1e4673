import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  apiWhiteListRow,
  areaRow,
  deptRow,
  dictionaryEntry,
  dictionaryGroup,
  dictionaryRow,
  envelope,
  fileListRow,
  listPage,
  loginLogRow,
  menuButtonRow,
  menuItem,
  menuRow,
  operationLogRow,
  roleRow,
  systemConfigRow,
  userRow,
  type MenuItem,
} from '../../../../contracts/schemas';
import { dictionaries, failure, ok, wrapList } from '../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../stories/mocks/handlers';
import * as rows from '../../../../stories/mocks/system-rows';

/**
 * A generic mock of the system resources (API-CONTRACT §8) for the screen stories: list with paging,
 * `search` and field filters (lazy trees give their top level unless `?parent=` asks for children),
 * retrieve, create, update, delete and multiple_delete. Rows come from system-rows.ts and every
 * answer, created and updated rows included, goes through the resource's contract schema.
 */

interface ResourceMock {
  schema: z.ZodObject;
  rows: () => Record<string, unknown>[];
  /** Lazy tree: without this query parameter only the rows whose value for it is null are listed. */
  treeParam?: string;
}

export const RESOURCES: Record<string, ResourceMock> = {
  user: { schema: userRow, rows: () => rows.users },
  dept: { schema: deptRow, rows: () => rows.depts, treeParam: 'parent' },
  role: { schema: roleRow, rows: () => rows.roles },
  menu: { schema: menuRow, rows: () => rows.menuRows, treeParam: 'parent' },
  menu_button: { schema: menuButtonRow, rows: () => rows.menuButtons },
  dictionary: { schema: dictionaryRow, rows: () => rows.dictionaryRows },
  system_config: { schema: systemConfigRow, rows: () => rows.configGroups },
  api_white_list: { schema: apiWhiteListRow, rows: () => rows.whiteListRows },
  area: { schema: areaRow, rows: () => rows.areaRows },
  file: { schema: fileListRow, rows: () => rows.fileRows },
  login_log: { schema: loginLogRow, rows: () => rows.loginLogRows },
  operation_log: { schema: operationLogRow, rows: () => rows.operationLogRows },
};

/** A system screen: its menu entry (route, page component) and its resource. */
export interface ScreenDef {
  id: number;
  name: string;
  path: string;
  component: string;
  resource: keyof typeof RESOURCES;
}

export const SCREENS = {
  user: { id: 101, name: '用户管理', path: '/user', component: 'system/user/index', resource: 'user' },
  dept: { id: 102, name: '部门管理', path: '/dept', component: 'system/dept/index', resource: 'dept' },
  role: { id: 103, name: '角色管理', path: '/role', component: 'system/role/index', resource: 'role' },
  menu: { id: 104, name: '菜单管理', path: '/menu', component: 'system/menu/index', resource: 'menu' },
  menuButton: { id: 105, name: '菜单按钮', path: '/menuButton', component: 'system/menuButton/index', resource: 'menu_button' },
  dictionary: { id: 106, name: '字典管理', path: '/dictionary', component: 'system/dictionary/index', resource: 'dictionary' },
  config: { id: 107, name: '系统配置', path: '/config', component: 'system/config/index', resource: 'system_config' },
  whiteList: { id: 108, name: '接口白名单', path: '/apiWhiteList', component: 'system/whiteList/index', resource: 'api_white_list' },
  areas: { id: 109, name: '地区管理', path: '/areas', component: 'system/areas/index', resource: 'area' },
  fileList: { id: 110, name: '附件管理', path: '/file', component: 'system/fileList/index', resource: 'file' },
  loginLog: { id: 111, name: '登录日志', path: '/loginLog', component: 'system/log/loginLog/index', resource: 'login_log' },
  operationLog: { id: 112, name: '操作日志', path: '/operationLog', component: 'system/log/operationLog/index', resource: 'operation_log' },
} as const satisfies Record<string, ScreenDef>;

export const ALL_BUTTONS = ['Create', 'Update', 'Retrieve', 'Delete', 'Search', 'Export', 'Import', 'ResetPassword', 'DefaultPassword', 'Save'];

/** The 系统管理 catalog with every screen, each with all buttons. */
export const systemMenus: MenuItem[] = z.array(menuItem).parse([
  { id: 100, parent: null, icon: 'cog', sort: 1, path: '', name: '系统管理', title: '系统管理', is_link: false, is_catalog: true, web_path: '', component: '', component_name: '', cache: false, visible: true, menuPermission: [], frame_out: false },
  ...Object.values(SCREENS).map((s: ScreenDef) => ({
    id: s.id,
    parent: 100,
    icon: 'list',
    sort: s.id,
    path: s.path,
    name: s.name,
    title: s.name,
    is_link: false,
    is_catalog: false,
    web_path: s.path,
    component: s.component,
    component_name: s.component.split('/').at(-2) ?? '',
    cache: false,
    visible: true,
    menuPermission: ALL_BUTTONS,
    frame_out: false,
  })),
]);

export interface SystemMockState {
  /** Query strings of the list calls, by resource. */
  lists: Record<string, URLSearchParams[]>;
  created: { resource: string; body: Record<string, unknown> }[];
  updated: { resource: string; id: number; body: Record<string, unknown> }[];
  deleted: { resource: string; ids: number[] }[];
}

const WHETHER = dictionaryGroup.parse({ id: 20, value: 'button_whether_bool', children: [{ label: '是', value: 'true', type: 6, color: 'success' }, { label: '否', value: 'false', type: 6, color: 'danger' }] });
const TRUE = new Set(['1', 'true', 'True']);
const LIST_PARAMS = new Set(['page', 'limit', 'ordering', 'search']);

function matches(row: Record<string, unknown>, q: URLSearchParams, treeParam: string | undefined, ignored: ReadonlySet<string>): boolean {
  if (treeParam && !q.has(treeParam) && row[treeParam] !== null) return false;
  const keyword = q.get('search');
  if (keyword && !Object.values(row).some((v) => typeof v === 'string' && v.includes(keyword))) return false;
  for (const [key, value] of q) {
    if (LIST_PARAMS.has(key) || value === '' || ignored.has(key)) continue;
    // The console sends booleans as 1/0 (src/adapters/rest/params.ts).
    if (key.endsWith('__isnull')) {
      if ((row[key.slice(0, -8)] === null) !== TRUE.has(value)) return false;
      continue;
    }
    if (!(key in row)) continue;
    const cell = row[key];
    if (typeof cell === 'boolean' ? cell !== TRUE.has(value) : typeof cell === 'string' ? !cell.includes(value) : String(cell) !== value) return false;
  }
  return true;
}

export interface SystemBackendOptions {
  /**
   * Query parameters the mock ignores, per resource, as the real back end ignores `pcode__isnull` on
   * areas (API-CONTRACT §17): e.g. `{ area: ['pcode__isnull'] }`.
   */
  ignoredFilters?: Record<string, readonly string[]>;
}

/** The mock back end of the system screens (on top of the shell's: login, menus, dictionaries, departments). */
export function systemBackend(options: SystemBackendOptions = {}): MockBackend & { system: SystemMockState } {
  const state: SystemMockState = { lists: {}, created: [], updated: [], deleted: [] };
  const stored = new Map<string, Record<string, unknown>[]>();
  let nextId = 1000;
  const table = (name: string) => {
    const known = stored.get(name);
    if (known) return known;
    const fresh = [...(RESOURCES[name]?.rows() ?? [])];
    stored.set(name, fresh);
    return fresh;
  };
  const base = mockBackend();
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: systemMenus.length, data: systemMenus } });
  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    http.get('*/api/init/dictionary/', ({ request }) => {
      const all = [...dictionaries, WHETHER];
      const key = new URL(request.url).searchParams.get('dictionary_key') ?? '';
      if (key === 'all') return HttpResponse.json(ok(listPage(dictionaryGroup), wrapList(dictionaryGroup, all), '获取成功'));
      return HttpResponse.json(ok(listPage(dictionaryEntry), wrapList(dictionaryEntry, all.find((g) => g.value === key)?.children ?? []), '获取成功'));
    }),
    // The shell's own calls (user_info, all_dept, web_router) before the generic :id routes.
    ...base.handlers,
  ];
  for (const [name, resource] of Object.entries(RESOURCES)) {
    const path = `*/api/system/${name}/`;
    const one = (id: number) => table(name).find((r) => r.id === id);
    const write = (body: Record<string, unknown>, over: Record<string, unknown>) => {
      const template = resource.rows()[0] ?? {};
      const known = Object.fromEntries(Object.entries(body).filter(([k]) => k in template));
      // The owning department arrives as an id and is stored as a string (auditInput vs auditRow).
      if (typeof known.dept_belong_id === 'number') known.dept_belong_id = String(known.dept_belong_id);
      return resource.schema.safeParse({ ...template, ...known, ...over });
    };
    handlers.push(
      http.get(path, ({ request }) => {
        const q = new URL(request.url).searchParams;
        (state.lists[name] ??= []).push(q);
        const found = table(name).filter((r) => matches(r, q, resource.treeParam, new Set(options.ignoredFilters?.[name] ?? [])));
        const limit = Number(q.get('limit') ?? 10);
        const page = Number(q.get('page') ?? 1);
        const data = found.slice((page - 1) * limit, page * limit);
        return HttpResponse.json(envelope(listPage(resource.schema)).parse({ code: 2000, msg: data.length ? 'success' : '暂无数据', data: { page, limit, total: found.length, is_next: page * limit < found.length, is_previous: page > 1, data } }));
      }),
      http.delete(`${path}multiple_delete/`, async ({ request }) => {
        const keys = ((await request.json()) as { keys: number[] }).keys;
        state.deleted.push({ resource: name, ids: keys });
        stored.set(name, table(name).filter((r) => !keys.includes(Number(r.id))));
        return HttpResponse.json(ok(z.array(z.never()), [], '删除成功'));
      }),
      http.get(`${path}:id/`, ({ params }) => {
        const row = one(Number(params.id));
        return HttpResponse.json(row ? ok(resource.schema, row, '获取成功') : failure(4000, '未找到。'));
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
        const id = Number(params.id);
        state.deleted.push({ resource: name, ids: [id] });
        stored.set(name, table(name).filter((r) => r.id !== id));
        return HttpResponse.json(ok(z.array(z.never()), [], '删除成功'));
      }),
    );
  }
  const reset = () => {
    base.reset();
    stored.clear();
    nextId = 1000;
    Object.assign(state, { lists: {}, created: [], updated: [], deleted: [] });
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { system: state });
}

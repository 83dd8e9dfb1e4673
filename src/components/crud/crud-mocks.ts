import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import { apiWhiteListRow, envelope, listPage, menuItem, type ApiWhiteListRow } from '../../../contracts/schemas';
import { menus as baseMenus } from '../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../stories/mocks/handlers';
import { audit } from '../../../stories/mocks/system-rows';

/**
 * A mock white-list viewset for the CRUD page stories: list (paging, ordering, search), create,
 * update, delete, multiple_delete, export; every answer built through the contract schemas.
 */

export type ListMode = 'data' | 'empty' | 'error' | 'loading';

export interface CrudMockState {
  listCalls: URLSearchParams[];
  created: unknown[];
  updated: unknown[];
  deleted: number[];
  exports: number;
}

const row = (id: number, url: string, method: number): ApiWhiteListRow =>
  apiWhiteListRow.parse({
    ...audit(id),
    create_datetime: `2026-11-${String(10 + (id % 10)).padStart(2, '0')} 10:00:00`,
    update_datetime: '2026-11-20 10:00:00',
    url,
    method,
    enable_datasource: id % 2 === 0,
  });

export const WHITE_LIST_PATH = '/apiWhiteList';

/** The menus of the mock plus the white list screen with the given buttons. */
export function menusWith(buttons: string[]) {
  return [
    ...baseMenus,
    menuItem.parse({
      id: 8,
      parent: 1,
      icon: 'shield',
      sort: 8,
      path: WHITE_LIST_PATH,
      name: '接口白名单',
      title: '接口白名单',
      is_link: false,
      is_catalog: false,
      web_path: WHITE_LIST_PATH,
      component: 'system/whiteList/index',
      component_name: 'whiteList',
      cache: false,
      visible: true,
      menuPermission: buttons,
      frame_out: false,
    }),
  ];
}

const paged = envelope(listPage(apiWhiteListRow));

export function crudBackend(options: { mode?: ListMode; buttons?: string[]; rows?: number } = {}): MockBackend & { crud: CrudMockState } {
  const mode = options.mode ?? 'data';
  const buttons = options.buttons ?? ['Create', 'Update', 'Retrieve', 'Delete', 'Search', 'Export'];
  const state: CrudMockState = { listCalls: [], created: [], updated: [], deleted: [], exports: 0 };
  const initial = () => Array.from({ length: options.rows ?? 23 }, (_, i) => row(i + 1, `/api/mock/${String(i + 1).padStart(2, '0')}/`, i % 4));
  let rows = initial();
  const base = mockBackend();
  const web = z.array(menuItem).parse(menusWith(buttons));
  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: web.length, data: web } }))),
    http.get('*/api/system/api_white_list/export_data/', () => {
      state.exports += 1;
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': "attachment; filename*=UTF-8''%E7%99%BD%E5%90%8D%E5%8D%95.xlsx" },
      });
    }),
    http.get('*/api/system/api_white_list/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.listCalls.push(q);
      if (mode === 'loading') await delay('infinite');
      if (mode === 'error') return HttpResponse.json(envelope(z.null()).parse({ code: 4000, msg: '数据库连接失败', data: null }));
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 10);
      let found = mode === 'empty' ? [] : rows.filter((r) => !q.get('url') || r.url.includes(q.get('url') ?? ''));
      const ordering = q.get('ordering') ?? '';
      if (ordering) {
        const key = ordering.replace(/^-/, '') as keyof ApiWhiteListRow;
        found = [...found].sort((a, b) => String(a[key]).localeCompare(String(b[key])) * (ordering.startsWith('-') ? -1 : 1));
      }
      const data = found.slice((page - 1) * limit, page * limit);
      return HttpResponse.json(paged.parse({ code: 2000, msg: data.length ? 'success' : '暂无数据', data: { page, limit, total: found.length, is_next: page * limit < found.length, is_previous: page > 1, data } }));
    }),
    http.post('*/api/system/api_white_list/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      // The real back end's refusal of a repeated unique value: code 4000, the field's label first.
      if (rows.some((r) => r.url === body.url)) return HttpResponse.json(envelope(z.null()).parse({ code: 4000, msg: '接口地址:该接口地址已存在。', data: null }));
      state.created.push(body);
      const created = row(rows.length + 100, String(body.url), Number(body.method ?? 0));
      rows = [created, ...rows];
      return HttpResponse.json(envelope(apiWhiteListRow).parse({ code: 2000, msg: '新增成功', data: created }));
    }),
    http.put('*/api/system/api_white_list/:id/', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.updated.push(body);
      rows = rows.map((r) => (r.id === Number(params.id) ? { ...r, url: String(body.url) } : r));
      const updated = rows.find((r) => r.id === Number(params.id)) ?? rows[0];
      return HttpResponse.json(envelope(apiWhiteListRow).parse({ code: 2000, msg: '更新成功', data: updated }));
    }),
    http.delete('*/api/system/api_white_list/multiple_delete/', async ({ request }) => {
      const body = (await request.json()) as { keys: number[] };
      state.deleted.push(...body.keys);
      rows = rows.filter((r) => !body.keys.includes(r.id));
      return HttpResponse.json(envelope(z.array(z.never())).parse({ code: 2000, msg: '删除成功', data: [] }));
    }),
    http.delete('*/api/system/api_white_list/:id/', ({ params }) => {
      state.deleted.push(Number(params.id));
      rows = rows.filter((r) => r.id !== Number(params.id));
      return HttpResponse.json(envelope(z.array(z.never())).parse({ code: 2000, msg: '删除成功', data: [] }));
    }),
    ...base.handlers,
  ];
  const reset = () => {
    base.reset();
    rows = initial();
    state.listCalls = [];
    state.created = [];
    state.updated = [];
    state.deleted = [];
    state.exports = 0;
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { crud: state });
}

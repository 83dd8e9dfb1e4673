import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import { envelope, listPage, menuItem, systemConfigItem, systemConfigRow, type SystemConfigRow } from '../../../../../../contracts/schemas';
import { menus as baseMenus } from '../../../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../../../stories/mocks/handlers';

/**
 * A mock system_config viewset for the config page stories: the groups with their items
 * (`chinldern`), create, delete and save_content; answers built through the contract schemas.
 * A create whose key is RACED_KEY is refused the way the server refuses a key another person took
 * meanwhile, so the story can show the server's own message.
 */

export const CONFIG_PATH = '/config';
export const RACED_KEY = 'raced_key';
export const RACED_MESSAGE = '键已存在（同一分组下不能重复）。';

export interface ConfigMockState {
  created: Record<string, unknown>[];
  deleted: number[];
  saved: unknown[];
}

const audit = { description: null, creator: 1, creator_name: '超级管理员', modifier: '1', modifier_name: '超级管理员', dept_belong_id: '1', create_datetime: '2026-11-20 10:00:00', update_datetime: '2026-11-20 10:00:00' };
const TYPE_NAMES = ['text', 'datetime', 'date', 'textarea', 'select', 'checkbox', 'radio', 'img', 'file', 'switch', 'number', 'array', 'imgs', 'foreignkey', 'manytomany', 'time'];

const item = (id: number, parent: number, fields: Record<string, unknown>) =>
  systemConfigItem.parse({
    ...audit,
    id,
    parent,
    value: null,
    sort: 1,
    status: true,
    data_options: null,
    form_item_type: 0,
    rule: [],
    placeholder: null,
    setting: null,
    ...fields,
    form_item_type_label: TYPE_NAMES[Number(fields.form_item_type ?? 0)] ?? 'text',
  });

const group = (id: number, key: string, title: string, items: ReturnType<typeof item>[]): SystemConfigRow =>
  systemConfigRow.parse({ ...audit, id, parent: null, key, title, value: null, sort: id, status: true, data_options: null, form_item_type: 0, form_item_type_label: 'text', rule: null, placeholder: null, setting: null, chinldern: items });

const initial = (): SystemConfigRow[] => [
  group(1, 'base', '基础配置', [
    item(2, 1, { key: 'captcha_state', title: '开启验证码', value: true, form_item_type: 9, rule: [{ required: true, message: '必填项不能为空' }] }),
    item(3, 1, { key: 'default_password', title: '创建用户默认密码', value: 'admin123456', rule: [{ required: true, message: '必填项不能为空' }] }),
  ]),
  group(10, 'login', '登录页配置', [item(11, 10, { key: 'site_name', title: '网站名称', value: '企业级后台管理系统' })]),
];

export function configBackend(buttons: string[] = ['Retrieve', 'Update', 'Search', 'Create', 'Delete']): MockBackend & { config: ConfigMockState } {
  const state: ConfigMockState = { created: [], deleted: [], saved: [] };
  let groups = initial();
  let nextId = 100;
  const base = mockBackend();
  const web = z.array(menuItem).parse([
    ...baseMenus,
    { ...baseMenus[0], id: 10, parent: 1, sort: 10, path: CONFIG_PATH, web_path: CONFIG_PATH, name: '系统配置', title: '系统配置', is_catalog: false, component: 'system/config/index', component_name: 'config', menuPermission: buttons },
  ]);
  const ok = (data: unknown) => HttpResponse.json({ code: 2000, msg: 'success', data });
  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: web.length, data: web } }))),
    http.get('*/api/system/system_config/', () =>
      HttpResponse.json(envelope(listPage(systemConfigRow)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 999, total: groups.length, is_next: false, is_previous: false, data: groups } })),
    ),
    http.post('*/api/system/system_config/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      if (body.key === RACED_KEY) return HttpResponse.json({ code: 4000, msg: RACED_MESSAGE, data: null });
      state.created.push(body);
      const id = nextId++;
      if (body.parent === null) groups = [...groups, group(id, String(body.key), String(body.title), [])];
      else groups = groups.map((g) => (g.id === body.parent ? { ...g, chinldern: [...g.chinldern, item(id, g.id, body)] } : g));
      return HttpResponse.json({ code: 2000, msg: '新增成功', data: { id, ...body } });
    }),
    http.put('*/api/system/system_config/save_content/', async ({ request }) => {
      state.saved.push(await request.json());
      return ok([]);
    }),
    http.delete('*/api/system/system_config/:id/', ({ params }) => {
      const id = Number(params.id);
      state.deleted.push(id);
      groups = groups.filter((g) => g.id !== id).map((g) => ({ ...g, chinldern: g.chinldern.filter((c) => c.id !== id) }));
      return HttpResponse.json({ code: 2000, msg: '删除成功', data: [] });
    }),
    ...base.handlers,
  ];
  const reset = () => {
    base.reset();
    groups = initial();
    state.created = [];
    state.deleted = [];
    state.saved = [];
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { config: state });
}

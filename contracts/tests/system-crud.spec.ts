import { z } from 'zod';
import { test, expect } from '../fixtures';
import {
  apiWhiteListRow,
  areaRow,
  deptRow,
  dictionaryRow,
  listPage,
  loginLogRow,
  menuButtonRow,
  menuRow,
  operationLogRow,
  roleRow,
  systemConfigRow,
  userRow,
} from '../schemas';
import { expectFailure, expectSuccess } from './support/expect-contract';

/** The management screens' calls (API-CONTRACT §9, §14, examples 14-16, 43-67), as superadmin. */

test.describe('system lists', () => {
  const LISTS: Array<[string, z.ZodType]> = [
    ['api/system/user/?page=1&limit=2&ordering=-create_datetime', userRow],
    ['api/system/role/?page=1&limit=2', roleRow],
    ['api/system/menu_button/?page=1&limit=2', menuButtonRow],
    ['api/system/dictionary/?page=1&limit=2', dictionaryRow],
    ['api/system/system_config/?parent__isnull=true&limit=999', systemConfigRow],
    ['api/system/api_white_list/?page=1&limit=2', apiWhiteListRow],
    ['api/system/area/?page=1&limit=2&pcode__isnull=true', areaRow],
    ['api/system/login_log/?page=1&limit=2', loginLogRow],
    ['api/system/operation_log/?page=1&limit=2', operationLogRow],
  ];
  for (const [path, row] of LISTS) {
    test(`GET ${path.split('?')[0]} is a paginated list of contract rows`, async ({ api, auth }) => {
      const { access } = await auth.session();
      const page = expectSuccess(await api.get(path, { token: access }), listPage(row), path);
      expect(page.data.length).toBeGreaterThan(0);
      expect(typeof page.is_next).toBe('boolean');
    });
  }

  test('dept and menu lazy lists (shape 2) with hasChild', async ({ api, auth }) => {
    const { access } = await auth.session();
    const depts = expectSuccess(await api.get('api/system/dept/', { token: access }), listPage(deptRow), 'GET dept');
    expect(depts).toMatchObject({ page: 1, limit: 1 });
    expect(depts.data.every((d) => d.parent === null)).toBe(true);
    const menus = expectSuccess(await api.get('api/system/menu/', { token: access }), listPage(menuRow), 'GET menu');
    expect(menus.data.some((m) => m.hasChild)).toBe(true);
  });

  test('dept_lazy_tree, role_get_menu and get_btn_permission', async ({ api, auth, target }) => {
    const { access } = await auth.session();
    expectSuccess(await api.get('api/system/dept_lazy_tree/', { token: access }), z.array(z.object({ id: z.number(), name: z.string(), parent: z.number().nullable() })), 'dept_lazy_tree');
    const perms = expectSuccess(await api.get('api/system/menu_button/get_btn_permission/', { token: access }), z.array(z.string()), 'get_btn_permission');
    if (target.fixtureData) expect(perms).toContain('/user:ResetPassword');
    for (const p of perms) expect(p).toMatch(/^.+:.+$/);
  });

  test('a page past the end: an empty page on the reference server', async ({ api, auth, target }) => {
    test.skip(target.flavour !== 'reference', 'upstream answers 4000 (known defect, API-CONTRACT §3)');
    const { access } = await auth.session();
    const reply = await api.get('api/system/user/?page=99&limit=10', { token: access });
    const page = expectSuccess(reply, listPage(userRow), 'page 99');
    expect(page.data).toEqual([]);
    expect((reply.json as { msg?: string }).msg).toBe('暂无数据');
  });

  test('a missing row → code 400 接口地址不正确 (example 50)', async ({ api, auth }) => {
    const { access } = await auth.session();
    expectFailure(await api.get('api/system/user/99999/', { token: access }), { code: 400, msg: '接口地址不正确' }, 'user 99999');
  });
});

test.describe('system writes', () => {
  test('POST user with missing fields → 用户账号:该字段是必填项。 (example 51)', async ({ api, auth }) => {
    const { access } = await auth.session();
    expectFailure(await api.post('api/system/user/', { token: access, json: { name: 'x' } }), { code: 4000, msg: '用户账号:该字段是必填项。' }, 'POST user');
  });

  test('dictionary: create, duplicate value refused, update, delete', async ({ api, auth }) => {
    const { access } = await auth.session();
    const value = `contract_${Date.now()}`;
    const created = expectSuccess(await api.post('api/system/dictionary/', { token: access, json: { label: '契约测试', value, type: 0, status: true, sort: 1 } }), dictionaryRow, 'create');
    const dup = await api.post('api/system/dictionary/', { token: access, json: { label: '契约测试', value, type: 0, status: true, sort: 1 } });
    expect((dup.json as { code?: number }).code, 'duplicate value').toBe(4000);
    const updated = expectSuccess(await api.request('PUT', `api/system/dictionary/${created.id}/`, { token: access, json: { label: '契约测试2', value, type: 0, status: true, sort: 1 } }), dictionaryRow, 'update');
    expect(updated.label).toBe('契约测试2');
    const del = await api.request('DELETE', `api/system/dictionary/${created.id}/`, { token: access });
    expect(del.json).toEqual({ code: 2000, data: [], msg: '删除成功' });
  });

  test('export_data: an xlsx download named by content-disposition', async ({ api, auth }) => {
    const { access } = await auth.session();
    const reply = await api.get('api/system/user/export_data/', { token: access });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(reply.headers['content-disposition'] ?? '').split('filename=')[1] ?? '')).toMatch(/\.xlsx$/);
  });
});

import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
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
} from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { readXlsx, writeXlsx } from '../../../domain/crud/xlsx';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, login, suiteServer } from '../../../test/helpers';

describe('system administration endpoints', () => {
  let srv: TestServer;
  let ctx: AppContext;
  let sa: string;
  let admin: string;
  let test: string;

  suiteServer(['superadmin', 'admin', 'test'], (s) => ({ srv, ctx, tokens: [sa, admin, test] } = s));

  describe('lists', () => {
    it('every resource list matches its contract row schema', async () => {
      const cases: Array<[string, z.ZodType]> = [
        ['/api/system/user/', userRow],
        ['/api/system/role/', roleRow],
        ['/api/system/menu_button/', menuButtonRow],
        ['/api/system/dictionary/', dictionaryRow],
        ['/api/system/system_config/?parent__isnull=true', systemConfigRow],
        ['/api/system/api_white_list/', apiWhiteListRow],
        ['/api/system/area/?pcode__isnull=true', areaRow],
        ['/api/system/login_log/', loginLogRow],
        ['/api/system/operation_log/', operationLogRow],
        ['/api/system/dept/', deptRow],
        ['/api/system/menu/', menuRow],
      ];
      for (const [path, row] of cases) {
        const page = expectData(await call(srv, path, { token: sa }), listPage(row));
        expect(page.data.length, path).toBeGreaterThan(0);
      }
    });

    // The real back end's row shapes (API-CONTRACT example 55, examples 57-58, §17).
    it('menu_button rows carry only id, name, value, api, method, menu; area rows tell children by pcode_count alone', async () => {
      const buttons = expectData(await call(srv, '/api/system/menu_button/?limit=999', { token: sa }), listPage(menuButtonRow));
      for (const row of buttons.data) expect(Object.keys(row).sort()).toEqual(['api', 'id', 'menu', 'method', 'name', 'value']);
      const one = (await call<Record<string, unknown>>(srv, `/api/system/menu_button/${buttons.data[0]?.id ?? 0}/`, { token: sa })).body.data;
      expect(Object.keys(one).sort()).toEqual(['api', 'id', 'menu', 'method', 'name', 'value']);
      const areas = (await call<{ data: Array<Record<string, unknown>> }>(srv, '/api/system/area/?limit=999', { token: sa })).body.data.data;
      expect(areas.length).toBeGreaterThan(3);
      for (const row of areas) {
        expect(row).not.toHaveProperty('hasChild');
        // pcode_count against a count of the raw rows.
        expect(row.pcode_count, String(row.code)).toBe(areas.filter((a) => a.pcode === row.code).length);
      }
    });

    it('user list: superusers left out, dept_name and role_info, paging flags (examples 46-47)', async () => {
      const page = expectData(await call(srv, '/api/system/user/?page=2&limit=1&ordering=username', { token: sa }), listPage(userRow));
      expect(page).toMatchObject({ page: 2, limit: 1, total: 2, is_next: false, is_previous: true });
      expect(page.data[0]).toMatchObject({ username: 'test', dept: 3, dept_name: '技术部', role: [2] });
      expect(page.data[0]?.role_info[0]).toMatchObject({ id: 2, key: 'public' });
      expect(JSON.stringify(page.data)).not.toContain('password');
      const all = expectData(await call(srv, '/api/system/user/?limit=999', { token: sa }), listPage(userRow));
      expect(all.data.map((u) => u.username)).not.toContain('superadmin');
    });

    it('a page past the end is an empty page with 暂无数据, not an error', async () => {
      const res = await call(srv, '/api/system/user/?page=99&limit=10', { token: sa });
      expect(res.body.msg).toBe('暂无数据');
      expect(expectData(res, listPage(userRow))).toMatchObject({ page: 99, total: 2, data: [], is_next: false, is_previous: true });
    });

    it('limit is capped at 999; ordering with - and commas; unknown ordering fields ignored', async () => {
      expect(expectData(await call(srv, '/api/system/dictionary/?limit=5000', { token: sa }), listPage(dictionaryRow)).limit).toBe(999);
      const asc = expectData(await call(srv, '/api/system/user/?ordering=username', { token: sa }), listPage(userRow)).data.map((u) => u.username);
      const desc = expectData(await call(srv, '/api/system/user/?ordering=-username,id', { token: sa }), listPage(userRow)).data.map((u) => u.username);
      expect(asc).toEqual(['admin', 'test']);
      expect(desc).toEqual(['test', 'admin']);
      expect(expectData(await call(srv, '/api/system/user/?ordering=password', { token: sa }), listPage(userRow)).total).toBe(2);
    });

    it('search, field filters, __isnull and create_datetime ranges', async () => {
      const byName = (q: string) => call(srv, `/api/system/user/?${q}`, { token: sa }).then((r) => expectData(r, listPage(userRow)).data.map((u) => u.username));
      expect(await byName('search=测试')).toEqual(['test']);
      expect(await byName('search=技术部')).toEqual(['test']);
      expect(await byName('dept=2')).toEqual(['admin']);
      expect(await byName('name=管理')).toEqual(['admin']);
      expect(await byName('is_active=1&ordering=username')).toEqual(['admin', 'test']);
      expect(await byName('is_active=0')).toEqual([]);
      // django's __icontains suffix (the console's `contains` filter): case-insensitive, any position, LIKE wildcards literal.
      expect(await byName('username__icontains=DMI')).toEqual(['admin']);
      expect(await byName('username__icontains=es&ordering=username')).toEqual(['test']);
      expect(await byName('username__icontains=%25')).toEqual([]);
      expect((await byName('no_such_field__icontains=x')).length).toBe(2);
      expect(await byName('create_datetime_after=2000-01-01&create_datetime_before=2000-01-02')).toEqual([]);
      expect((await byName('create_datetime_after=2000-01-01')).length).toBe(2);
      expectFailure(await call(srv, '/api/system/user/?dept=abc', { token: sa }), 4000, '所属部门:请输入一个有效的值。');
      expectFailure(await call(srv, '/api/system/user/?create_datetime_after=yesterday', { token: sa }), 4000, '创建时间:日期格式应为 yyyy-MM-dd。');
      const top = expectData(await call(srv, '/api/system/system_config/?parent__isnull=true&limit=999', { token: sa }), listPage(systemConfigRow));
      expect(top.data.map((g) => g.key)).toEqual(['base', 'login']);
      expect(top.data[0]?.chinldern.map((c) => c.key)).toContain('captcha_state');
    });

    it('dept and menu are lazy trees (shape 2): top level by default, ?parent for children', async () => {
      const top = expectData(await call(srv, '/api/system/dept/', { token: sa }), listPage(deptRow));
      expect(top).toMatchObject({ page: 1, limit: 1, total: 1 });
      expect(top.data).toHaveLength(1);
      expect(top.data[0]).toMatchObject({ id: 1, hasChild: true, has_children: 2, status_label: '启用' });
      const kids = expectData(await call(srv, '/api/system/dept/?parent=1', { token: sa }), listPage(deptRow));
      expect(kids.data.map((d) => d.name)).toEqual(['技术部', '运营部']);
      expect(kids.data[0]?.parent_name).toBe('DVAdmin团队');
      const menus = expectData(await call(srv, '/api/system/menu/?parent=1', { token: sa }), listPage(menuRow));
      expect(menus.data.find((m) => m.id === 6)?.menuPermission).toContain('ResetPassword');
      expect(menus.data.find((m) => m.id === 9)?.hasChild).toBe(true);
    });

    it('?query={id,name} trims rows (restql)', async () => {
      const page = expectData(await call(srv, '/api/system/role/?query=%7Bid,name%7D', { token: sa }), listPage(z.object({ id: z.number(), name: z.string() }).strict()));
      expect(page.data).toEqual([
        { id: 1, name: '管理员' },
        { id: 2, name: '用户' },
      ]);
    });
  });

  describe('writes', () => {
    it('validation messages carry the Chinese field label (example 51)', async () => {
      expectFailure(await call(srv, '/api/system/user/', { token: sa, body: { name: 'x' } }), 4000, '用户账号:该字段是必填项。');
      expectFailure(await call(srv, '/api/system/role/', { token: sa, body: { name: 'x' } }), 4000, '权限字符:该字段是必填项。');
      expectFailure(await call(srv, '/api/system/dept/', { token: sa, body: { name: 'x'.repeat(65) } }), 4000, '部门名称:长度不能超过 64 个字符。');
    });

    it('user create → KDF password that signs in, unique username, update, delete', async () => {
      const created = expectData(await call(srv, '/api/system/user/', { token: sa, body: { username: 'alice', name: '爱丽丝', dept: 2, role: [2], mobile: '13900000001' } }), userRow);
      expect(created).toMatchObject({ username: 'alice', dept: 2, role: [2], creator: 1, dept_belong_id: '2' });
      const stored = await ctx.db.query<{ password: string }>('SELECT password FROM users WHERE id = $1', [created.id]);
      expect(stored[0]?.password).toMatch(/^scrypt\$/);
      expect((await login(srv, 'alice', 'admin123456', false)).access).toBeTruthy();
      const signIns = expectData(await call(srv, '/api/system/login_log/?username=alice', { token: sa }), listPage(loginLogRow));
      expect(signIns.data.map((l) => l.username)).toEqual(['alice']);
      expectFailure(await call(srv, '/api/system/user/', { token: sa, body: { username: 'alice', name: 'dup' } }), 4000, '用户账号已存在，请换一个。');
      const updated = expectData(await call(srv, `/api/system/user/${created.id}/`, { method: 'PATCH', token: sa, body: { name: '爱丽丝2', role: [1, 2] } }), userRow);
      expect(updated).toMatchObject({ name: '爱丽丝2', role: [1, 2] });
      expectFailure(await call(srv, `/api/system/user/${created.id}/`, { method: 'PUT', token: sa, body: { name: 'x' } }), 4000, '用户账号:该字段是必填项。');
      const del = await call(srv, `/api/system/user/${created.id}/`, { method: 'DELETE', token: sa });
      expect(del.body).toEqual({ code: 2000, data: [], msg: '删除成功' });
      expectFailure(await call(srv, `/api/system/user/${created.id}/`, { token: sa }), 400, '接口地址不正确');
    });

    it('a failed write leaves nothing behind (bad role id rolls the new user back)', async () => {
      expectFailure(await call(srv, '/api/system/user/', { token: sa, body: { username: 'ghost', name: 'g', role: [999] } }), 4000, '关联角色:角色不存在。');
      expect(await ctx.db.query('SELECT 1 FROM users WHERE username = $1', ['ghost'])).toHaveLength(0);
    });

    it('reset_password (md5 from the web client) and reset_to_default_password', async () => {
      const md5 = 'e10adc3949ba59abbe56e057f20f883e'; // md5('123456')
      expectFailure(await call(srv, '/api/system/user/3/reset_password/', { method: 'PUT', token: sa, body: { newPassword: md5, newPassword2: 'x'.repeat(32) } }), 400, '两次密码不匹配');
      const res = await call(srv, '/api/system/user/3/reset_password/', { method: 'PUT', token: sa, body: { newPassword: md5, newPassword2: md5 } });
      expect(res.body.code).toBe(2000);
      expect((await login(srv, 'test', '123456', false)).access).toBeTruthy();
      expect((await call(srv, '/api/system/user/3/reset_to_default_password/', { method: 'PUT', token: sa })).body.code).toBe(2000);
      // The resets ended test's sessions: its earlier token is refused, a new sign-in works.
      expect((await call(srv, '/api/system/user/user_info/', { token: test })).body.code).toBe(401);
      test = (await login(srv, 'test', 'admin123456', false)).access;
      expect(test).toBeTruthy();
      expectFailure(await call(srv, '/api/system/user/1/reset_to_default_password/', { method: 'PUT', token: sa }), 400, '接口地址不正确');
    });

    it('dept delete refused while it has users or children; multiple_delete is all or none', async () => {
      expectFailure(await call(srv, '/api/system/dept/3/', { method: 'DELETE', token: sa }), 4000, '部门「技术部」下还有 1 个用户，不能删除。请先移走这些用户。');
      const parent = expectData(await call(srv, '/api/system/dept/', { token: sa, body: { name: '临时部门', parent: 1 } }), deptRow);
      const child = expectData(await call(srv, '/api/system/dept/', { token: sa, body: { name: '临时子部门', parent: parent.id } }), deptRow);
      expectFailure(await call(srv, `/api/system/dept/${parent.id}/`, { method: 'DELETE', token: sa }), 4000, '部门「临时部门」下还有 1 个子部门，不能删除。请先删除子部门。');
      expectFailure(await call(srv, `/api/system/dept/${parent.id}/`, { method: 'PATCH', token: sa, body: { parent: child.id } }), 4000, '上级部门不能是它自己或它的下级部门。');
      const partial = await call(srv, '/api/system/dept/multiple_delete/', { method: 'DELETE', token: sa, body: { keys: [child.id, 99999] } });
      expect(partial.body.code).toBe(400);
      expect(await ctx.db.query('SELECT 1 FROM depts WHERE id = $1', [child.id])).toHaveLength(1);
      const both = await call(srv, '/api/system/dept/multiple_delete/', { method: 'DELETE', token: sa, body: { keys: [child.id, parent.id] } });
      expect(both.body).toEqual({ code: 2000, data: [], msg: '删除成功' });
    });

    it('role key unique; grants through PATCH menu/permission/dept reach web_router and permissions', async () => {
      expectFailure(await call(srv, '/api/system/role/', { token: sa, body: { name: 'x', key: 'admin' } }), 4000, '权限字符已存在，请换一个。');
      // Give role public the dept list (menu 4) and its Search button.
      const button = (await ctx.db.query<{ id: number }>("SELECT id FROM menu_buttons WHERE menu = 4 AND value = 'Search'"))[0]?.id ?? 0;
      const role = expectData(await call(srv, '/api/system/role/2/', { token: sa }), roleRow);
      expectFailure(await call(srv, '/api/system/dept/', { token: test }), 4000, '您没有执行该操作的权限。 (GET: /api/system/dept/)');
      const granted = expectData(
        await call(srv, '/api/system/role/2/', { method: 'PATCH', token: sa, body: { menu: [...role.menu, 1, 4], permission: [...role.permission, button], data_range: 4, dept: [3] } }),
        roleRow,
      );
      expect(granted).toMatchObject({ data_range: 4, dept: [3] });
      expect(expectData(await call(srv, '/api/system/dept/', { token: test }), listPage(deptRow)).data.length).toBe(1);
      const menus = await call<{ data: Array<{ id: number }> }>(srv, '/api/system/menu/web_router/', { token: test });
      expect(menus.body.data.data.map((m) => m.id)).toContain(4);
      const perms = await call<string[]>(srv, '/api/system/menu_button/get_btn_permission/', { token: test });
      expect(perms.body.data).toContain('/dept:Search');
      // Put the role back.
      expect((await call(srv, '/api/system/role/2/', { method: 'PATCH', token: sa, body: { menu: role.menu, permission: role.permission, data_range: 0, dept: [] } })).body.code).toBe(2000);
      expect((await call(srv, '/api/system/dept/', { token: test })).body.code).toBe(4000);
    });

    it('dictionary value unique within its parent; changes reach /api/init/dictionary/ at once', async () => {
      const group = expectData(await call(srv, '/api/system/dictionary/', { token: sa, body: { label: '测试字典', value: 'test_dict' } }), dictionaryRow);
      expect(expectData(await call(srv, '/api/system/dictionary/', { token: sa, body: { label: '甲', value: 'a', parent: group.id, type: 0 } }), dictionaryRow).is_value).toBe(true);
      expectFailure(await call(srv, '/api/system/dictionary/', { token: sa, body: { label: '乙', value: 'a', parent: group.id } }), 4000, '字典编号已存在（同一父级下不能重复）。');
      const init = await call<{ data: Array<{ value: string }> }>(srv, '/api/init/dictionary/?dictionary_key=test_dict', { token: sa });
      expect(JSON.stringify(init.body.data)).toContain('甲');
      const sub = expectData(await call(srv, `/api/system/dictionary/?parent=${group.id}`, { token: sa }), listPage(dictionaryRow));
      expect(sub.data.map((d) => d.value)).toEqual(['a']);
    });

    it('save_content saves all items or none, refreshes /api/init/settings/ and pushes systemConfig', async () => {
      const frames: string[] = [];
      const ws = new WebSocket(`${srv.wsUrl}/api/ws/${sa}/`);
      ws.on('message', (data) => frames.push(String(data)));
      await new Promise<void>((resolve) => ws.once('open', () => resolve()));
      expectFailure(await call(srv, '/api/system/system_config/save_content/', { method: 'PUT', token: sa, body: [{ id: 6, value: '新名字' }, { id: 99999, value: 1 }] }), 4000, '配置项 99999 不存在，未保存任何配置。');
      expect((await call<Record<string, unknown>>(srv, '/api/init/settings/')).body.data['login.site_name']).toBe('企业级后台管理系统');
      expectFailure(await call(srv, '/api/system/system_config/save_content/', { method: 'PUT', token: sa, body: [{ id: 6, value: '' }] }), 4000, '网站名称:必填项不能为空');
      const res = await call(srv, '/api/system/system_config/save_content/', { method: 'PUT', token: sa, body: [{ id: 6, value: '新名字' }] });
      expect(res.body).toEqual({ code: 2000, data: null, msg: '保存成功' });
      expect((await call<Record<string, unknown>>(srv, '/api/init/settings/')).body.data['login.site_name']).toBe('新名字');
      await expect.poll(() => frames.some((f) => f.includes('"systemConfig":true')), { timeout: 3000 }).toBe(true);
      ws.close();
    });

    it('menu and button changes reach web_router and get_btn_permission at once', async () => {
      const menu = expectData(await call(srv, '/api/system/menu/', { token: sa, body: { name: '新菜单', parent: 1, web_path: '/newScreen', component: 'system/newScreen', component_name: 'newScreen', sort: 99 } }), menuRow);
      const router = await call<{ data: Array<{ id: number }> }>(srv, '/api/system/menu/web_router/', { token: sa });
      expect(router.body.data.data.map((m) => m.id)).toContain(menu.id);
      expectData(await call(srv, '/api/system/menu_button/', { token: sa, body: { menu: menu.id, name: '查询', value: 'Search', api: '/api/system/new_screen/', method: 0 } }), menuButtonRow);
      expectFailure(await call(srv, '/api/system/menu_button/', { token: sa, body: { menu: menu.id, name: '查询2', value: 'Search', api: '/x/', method: 0 } }), 4000, '该菜单下已有相同的权限值。');
      expect((await call<string[]>(srv, '/api/system/menu_button/get_btn_permission/', { token: sa })).body.data).toContain('/newScreen:Search');
      expectFailure(await call(srv, `/api/system/menu/${menu.id}/`, { method: 'PATCH', token: sa, body: { parent: menu.id } }), 4000, '上级菜单不能是它自己或它的下级菜单。');
      expect((await call(srv, `/api/system/menu/${menu.id}/`, { method: 'DELETE', token: sa })).body.code).toBe(2000);
      const after = await call<{ data: Array<{ id: number }> }>(srv, '/api/system/menu/web_router/', { token: sa });
      expect(after.body.data.data.map((m) => m.id)).not.toContain(menu.id);
    });

    it('a white-list entry opens an endpoint to everybody at once; removing it closes it', async () => {
      expectFailure(await call(srv, '/api/system/area/', { token: test }), 4000, '您没有执行该操作的权限。 (GET: /api/system/area/)');
      const entry = expectData(await call(srv, '/api/system/api_white_list/', { token: sa, body: { url: '/api/system/area/', method: 0 } }), apiWhiteListRow);
      expect(expectData(await call(srv, '/api/system/area/?pcode=11', { token: test }), listPage(areaRow)).data.map((a) => a.code)).toEqual(['1101']);
      expect((await call(srv, `/api/system/api_white_list/${entry.id}/`, { method: 'DELETE', token: sa })).body.code).toBe(2000);
      expect((await call(srv, '/api/system/area/', { token: test })).body.code).toBe(4000);
    });

    it('operation log rows can be read and deleted (one or several), not created or edited', async () => {
      const page = expectData(await call(srv, '/api/system/operation_log/?limit=2', { token: sa }), listPage(operationLogRow));
      const [a, b] = page.data.map((r) => r.id);
      expect(expectData(await call(srv, `/api/system/operation_log/${a}/`, { token: sa }), operationLogRow).id).toBe(a);
      expect((await call(srv, '/api/system/operation_log/multiple_delete/', { method: 'DELETE', token: sa, body: { keys: [a, b] } })).body.code).toBe(2000);
      expectFailure(await call(srv, `/api/system/operation_log/${a}/`, { token: sa }), 400, '接口地址不正确');
      expectFailure(await call(srv, '/api/system/operation_log/', { token: sa, body: {} }), 404, '接口地址不正确', 404);
      expectFailure(await call(srv, '/api/system/login_log/1/', { method: 'DELETE', token: sa }), 404, '接口地址不正确', 404);
    });

    it('every write is in the operation log with the password masked', async () => {
      await call(srv, '/api/system/user/', { token: sa, body: { username: 'logged', name: 'l', password: 'secret-pass' } });
      const logs = expectData(await call(srv, '/api/system/operation_log/?request_path=/api/system/user/&request_method=POST', { token: sa }), listPage(operationLogRow));
      const row = logs.data.find((l) => l.request_body?.includes('logged'));
      // request_modular as upstream writes it for the user model, request_msg null (API-CONTRACT example 61).
      expect(row).toMatchObject({ request_method: 'POST', response_code: '2000', status: true, creator: 1, request_modular: '用户表', request_msg: null });
      expect(row?.request_body).not.toContain('secret-pass');
    });
  });

  describe('xlsx', () => {
    it('export: xlsx with content-disposition, rows as the list filters them', async () => {
      const res = await fetch(`${srv.baseUrl}/api/system/user/export_data/?ordering=username`, { headers: { authorization: `JWT ${sa}` } });
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(decodeURIComponent(disposition.split('filename=')[1] ?? '')).toMatch(/^用户-\d{14}\.xlsx$/);
      const rows = readXlsx(Buffer.from(await res.arrayBuffer()));
      expect(rows[0]?.[0]).toBe('用户账号');
      expect(rows.slice(1).map((r) => r[0])).toContain('admin');
      expect(rows.slice(1).map((r) => r[0])).not.toContain('superadmin');
    });

    it('import template, then an import with bad rows changes nothing and lists each row', async () => {
      const tpl = await fetch(`${srv.baseUrl}/api/system/user/import_data/`, { headers: { authorization: `JWT ${sa}` } });
      const header = readXlsx(Buffer.from(await tpl.arrayBuffer()))[0] ?? [];
      expect(header).toContain('用户账号');
      const upload = async (rows: Array<Array<string | number>>) => {
        const file = await writeXlsx('users', ['用户账号', '姓名', '性别', '所属部门ID'], rows);
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(file)]), 'users.xlsx');
        const res = await fetch(`${srv.baseUrl}/api/system/user/import_data/`, { method: 'POST', headers: { authorization: `JWT ${sa}` }, body: form });
        return (await res.json()) as { code: number; msg: string; data: unknown };
      };
      const before = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n;
      const bad = await upload([
        ['imp1', '导入一', '男', 2],
        ['', '缺账号', '女', 2],
        ['imp3', '', '男', 2],
      ]);
      expect(bad.code).toBe(4000);
      expect(bad.msg).toContain('第3行 用户账号:');
      expect(bad.msg).toContain('第4行 姓名:');
      expect(bad.data).toEqual([
        { row: 3, msg: '用户账号:该字段是必填项。' },
        { row: 4, msg: '姓名:该字段是必填项。' },
      ]);
      const dup = await upload([
        ['imp1', '导入一', '男', 2],
        ['imp1', '导入一', '男', 2],
      ]);
      expect(dup.msg).toBe('导入失败，没有写入任何数据：第3行 用户账号已存在，请换一个。');
      expect((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n).toBe(before);
      const good = await upload([
        ['imp1', '导入一', '男', 2],
        ['imp2', '导入二', '女', 3],
      ]);
      expect(good).toMatchObject({ code: 2000 });
      const imported = await ctx.db.query<{ username: string; gender: number; dept: number }>("SELECT username, gender, dept FROM users WHERE username LIKE 'imp%' ORDER BY username");
      expect(imported).toEqual([
        { username: 'imp1', gender: 1, dept: 2 },
        { username: 'imp2', gender: 2, dept: 3 },
      ]);
    });

    it('a multipart import: the file in field file, else the first file; no file or an oversized one is a clear 4000', async () => {
      const post = async (form: FormData) =>
        (await (await fetch(`${srv.baseUrl}/api/system/dictionary/import_data/`, { method: 'POST', headers: { authorization: `JWT ${sa}` }, body: form })).json()) as { code: number; msg: string };
      const sheet = async (value: string) => new Blob([new Uint8Array(await writeXlsx('d', ['字典名称', '字典编号'], [[`组${value}`, value]]))]);
      const preferred = new FormData();
      preferred.append('other', await sheet('mp_other'), 'other.xlsx');
      preferred.append('file', await sheet('mp_file'), 'file.xlsx');
      expect(await post(preferred)).toMatchObject({ code: 2000 });
      const anyName = new FormData();
      anyName.append('upload', await sheet('mp_upload'), 'upload.xlsx');
      expect(await post(anyName)).toMatchObject({ code: 2000 });
      expect((await ctx.db.query<{ value: string }>("SELECT value FROM dictionaries WHERE value LIKE 'mp\\_%' ORDER BY value")).map((r) => r.value)).toEqual(['mp_file', 'mp_upload']);

      const fieldsOnly = new FormData();
      fieldsOnly.append('note', 'no file here');
      expect(await post(fieldsOnly)).toEqual({ code: 4000, data: null, msg: '请上传文件（表单字段 file）。' });
      const huge = new FormData();
      huge.append('file', new Blob([new Uint8Array(20 * 1024 * 1024 + 1)]), 'huge.xlsx');
      expect(await post(huge)).toEqual({ code: 4000, data: null, msg: '文件过大（上限 20 MB）。' });
    });

    it('import by the url of a file uploaded first (the upstream client flow); other urls refused', async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await writeXlsx('d', ['字典名称', '字典编号'], [['导入组', 'imported_group']]))]), 'dict.xlsx');
      const up = (await (await fetch(`${srv.baseUrl}/api/system/file/`, { method: 'POST', headers: { authorization: `JWT ${sa}` }, body: form })).json()) as { data: { url: string } };
      const res = await call(srv, '/api/system/dictionary/import_data/', { token: sa, body: { url: up.data.url } });
      expect(res.body).toMatchObject({ code: 2000, data: { created: 1, updated: 0 } });
      expect(await ctx.db.query("SELECT 1 FROM dictionaries WHERE value = 'imported_group'")).toHaveLength(1);
      expectFailure(await call(srv, '/api/system/dictionary/import_data/', { token: sa, body: { url: 'http://169.254.169.254/latest/' } }), 4000, '文件地址:只能导入本系统上传的文件（media/...）。');
      expectFailure(await call(srv, '/api/system/dictionary/import_data/', { token: sa, body: { url: 'media/files/none.xlsx' } }), 4000, '文件地址:文件不存在。');
    });
  });

  describe('permissions', () => {
    it('test is refused (upstream message) on everything its role does not grant; open self-service stays open', async () => {
      expectFailure(await call(srv, '/api/system/role/?page=1&limit=2', { token: test }), 4000, '您没有执行该操作的权限。 (GET: /api/system/role/)');
      expectFailure(await call(srv, '/api/system/user/1/', { method: 'DELETE', token: test }), 4000, '您没有执行该操作的权限。 (DELETE: /api/system/user/1/)');
      for (const path of ['/api/system/user/user_info/', '/api/system/menu/web_router/', '/api/system/menu_button/get_btn_permission/', '/api/system/dept/all_dept/', '/api/system/dept_lazy_tree/', '/api/system/message_center/get_unread_msg/']) {
        expect((await call(srv, path, { token: test })).body.code, path).toBe(2000);
      }
    });

    it('admin: granted buttons work, Delete (not granted) is refused, export via the Export button', async () => {
      expect((await call(srv, '/api/system/user/', { token: admin })).body.code).toBe(2000);
      expectFailure(await call(srv, '/api/system/user/3/', { method: 'DELETE', token: admin }), 4000, '您没有执行该操作的权限。 (DELETE: /api/system/user/3/)');
      expectFailure(await call(srv, '/api/system/user/multiple_delete/', { method: 'DELETE', token: admin, body: { keys: [3] } }), 4000, '您没有执行该操作的权限。 (DELETE: /api/system/user/multiple_delete/)');
      const res = await fetch(`${srv.baseUrl}/api/system/user/export_data/`, { headers: { authorization: `JWT ${admin}` } });
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      expectFailure(await call(srv, '/api/system/menu/', { token: admin }), 4000, '您没有执行该操作的权限。 (GET: /api/system/menu/)');
    });

    it('no token on a system endpoint: 身份认证信息未提供。; unknown paths still 404', async () => {
      expectFailure(await call(srv, '/api/system/role/'), 4000, '身份认证信息未提供。');
      expectFailure(await call(srv, '/api/system/nope/', { token: test }), 404, '接口地址不正确', 404);
    });

    it('data scope: data_range 2 (own department) limits the user list of a role', async () => {
      const searchBtn = (await ctx.db.query<{ id: number }>("SELECT id FROM menu_buttons WHERE menu = 6 AND value = 'Search'"))[0]?.id ?? 0;
      const role = expectData(await call(srv, '/api/system/role/', { token: sa, body: { name: '部门经理', key: 'dept_manager', data_range: 2, menu: [1, 6], permission: [searchBtn] } }), roleRow);
      const mgr = expectData(await call(srv, '/api/system/user/', { token: sa, body: { username: 'manager2', name: '运营经理', dept: 2, role: [role.id] } }), userRow);
      const token = (await login(srv, 'manager2', 'admin123456', false)).access;
      const scoped = expectData(await call(srv, '/api/system/user/?limit=999', { token }), listPage(userRow));
      const seen = scoped.data;
      expect(seen.length).toBeGreaterThan(0);
      // The scoped total (counted from user_counts: creator / dept_belong_id) is the number of rows seen.
      expect(scoped.total).toBe(seen.length);
      const active = expectData(await call(srv, '/api/system/user/?limit=999&is_active=1', { token }), listPage(userRow));
      expect(active.total).toBe(seen.filter((u) => u.is_active).length);
      expect(seen.every((u) => u.dept_belong_id === '2' || u.creator === mgr.id)).toBe(true);
      expect(seen.map((u) => u.username)).not.toContain('test');
      expect(seen.map((u) => u.username)).toContain('admin');
    });
  });
});

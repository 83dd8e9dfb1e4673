import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { resetPasswordInput, USER_LABELS } from '../../../../contracts/schemas';
import { hashClientPassword } from '../../../auth/password';
import { CrudError } from '../../../domain/crud/spec';
import { Conditions } from '../../../domain/crud/query';
import { currentAccount } from '../../../http/auth';
import { fail, ok } from '../../../http/envelope';
import { parseInput } from '../../../domain/validation';
import { guarded, ID, NOT_FOUND, rowId, scopeOf } from '../../../http/crud-routes';

const DATA_SCOPE_CHOICES = [
  { value: 0, label: '仅本人数据权限' },
  { value: 1, label: '本部门及以下数据权限' },
  { value: 2, label: '本部门数据权限' },
  { value: 3, label: '全部数据权限' },
  { value: 4, label: '自定数据权限' },
];

/** Departments, users and roles: the actions beyond plain CRUD. */
export function accountActions(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/system/dept_lazy_tree/', async () =>
    ok(await ctx.db.query('SELECT id, name, parent FROM depts WHERE status IS NOT FALSE ORDER BY sort, id'), '获取成功'),
  );

  /** Sets a user's password (outside superusers, inside the caller's data scope). */
  async function setPassword(req: Parameters<typeof scopeOf>[1], password: string): Promise<boolean> {
    const id = rowId(req);
    if (id === null) return false;
    const scope = await scopeOf(ctx, req, true);
    const c = new Conditions();
    c.add('t.id = ?', id);
    c.raw('NOT t.is_superuser');
    if (scope) c.add(scope.sql, ...scope.params);
    const found = await ctx.db.query(`SELECT t.id FROM users t ${c.where()}`, c.params);
    if (found.length === 0) return false;
    await ctx.db.query('UPDATE users SET password = $2, update_datetime = now(), modifier = $3 WHERE id = $1', [id, await hashClientPassword(password), String(currentAccount(req).id)]);
    return true;
  }

  app.put(`/api/system/user/${ID}/reset_password/`, async (req, reply) =>
    guarded(reply, async () => {
      const parsed = parseInput(resetPasswordInput, req.body, USER_LABELS);
      if (!parsed.ok) throw new CrudError(parsed.msg);
      if (parsed.data.newPassword !== parsed.data.newPassword2) return fail('两次密码不匹配', 400);
      return (await setPassword(req, parsed.data.newPassword)) ? ok(null, '修改成功') : NOT_FOUND;
    }),
  );

  app.put(`/api/system/user/${ID}/reset_to_default_password/`, async (req, reply) =>
    guarded(reply, async () => {
      const fallback = (await ctx.settings.all())['base.default_password'];
      const password = typeof fallback === 'string' && fallback !== '' ? fallback : 'admin123456';
      return (await setPassword(req, password)) ? ok(null, '密码重置成功') : NOT_FOUND;
    }),
  );

  app.get('/api/system/role/role_get_menu/', async () => {
    const menus = await ctx.db.query<{ id: number; name: string; parent: number | null; is_catalog: boolean; buttons: Array<{ id: number; name: string; value: string }> | null }>(
      `SELECT m.id, m.name, m.parent, m.is_catalog,
         (SELECT json_agg(json_build_object('id', b.id, 'name', b.name, 'value', b.value) ORDER BY b.id) FROM menu_buttons b WHERE b.menu = m.id) AS buttons
       FROM menus m WHERE m.status ORDER BY m.sort, m.id`,
    );
    return ok(menus.map((m) => ({ id: m.id, name: m.name, parent: m.parent, is_catalog: m.is_catalog, menuPermission: m.buttons ?? [] })), '获取成功');
  });

  app.get('/api/system/role/data_scope/', async () => ok(DATA_SCOPE_CHOICES, '获取成功'));

  app.get('/api/system/role/data_scope_dept/', async () =>
    ok(await ctx.db.query('SELECT id, name, parent FROM depts WHERE status IS NOT FALSE ORDER BY sort, id'), '获取成功'),
  );

  app.get('/api/system/menu_button/get_btn_permission/', async (req) => ok(await ctx.permissions.buttonPermissions(currentAccount(req)), 'success'));
}

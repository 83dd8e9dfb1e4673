import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { changePasswordInput, PROFILE_LABELS, profileUpdateInput } from '../../contracts/schemas/profile';
import { verifyPassword } from '../auth/password';
import { hashClientPassword } from '../auth/password';
import { userInfoView } from '../domain/users';
import { currentAccount, requireUser } from '../http/auth';
import { fail, ok } from '../http/envelope';
import { parseInput } from '../domain/validation';

/**
 * The personal page's calls: the signed-in user's own profile (works, unlike upstream) and password.
 * Both are IsAuthenticated only (API-CONTRACT §8 exempts them from button permissions).
 */
export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: requireUser(ctx) };

  app.put('/api/system/user/update_user_info/', auth, async (req) => {
    const me = currentAccount(req);
    const parsed = parseInput(profileUpdateInput, req.body, PROFILE_LABELS);
    if (!parsed.ok) return fail(parsed.msg, 400);
    const input = parsed.data;
    const columns: string[] = [];
    const values: unknown[] = [me.id];
    const set = (column: string, value: unknown) => {
      values.push(value);
      columns.push(`${column} = $${values.length}`);
    };
    if (input.name !== undefined) set('name', input.name);
    if (input.email !== undefined) set('email', input.email || null);
    if (input.mobile !== undefined) set('mobile', input.mobile || null);
    if (input.gender !== undefined) set('gender', input.gender ?? 2);
    if (input.avatar !== undefined) set('avatar', input.avatar || null);
    if (columns.length > 0) {
      set('modifier', String(me.id));
      await ctx.db.query(`UPDATE users SET ${columns.join(', ')}, update_datetime = now() WHERE id = $1`, values);
    }
    const fresh = await ctx.users.account(me.id);
    return ok(fresh ? userInfoView(fresh) : null, '修改成功');
  });

  app.put<{ Params: { id: string } }>('/api/system/user/:id/change_password/', auth, async (req) => {
    const me = currentAccount(req);
    if (String(me.id) !== req.params.id) return fail('只能修改自己的密码', 400);
    const parsed = parseInput(changePasswordInput, req.body, PROFILE_LABELS);
    if (!parsed.ok) return fail(parsed.msg, 400);
    const { oldPassword, newPassword, newPassword2 } = parsed.data;
    if (newPassword !== newPassword2) return fail('两次密码不匹配', 400);
    const row = (await ctx.db.query<{ password: string }>('SELECT password FROM users WHERE id = $1', [me.id]))[0];
    if (!row || !(await verifyPassword(oldPassword, row.password))) return fail('旧密码不正确', 400);
    await ctx.db.query('UPDATE users SET password = $2, update_datetime = now(), modifier = $3 WHERE id = $1', [me.id, await hashClientPassword(newPassword), String(me.id)]);
    return ok(null, '修改成功');
  });
}

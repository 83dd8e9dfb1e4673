import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { saveContentInput } from '../../../../contracts/schemas';
import { announceSettingsChange } from '../resources/system-config';
import { CrudError } from '../../../domain/crud/spec';
import { currentAccount } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { isRecord } from '../../../is-record';
import { guarded } from '../../../http/crud-routes';

/** System settings: save_content writes a group's values at once and tells every socket to reload. */
export function configActions(app: FastifyInstance, ctx: AppContext): void {
  app.put('/api/system/system_config/save_content/', async (req, reply) =>
    guarded(reply, async () => {
      const parsed = saveContentInput.safeParse(req.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? `第${Number(issue.path[0]) + 1}项` : '请求数据';
        throw new CrudError(Array.isArray(req.body) ? `${where}:格式不正确（需要 id 和 value）。` : '请求数据格式不正确，应为配置项数组。');
      }
      const items = parsed.data;
      const me = String(currentAccount(req).id);
      await ctx.db.transaction(async (tx) => {
        for (const it of items) {
          const rows = await tx.query<{ id: number; rule: unknown; title: string }>('SELECT id, rule, title FROM system_config WHERE id = $1 AND parent IS NOT NULL', [it.id]);
          const row = rows[0];
          if (!row) throw new CrudError(`配置项 ${it.id} 不存在，未保存任何配置。`);
          const required = Array.isArray(row.rule) && row.rule.some((r) => isRecord(r) && r.required === true);
          if (required && (it.value === null || it.value === undefined || it.value === '')) throw new CrudError(`${row.title}:必填项不能为空`);
          await tx.query('UPDATE system_config SET value = $2::jsonb, modifier = $3, update_datetime = now() WHERE id = $1', [it.id, JSON.stringify(it.value ?? null), me]);
        }
      });
      announceSettingsChange(ctx);
      return ok(null, '保存成功');
    }),
  );
}

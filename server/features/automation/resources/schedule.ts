import { SCHEDULE_LABELS, scheduleInput, scheduleUpdate, TASK_ARGS, type TaskKind } from '../../../../contracts/schemas/automation';
import type { Queryable } from '../../../db/db';
import { formatDatetime } from '../../../domain/time';
import { firstRun } from '../../../jobs/schedule-time';
import type { TaskCatalogue } from '../../../jobs/tasks';
import { CrudError, type ResourceSpec, type SheetColumn } from '../../../domain/crud/spec';
import { bool, currentRow, datetimeCol, listFields, readOnlyCol, requireRow, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const COLUMNS = ['name', 'task', 'crontab', 'interval', 'enabled', 'exclusive', 'next_run', 'last_run', 'total_runs'];

/** Sets `next_run` of the schedules matching `where` (over `automation_schedules s`) from now. */
export async function refreshNextRuns(tx: Queryable, where: string, params: unknown[]): Promise<void> {
  const rows = await tx.query<{ id: number; expression: string | null; timezone: string | null; every: number | null; period: 'seconds' | 'minutes' | 'hours' | 'days' | null }>(
    `SELECT s.id, c.expression, c.timezone, i.every, i.period FROM automation_schedules s
     LEFT JOIN automation_crontabs c ON c.id = s.crontab LEFT JOIN automation_intervals i ON i.id = s.interval WHERE ${where}`,
    params,
  );
  if (rows.length === 0) return;
  const now = new Date();
  await tx.query(
    `UPDATE automation_schedules s SET next_run = v.next FROM (SELECT unnest($1::int[]) AS id, unnest($2::timestamptz[]) AS next) v WHERE s.id = v.id`,
    [rows.map((r) => r.id), rows.map((r) => firstRun(r, now))],
  );
}

/** Refuses to delete crontabs or intervals (`column` of a schedule) while a schedule uses one. */
export async function refuseWhileScheduled(tx: Queryable, column: 'crontab' | 'interval', ids: number[], label: string): Promise<void> {
  const used = await tx.query<{ id: number; names: string }>(
    `SELECT ${column} AS id, string_agg(name, '、' ORDER BY name) AS names FROM automation_schedules WHERE ${column} = ANY($1::int[]) GROUP BY ${column}`,
    [ids],
  );
  if (used[0]) throw new CrudError(`${label} ${used[0].id} 正被调度「${used[0].names}」使用，不能删除。请先修改或删除这些调度。`);
}

/** The export columns a crontab or interval ends with: its description, how many schedules use it, when it was made. */
export const scheduleUseCols = (): SheetColumn[] => [readOnlyCol('description', '描述', 30), readOnlyCol('schedules', '调度数'), datetimeCol('create_datetime', '创建时间')];

function iso(v: unknown): string | null {
  return v instanceof Date || typeof v === 'string' ? formatDatetime(new Date(v)) : null;
}

/**
 * automation/schedule: a task kind with its arguments (checked against the task's schema) bound to
 * exactly one crontab or interval; enabled or not; exclusive (at most one run at a time). `next_run`
 * is set from now on every save and advanced by the ticker (server/jobs/queue.ts).
 */
export function scheduleSpec(tasks: TaskCatalogue<unknown>): ResourceSpec {
  return {
    path: 'schedule',
    base: '/api/automation/schedule/',
    title: '定时调度',
    table: 'automation_schedules',
    from: 'automation_schedules t LEFT JOIN automation_crontabs c ON c.id = t.crontab LEFT JOIN automation_intervals i ON i.id = t.interval',
    select: selectOf(COLUMNS, [
      't.args',
      'c.expression AS crontab_expression',
      'c.timezone AS crontab_timezone',
      'i.every AS interval_every',
      'i.period AS interval_period',
      '(SELECT r.state FROM automation_runs r WHERE r.schedule = t.id ORDER BY r.queued DESC LIMIT 1) AS last_state',
    ]),
    view: (r) => {
      const task = String(r.task);
      const text = r.crontab_expression != null ? `${String(r.crontab_expression)}（${String(r.crontab_timezone)}）` : `每 ${String(r.interval_every)} ${String(r.interval_period)}`;
      return {
        ...viewOf(COLUMNS)(r),
        args: typeof r.args === 'string' ? JSON.parse(r.args) : (r.args ?? {}),
        task_name: tasks.of(task)?.name ?? task,
        schedule_text: text,
        crontab_expression: r.crontab_expression ?? null,
        crontab_timezone: r.crontab_timezone ?? null,
        interval_every: r.interval_every ?? null,
        interval_period: r.interval_period ?? null,
        next_run: r.enabled ? iso(r.next_run) : null,
        last_run: iso(r.last_run),
        total_runs: Number(r.total_runs ?? 0),
        last_state: r.last_state ?? null,
      };
    },
    fields: listFields({ name: 'icontains', task: 'exact', enabled: 'bool', crontab: { filter: 'int', nullable: true }, interval: { filter: 'int', nullable: true }, next_run: 'sort', last_run: 'sort' }),
    defaultOrder: '-create_datetime',
    search: ['t.name', 't.task', 't.description'],
    createSchema: scheduleInput,
    updateSchema: scheduleUpdate,
    labels: SCHEDULE_LABELS,
    columns: writeColumns(['name', 'task', 'args', 'crontab', 'interval', 'enabled', 'exclusive'], { args: { json: true } }),
    uniques: [{ fields: ['name'], message: '调度名称已存在，请换一个。' }],
    beforeWrite: async ({ tx }, input, values, id) => {
      const current = await currentRow<{ task: string; args: unknown; crontab: number | null; interval: number | null }>(tx, 'automation_schedules', id, 'task, args, crontab, interval');
      const task = (typeof input.task === 'string' ? input.task : (current?.task ?? '')) as TaskKind;
      const schema = TASK_ARGS[task];
      if (!schema) throw new CrudError(`任务:任务「${task}」不存在。`);
      const rawArgs = input.args !== undefined ? input.args : current?.args;
      const parsed = schema.safeParse(typeof rawArgs === 'string' ? JSON.parse(rawArgs) : (rawArgs ?? {}));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new CrudError(`参数:${issue ? `${issue.path.join('.') || '参数'} ${issue.message}` : '与任务定义不符。'}`);
      }
      values.args = JSON.stringify(parsed.data);
      const crontab = 'crontab' in input ? (input.crontab as number | null | undefined) ?? null : (current?.crontab ?? null);
      const interval = 'interval' in input ? (input.interval as number | null | undefined) ?? null : (current?.interval ?? null);
      if ((crontab === null) === (interval === null)) throw new CrudError('调度:请在 Crontab 和间隔周期中选择一个（只能选一个）。');
      if (crontab !== null) await requireRow(tx, 'automation_crontabs', crontab, `Crontab:id 为 ${crontab} 的 Crontab 不存在（可能已被删除）。`);
      if (interval !== null) await requireRow(tx, 'automation_intervals', interval, `间隔周期:id 为 ${interval} 的间隔周期不存在（可能已被删除）。`);
      values.crontab = crontab;
      values.interval = interval;
    },
    afterWrite: async ({ tx }, id) => refreshNextRuns(tx, 's.id = $1', [id]),
    sheet: [
      text('name', '调度名称', 24),
      text('task', '任务', 18),
      readOnlyCol('schedule_text', '周期', 26),
      bool('enabled', '状态'),
      readOnlyCol('next_run', '下次运行', 22),
      readOnlyCol('last_run', '上次运行', 22),
      readOnlyCol('total_runs', '运行次数'),
      datetimeCol('create_datetime', '创建时间'),
    ],
  };
}

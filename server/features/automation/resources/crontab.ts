import { CRONTAB_LABELS, crontabInput, crontabUpdate } from '../../../../contracts/schemas/automation';
import { cronNextRuns, isoInZone, ScheduleTimeError } from '../../../jobs/schedule-time';
import { refreshNextRuns } from './schedule';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { datetimeCol, readOnlyCol, selectOf, text, viewOf, auditFields } from '../../../domain/crud/resource-helpers';

const COLUMNS = ['expression', 'timezone'];

/** The next 5 run times of a crontab (ISO 8601 with the zone's offset), [] if it cannot be read. */
export function nextRunsOf(expression: string, tz: string, now = new Date()): string[] {
  try {
    return cronNextRuns(expression, tz, now, 5).map((d) => isoInZone(d, tz));
  } catch {
    return [];
  }
}

/**
 * automation/crontab: reusable crontab schedules (five fields, an IANA time zone), validated with
 * cron-parser on every write; rows carry their next 5 run times. One in use by a schedule cannot be
 * deleted; changing it moves its schedules' next runs.
 */
export function crontabSpec(): ResourceSpec {
  return {
    path: 'crontab',
    base: '/api/automation/crontab/',
    title: 'Crontab 表达式',
    table: 'automation_crontabs',
    select: selectOf(COLUMNS, ['(SELECT count(*)::int FROM automation_schedules s WHERE s.crontab = t.id) AS schedules']),
    view: (r) => ({ ...viewOf(COLUMNS)(r), next_runs: nextRunsOf(String(r.expression), String(r.timezone)), schedules: Number(r.schedules ?? 0) }),
    fields: {
      ...auditFields(),
      expression: { sql: 't.expression', filter: 'icontains' },
      timezone: { sql: 't.timezone', filter: 'exact' },
    },
    defaultOrder: '-create_datetime',
    search: ['t.expression', 't.description'],
    createSchema: crontabInput,
    updateSchema: crontabUpdate,
    labels: CRONTAB_LABELS,
    columns: { expression: { column: 'expression', toDb: (v) => String(v).trim().split(/\s+/).join(' ') }, timezone: { column: 'timezone' } },
    beforeWrite: async ({ tx }, input, _values, id) => {
      const current = id === null ? null : (await tx.query<{ expression: string; timezone: string }>('SELECT expression, timezone FROM automation_crontabs WHERE id = $1', [id]))[0];
      const expression = typeof input.expression === 'string' ? input.expression : (current?.expression ?? '');
      const tz = typeof input.timezone === 'string' ? input.timezone : (current?.timezone ?? 'Asia/Shanghai');
      try {
        cronNextRuns(expression, tz, new Date(), 1);
      } catch (err) {
        if (err instanceof ScheduleTimeError) throw new CrudError(err.message);
        throw err;
      }
    },
    afterWrite: async ({ tx }, id) => {
      await refreshNextRuns(tx, 's.crontab = $1', [id]);
    },
    beforeDelete: async ({ tx }, ids) => {
      const used = await tx.query<{ crontab: number; names: string }>(
        "SELECT crontab, string_agg(name, '、' ORDER BY name) AS names FROM automation_schedules WHERE crontab = ANY($1::int[]) GROUP BY crontab",
        [ids],
      );
      if (used[0]) throw new CrudError(`Crontab ${used[0].crontab} 正被调度「${used[0].names}」使用，不能删除。请先修改或删除这些调度。`);
    },
    sheet: [text('expression', 'Crontab 表达式', 20), text('timezone', '时区', 18), readOnlyCol('description', '描述', 30), readOnlyCol('schedules', '调度数'), datetimeCol('create_datetime', '创建时间')],
  };
}

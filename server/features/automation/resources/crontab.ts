import { CRONTAB_LABELS, crontabInput, crontabUpdate } from '../../../../contracts/schemas/automation';
import { cronNextRuns, isoInZone, ScheduleTimeError } from '../../../jobs/schedule-time';
import { refreshNextRuns, refuseWhileScheduled, scheduleUseCols } from './schedule';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { currentRow, listFields, selectOf, text, viewOf } from '../../../domain/crud/resource-helpers';

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
    fields: listFields({ expression: 'icontains', timezone: 'exact' }),
    defaultOrder: '-create_datetime',
    search: ['t.expression', 't.description'],
    createSchema: crontabInput,
    updateSchema: crontabUpdate,
    labels: CRONTAB_LABELS,
    columns: { expression: { column: 'expression', toDb: (v) => String(v).trim().split(/\s+/).join(' ') }, timezone: { column: 'timezone' } },
    beforeWrite: async ({ tx }, input, _values, id) => {
      const current = await currentRow<{ expression: string; timezone: string }>(tx, 'automation_crontabs', id, 'expression, timezone');
      const expression = typeof input.expression === 'string' ? input.expression : (current?.expression ?? '');
      const tz = typeof input.timezone === 'string' ? input.timezone : (current?.timezone ?? 'Asia/Shanghai');
      try {
        cronNextRuns(expression, tz, new Date(), 1);
      } catch (err) {
        if (err instanceof ScheduleTimeError) throw new CrudError(err.message);
        throw err;
      }
    },
    afterWrite: async ({ tx }, id) => refreshNextRuns(tx, 's.crontab = $1', [id]),
    beforeDelete: async ({ tx }, ids) => refuseWhileScheduled(tx, 'crontab', ids, 'Crontab'),
    sheet: [text('expression', 'Crontab 表达式', 20), text('timezone', '时区', 18), ...scheduleUseCols()],
  };
}

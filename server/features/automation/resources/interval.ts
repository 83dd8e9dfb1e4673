import { INTERVAL_LABELS, intervalInput } from '../../../../contracts/schemas/automation';
import { refreshNextRuns } from './schedule';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { auditFields, datetimeCol, int, readOnlyCol, selectOf, text, viewOf } from '../../../domain/crud/resource-helpers';

const COLUMNS = ['every', 'period'];

/** automation/interval: every N seconds, minutes, hours or days; in use → not deletable. */
export function intervalSpec(): ResourceSpec {
  return {
    path: 'interval',
    base: '/api/automation/interval/',
    title: '间隔周期',
    table: 'automation_intervals',
    select: selectOf(COLUMNS, ['(SELECT count(*)::int FROM automation_schedules s WHERE s.interval = t.id) AS schedules']),
    view: (r) => ({ ...viewOf(COLUMNS)(r), schedules: Number(r.schedules ?? 0) }),
    fields: {
      ...auditFields(),
      every: { sql: 't.every', filter: 'int' },
      period: { sql: 't.period', filter: 'exact' },
    },
    defaultOrder: '-create_datetime',
    search: ['t.period', 't.description'],
    createSchema: intervalInput,
    updateSchema: intervalInput.partial(),
    labels: INTERVAL_LABELS,
    columns: { every: { column: 'every' }, period: { column: 'period' } },
    afterWrite: async ({ tx }, id) => {
      await refreshNextRuns(tx, 's.interval = $1', [id]);
    },
    beforeDelete: async ({ tx }, ids) => {
      const used = await tx.query<{ interval: number; names: string }>(
        "SELECT interval, string_agg(name, '、' ORDER BY name) AS names FROM automation_schedules WHERE interval = ANY($1::int[]) GROUP BY interval",
        [ids],
      );
      if (used[0]) throw new CrudError(`间隔周期 ${used[0].interval} 正被调度「${used[0].names}」使用，不能删除。请先修改或删除这些调度。`);
    },
    sheet: [int('every', '间隔'), text('period', '周期单位'), readOnlyCol('description', '描述', 30), readOnlyCol('schedules', '调度数'), datetimeCol('create_datetime', '创建时间')],
  };
}

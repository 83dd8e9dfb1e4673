import { INTERVAL_LABELS, intervalInput } from '../../../../contracts/schemas/automation';
import { refreshNextRuns, refuseWhileScheduled, scheduleUseCols } from './schedule';
import type { ResourceSpec } from '../../../domain/crud/spec';
import { int, listFields, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

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
    fields: listFields({ every: 'int', period: 'exact' }),
    defaultOrder: '-create_datetime',
    search: ['t.period', 't.description'],
    createSchema: intervalInput,
    updateSchema: intervalInput.partial(),
    labels: INTERVAL_LABELS,
    columns: writeColumns(COLUMNS),
    afterWrite: async ({ tx }, id) => refreshNextRuns(tx, 's.interval = $1', [id]),
    beforeDelete: async ({ tx }, ids) => refuseWhileScheduled(tx, 'interval', ids, '间隔周期'),
    sheet: [int('every', '间隔'), text('period', '周期单位'), ...scheduleUseCols()],
  };
}

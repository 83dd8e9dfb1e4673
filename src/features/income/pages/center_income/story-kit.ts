import { pageKit } from '../../../../../stories/kit';
import { formatDate } from '../../../../stores/format';
import { incomeBackend } from './income-mocks';

export { cells, SERVICE_ERROR, shows, slow } from '../../../../../stories/kit';

/** Where the revenue stories start and the revenue mock's record. */
export const { at, mock } = pageKit(incomeBackend, 'income');
/** The last `days` days ending today (local days, as the stores ask). */
export function lastDays(days: number): { start: string; end: string } {
  const today = new Date();
  return { start: formatDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1))), end: formatDate(today) };
}

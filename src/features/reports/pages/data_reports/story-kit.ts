import { pageKit } from '../../../../../stories/kit';
import { reportsBackend } from './reports-mocks';

export { cells, SERVICE_ERROR, shows, slow } from '../../../../../stories/kit';

/** Where the data report stories start and the report mock's record. */
export const { at, mock } = pageKit(reportsBackend, 'dataReports');
/** A rate as the table shows it in zh-chs ('-' while unknown). */
export const pct = (r: number | null) => (r === null ? '-' : `${(r * 100).toFixed(1)}%`);

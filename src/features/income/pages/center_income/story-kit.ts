import { pageKit } from '../../../../../stories/kit';
import { incomeBackend } from './income-mocks';

export { cells, SERVICE_ERROR, shows, slow } from '../../../../../stories/kit';
export { lastDays } from '../../../../../stories/mocks/dates';

/** Where the revenue stories start and the revenue mock's record. */
export const { at, mock } = pageKit(incomeBackend, 'income');

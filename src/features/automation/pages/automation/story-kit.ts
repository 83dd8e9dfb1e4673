import { pageKit } from '../../../../../stories/kit';
import { automationBackend } from './automation-mocks';

export { cells, SERVICE_ERROR, shows, slow } from '../../../../../stories/kit';

/** Where the automation stories start and the automation mock's record. */
export const { at, mock } = pageKit(automationBackend, 'automation');

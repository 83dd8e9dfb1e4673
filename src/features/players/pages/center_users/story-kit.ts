import { pageKit } from '../../../../../stories/kit';
import { playersBackend } from './players-mocks';

export { cells, SERVICE_ERROR, shows, slow } from '../../../../../stories/kit';

/** Where the players stories start and the players mock's record. */
export const { at, mock } = pageKit(playersBackend, 'players');

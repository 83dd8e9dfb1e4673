import type { PlayersStore } from '../stores/players';
import type { RootStore } from '../../../stores/root';
import { useLoadedStore } from '../../../components/store-context';

const load = (root: RootStore) => root.players();
/** root.players() once loaded (null until then): the players screens' stores, outside the login page's chunk. */
export function usePlayers(): PlayersStore | null {
  return useLoadedStore(load);
}

import type { CooperateStore } from '../stores/cooperate';
import type { RootStore } from '../../../stores/root';
import { useLoadedStore } from '../../../components/store-context';

const load = (root: RootStore) => root.cooperate();
/** root.cooperate() once loaded (null until then): the partner screens' stores, outside the login page's chunk. */
export function useCooperate(): CooperateStore | null {
  return useLoadedStore(load);
}

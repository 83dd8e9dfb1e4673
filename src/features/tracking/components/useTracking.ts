import type { TrackingStore } from '../stores/tracking';
import type { RootStore } from '../../../stores/root';
import { useLoadedStore } from '../../../components/store-context';

const load = (root: RootStore) => root.tracking();
/** root.tracking() once loaded (null until then): the tracking screens' store, outside the login page's chunk. */
export function useTracking(): TrackingStore | null {
  return useLoadedStore(load);
}

import type { AdvertisingStore } from '../stores/advertising';
import type { RootStore } from '../../../stores/root';
import { useLoadedStore } from '../../../components/store-context';

const load = (root: RootStore) => root.advertising();
/** root.advertising() once loaded (null until then): the advertising screens' stores, outside the login page's chunk. */
export function useAdvertising(): AdvertisingStore | null {
  return useLoadedStore(load);
}

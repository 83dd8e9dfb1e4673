import type { RootStore } from '../../stores/root';
import { SearchStore } from '../../stores/search';

const stores = new WeakMap<RootStore, SearchStore>();

/** The console's search store (one per RootStore), its pool the menu's leaf items. */
export function searchStoreOf(root: RootStore): SearchStore {
  let store = stores.get(root);
  if (!store) {
    store = new SearchStore(() => root.menu.searchPool);
    stores.set(root, store);
  }
  return store;
}

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { RootStore } from '../stores/root';

const StoreContext = createContext<RootStore | null>(null);

/** Hands the console's RootStore to every component below (no singleton). */
export function StoreProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useStore(): RootStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore() needs a <StoreProvider> above it');
  return store;
}

/**
 * A store the root loads on demand (`root.players()`, `root.automation()`…: outside the login page's
 * chunk), null until it has loaded. `load` must be stable (a module-level function).
 */
export function useLoadedStore<T>(load: (root: RootStore) => Promise<T>): T | null {
  const root = useStore();
  const [store, setStore] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    void load(root).then((s) => {
      if (live) setStore(() => s);
    });
    return () => {
      live = false;
    };
  }, [root, load]);
  return store;
}

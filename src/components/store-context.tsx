import { createContext, useContext, type ReactNode } from 'react';
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

import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { LoginSnapshot, LoginStore } from '../stores/login';

const LoginContext = createContext<LoginStore | null>(null);

/** Hands the login page its store: the login-only boot's, or the full console's (RootStore.loginPage). */
export function LoginStoreProvider({ store, children }: { store: LoginStore; children: ReactNode }) {
  return <LoginContext.Provider value={store}>{children}</LoginContext.Provider>;
}

/** The login store and its current snapshot (the component renders again when it changes). */
export function useLoginStore(): [LoginStore, LoginSnapshot] {
  const store = useContext(LoginContext);
  if (!store) throw new Error('useLoginStore() needs a <LoginStoreProvider> above it');
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return [store, snapshot];
}

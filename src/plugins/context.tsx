import { createContext, useContext, type ReactNode } from 'react';
import { EMPTY_PLUGINS, type PluginRegistry } from './types';

const PluginContext = createContext<PluginRegistry>(EMPTY_PLUGINS);

export function PluginProvider({ plugins, children }: { plugins: PluginRegistry; children: ReactNode }) {
  return <PluginContext.Provider value={plugins}>{children}</PluginContext.Provider>;
}

/** The loaded plugins (none outside a provider). */
export function usePlugins(): PluginRegistry {
  return useContext(PluginContext);
}

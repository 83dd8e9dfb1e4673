import { StrictMode } from 'react';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';
import { PluginProvider } from '../../plugins/context';
import type { PluginRegistry } from '../../plugins/types';
import { ConsoleApp } from '../ConsoleApp';
import type { Console } from '../ConsoleApp';

/**
 * The console's whole React tree. The browser (main.tsx) and the build's prerender (prerender.tsx)
 * render this very tree, so the prerendered login page hydrates without a mismatch.
 */
export function consoleTree(app: Console, plugins: PluginRegistry, router: { hook?: BaseLocationHook; searchHook?: BaseSearchHook } = {}) {
  return (
    <StrictMode>
      <PluginProvider plugins={plugins}>
        <ConsoleApp console={app} {...router} />
      </PluginProvider>
    </StrictMode>
  );
}

import { observer } from 'mobx-react-lite';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useStore } from './store-context';

/**
 * The path a page was opened at. The layout provides it around every page, so a kept-alive page that
 * is hidden keeps checking against its own path, not the path of the tab on screen.
 */
const PagePathContext = createContext<string | null>(null);

export function PagePathProvider({ path, children }: { path: string; children: ReactNode }) {
  return <PagePathContext.Provider value={path}>{children}</PagePathContext.Provider>;
}

/** The one permission check (spec §5): granted only if `path + ':' + name` is in the menu permissions. */
export function checkPermission(granted: (key: string) => boolean, path: string, name: string | undefined | null): boolean {
  if (typeof name !== 'string' || name.trim() === '') throw new Error('Permission: a permission name is required (e.g. <Permission name="Create">)');
  return granted(`${path}:${name}`);
}

/** Returns `can(name)` for the current page's path; throws when called without a name. */
export function usePermission(): (name: string) => boolean {
  const root = useStore();
  const [location] = useLocation();
  const pagePath = useContext(PagePathContext);
  const path = pagePath ?? location;
  return useCallback((name: string) => checkPermission((key) => root.menu.permissions.has(key), path, name), [root, path]);
}

/** Renders its children only when the permission is granted; a denied element is not rendered at all. */
export const Permission = observer(function Permission({ name, children }: { name: string; children: ReactNode }) {
  const can = usePermission();
  return can(name) ? <>{children}</> : null;
});

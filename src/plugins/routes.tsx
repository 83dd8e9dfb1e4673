import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { withStylesheets } from '../components/stylesheets';
import type { PluginRoute } from './types';

const lazies = new WeakMap<PluginRoute, LazyExoticComponent<ComponentType>>();

/** The element for a plugin route at `path`, or null (the route table goes on). Pages load lazily. */
export function pluginRouteFor(routes: readonly PluginRoute[], path: string): ReactElement | null {
  const route = routes.find((candidate) => candidate.path === path);
  if (!route) return null;
  let Page = lazies.get(route);
  if (!Page) {
    Page = lazy(withStylesheets(route.load));
    lazies.set(route, Page);
  }
  return <Page />;
}

import { lazy, type ComponentType, type ReactNode } from 'react';
import { preloadable } from '../components/preloadable';
import { FRONTEND_LOG_PATH, INDEX_PATH, MESSAGE_CENTER_PATH, PAGE_MISSING_MESSAGE, USER_INFO_PATH } from '../config';
import { pageRegistry, type PageRegistry } from '../pages/registry';
import FallbackPage from '../pages/fallback/FallbackPage';
import type { RootStore } from '../stores/root';

/** A page that renders inside the layout frame and opens a tab. */
export interface ShellRoute {
  name: string;
  path: string;
  /** i18n key (console routes) or server text (menu routes). */
  titleKey?: string;
  title?: string;
  /** The menu's component string (menu routes), for messages about its page. */
  component?: string;
  cache: boolean;
  render(): ReactNode;
  /**
   * Loads the page's code ahead of its first render (the tab's frame waits for it without a Suspense
   * fallback, and the screen after a sign-in is loaded before it shows: components/preloadable.tsx).
   */
  preload?(): Promise<void>;
  /** Whether the page's code is there (absent: nothing to load). */
  ready?(): boolean;
}

const DashboardPage = preloadable(() => import('../pages/index/DashboardPage'));
const UserInfoPage = preloadable(() => import('../pages/userInfo/UserInfoPage'));

/** The fixed layout routes of spec §2.1. */
export const STATIC_ROUTES: readonly ShellRoute[] = [
  { name: 'index', path: INDEX_PATH, titleKey: 'route.index', cache: false, render: () => <DashboardPage />, preload: DashboardPage.preload, ready: DashboardPage.ready },
  { name: 'userInfo', path: USER_INFO_PATH, titleKey: 'route.userInfo', cache: false, render: () => <UserInfoPage />, preload: UserInfoPage.preload, ready: UserInfoPage.ready },
];

const MessageCenterPage = lazy(() => import('../features/messages/pages/system/messageCenter'));
const FrontendLogPage = lazy(() => import('../features/system/pages/system/log/frontendLog'));

/**
 * Named routes the shell itself navigates to (spec §2.1: the bell's 前往通知中心 and the log
 * indicator). A user whose menu carries them gets the menu's route (title, cache flag); anyone else
 * still reaches their own messages and their own browser log here.
 */
export const NAMED_ROUTES: readonly ShellRoute[] = [
  { name: 'messageCenter', path: MESSAGE_CENTER_PATH, titleKey: 'route.messageCenter', cache: false, render: () => <MessageCenterPage /> },
  { name: 'frontendLog', path: FRONTEND_LOG_PATH, titleKey: 'route.frontendLog', cache: false, render: () => <FrontendLogPage /> },
];

/**
 * Paths of the system screens (the contract's system menus), whose web paths differ from their
 * component strings (`/user` → `system/user/index`). The area screens' paths are their component
 * strings (`/center_users/accounts` → `center_users/accounts`), found in the page registry.
 */
export const SYSTEM_SCREEN_PATHS: readonly string[] = [
  '/menu', '/menuButton', '/dept', '/role', '/user', '/messageCenter', '/apiWhiteList', '/config', '/dictionary', '/areas', '/file', '/loginLog', '/operationLog', '/frontendLog',
];

/**
 * Whether a path names a screen the console has (a system screen, or a page of the registry at its
 * component path), whether or not the user's menu grants it: such a path outside the user's menu is
 * a refusal (403), an unknown one a missing page (404).
 */
export function isConsoleScreen(path: string, registry: PageRegistry = pageRegistry): boolean {
  const clean = path.split('?')[0]?.replace(/\/+$/, '') ?? '';
  if (clean === '' || clean === '/') return false;
  if (SYSTEM_SCREEN_PATHS.includes(clean)) return true;
  // System pages are reached at the paths above only (`/system/user` is no console URL).
  if (clean.startsWith('/system/')) return false;
  return registry.loader(clean) !== null;
}

/** Components reported missing once per page load (the spec's console message). */
const reported = new Set<string>();

function reportMissing(component: string): void {
  if (reported.has(component)) return;
  reported.add(component);
  console.warn(PAGE_MISSING_MESSAGE.replace('{component}', component));
}

const menuRouteCache = new WeakMap<object, ShellRoute>();

/**
 * The layout route of a path: a fixed one, or one built from the menu (spec §2.3) whose page comes
 * from the registry; a menu page without a file logs the spec's message and shows the fallback page.
 */
export function resolveShellRoute(root: RootStore, path: string, registry: PageRegistry = pageRegistry): ShellRoute | null {
  const fixed = STATIC_ROUTES.find((route) => route.path === path);
  if (fixed) return fixed;
  const menuRoute = root.menu.routeFor(path);
  if (!menuRoute) return NAMED_ROUTES.find((route) => route.path === path) ?? null;
  const known = menuRouteCache.get(menuRoute);
  if (known) return known;
  const exists = registry.loader(menuRoute.component) !== null;
  if (!exists) reportMissing(menuRoute.component);
  const route: ShellRoute = {
    name: menuRoute.name,
    path: menuRoute.path,
    title: menuRoute.meta.title,
    component: menuRoute.component,
    cache: menuRoute.meta.cache,
    // The lazy page is asked for at render time: after a failed chunk the registry hands out a fresh one (retry).
    render: () => {
      const Page: ComponentType | null = exists ? registry.lazyPage(menuRoute.component) : null;
      return Page ? <Page /> : <FallbackPage title={menuRoute.meta.title} component={menuRoute.component} />;
    },
    preload: () => registry.lazyPage(menuRoute.component)?.preload() ?? Promise.resolve(),
    ready: () => registry.lazyPage(menuRoute.component)?.ready() ?? true,
  };
  menuRouteCache.set(menuRoute, route);
  return route;
}

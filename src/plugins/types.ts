import type { ComponentType } from 'react';
import type { LoginStore } from '../stores/login';

/** A button on the login page leading to a plugin's own sign-in (e.g. /oauth2). */
export interface LoginLink {
  path: string;
  labelKey: string;
  icon: string;
  /** Asked once when the login page opens, through the stores; the link shows only when it resolves true (a failure hides it). */
  available?: (login: LoginStore) => Promise<boolean>;
  /**
   * The API path `available` GETs, signed out (e.g. 'api/oauth2/config/'): index.html starts that call
   * with the page, before the scripts arrive, and the console adopts its answer.
   */
  early?: string;
}

/** A route a plugin adds outside the layout (e.g. /oauth2). */
export interface PluginRoute {
  path: string;
  /** Route name(s); the oauth2 route is also named login (spec §2.1). */
  names: readonly string[];
  /** Reachable without a token (must also be in the white list). */
  public: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

/** What a plugin folder's index.ts exports as default. */
export interface ConsolePlugin {
  name: string;
  routes?: readonly PluginRoute[];
  /** Tenant mode: the header shows the tenant name from user info. */
  tenantMode?: boolean;
  /** Extra buttons on the login page (e.g. third-party sign-in). */
  loginLinks?: readonly LoginLink[];
}

/** The plugins that loaded, merged. */
export interface PluginRegistry {
  names: readonly string[];
  routes: readonly PluginRoute[];
  tenantMode: boolean;
  loginLinks: readonly LoginLink[];
  /** Plugins that failed to load, with the reason (also logged to the console). */
  failed: readonly { name: string; error: string }[];
}

export const EMPTY_PLUGINS: PluginRegistry = { names: [], routes: [], tenantMode: false, loginLinks: [], failed: [] };

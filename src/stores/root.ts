import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiCallbacks, ConsoleApi, Failure, Notice } from '../adapters/api';
import type { ConsoleStorage } from '../adapters/storage';
import { createMemoryLocalDb, type LocalDb } from '../adapters/local-db';
import { ANALYTICS_TZ_DEFAULT, INDEX_PATH, LOGIN_PATH } from '../config';
import { setDisplayZone } from './format';
import { dayIn, knownTimeZone } from './calendar';
import { LoginStore } from './login';
import { DashboardStore } from './dashboard';
import { DepartmentsStore } from './departments';
import { DictionaryStore } from './dictionary';
import { LocaleStore } from './locale';
import { serverText } from '../i18n/server-texts';
import { LogStore } from './log';
import { MenuStore, type LoadState } from './menu';
import { MessagesStore } from '../features/messages/stores/messages';
import type { RealtimeConnector } from '../adapters/socket/connector';
import { SessionStore, type LoginForm } from './session';
import { SettingsStore } from './settings';
import { TabsStore } from './tabs';
import { UiStore } from './ui';
import { PreferencesStore } from './preferences';
import { ThemeStore } from './theme';
import { ProfileStore } from './profile';
import { OAuth2FlowStore } from './oauth2';
import { RemoteSelectSource } from './remote-source';
import { ResourceStore, type ResourceStoreOptions } from './resource';
import { RolePermissionStore } from '../features/system/stores/role-permission';
import { SystemConfigStore } from '../features/system/stores/system-config';
import { UploadsStore } from './uploads';
import { UsersStore } from './users';
import { GameCatalogueStore } from './games';
import { reaction } from 'mobx';
import { VisitRecorder } from './visits';
import type { TrackingStore } from '../features/tracking/stores/tracking';
import type { IncomeStore } from '../features/income/stores/income';
import type { DashboardLiveStore } from '../features/dashboard/stores/dashboard-live';
import type { WorkbenchStore } from '../features/dashboard/stores/workbench';
import type { PlayersStore } from '../features/players/stores/players';
import type { AccountsStore } from '../features/players/stores/accounts';
import type { ReportsStore } from '../features/reports/stores/data-reports';
import type { CooperateStore } from '../features/cooperate/stores/cooperate';
import type { AutomationStore } from '../features/automation/stores/automation';
import type { AdvertisingStore } from '../features/advertising/stores/advertising';

/**
 * The feature stores made on first use, per RootStore: their code loads with their screens (a dynamic
 * import), not with the login page. A plain cache, never observed: each promise is made once.
 */
const featureStores = new WeakMap<RootStore, Map<string, Promise<unknown>>>();

/** The feature store `name` of `root`, made by `make` on the first ask and the same promise after. */
function featureStore<S>(root: RootStore, name: string, make: () => Promise<S>): Promise<S> {
  let stores = featureStores.get(root);
  if (!stores) featureStores.set(root, (stores = new Map()));
  let store = stores.get(name) as Promise<S> | undefined;
  if (!store) stores.set(name, (store = make()));
  return store;
}

/** What the stores receive from outside: transport, browser storage and the UI's side effects. */
export interface RootStoreDeps {
  api: ConsoleApi;
  storage: ConsoleStorage;
  /** Shows a toast. */
  notify(notice: Notice): void;
  /** Changes the route (the router's navigate). */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Reloads the page (after logout). */
  reload(): void;
  /** Clock (tests pass a fixed one). */
  now?: () => Date;
  /** The time zone whose calendar days the server's analytics count (runtime config); default ANALYTICS_TZ_DEFAULT. */
  analyticsTz?: string;
  /** The page's address, for the front-end log (default: the browser's location). */
  pageUrl?: () => string;
  /** The local browser database (spec §3); default an in-memory one keyed by the uuid cookie. */
  localDb?: LocalDb;
  /** Opens the layout's real-time socket (none in tests and stories that do not need one). */
  realtime?: RealtimeConnector;
}

/**
 * Builds every store on injected adapters; one per console (or per story / test). Screens and the
 * shell reach the back end only through these stores: the adapter itself is not exposed.
 */
export class RootStore {
  readonly session: SessionStore;
  readonly settings: SettingsStore;
  readonly dictionary: DictionaryStore;
  readonly departments: DepartmentsStore;
  readonly menu: MenuStore;
  readonly tabs: TabsStore;
  readonly log: LogStore;
  readonly ui: UiStore;
  /** The login page's store, when the full console shows it (after the session expired). */
  readonly loginPage: LoginStore;
  readonly dashboard: DashboardStore;
  /** Unread count, newest message, the socket and the message center lists. */
  readonly messages: MessagesStore;
  readonly locale: LocaleStore;
  /** Per-user choices (theme, colour, size, aside, transitions, tabs), in the local database. */
  readonly preferences: PreferencesStore;
  readonly theme: ThemeStore;
  /** The personal page's calls (own profile, password, avatar). */
  readonly profile: ProfileStore;
  /** Uploads through the back end the settings name. */
  readonly uploads: UploadsStore;
  /** The user screen's calls beyond its list (reset a password). */
  readonly users: UsersStore;
  /** The OAuth2 sign-in (plugin oauth2): the login page's link and the /oauth2 page. */
  readonly oauth2: OAuth2FlowStore;
  /** The game catalogue's calls beyond its lists (pickers, uploads, publish, codes, lookup, preview). */
  readonly games: GameCatalogueStore;

  /** Loading of the signed-in user's data by the route guard. */
  bootState: LoadState = 'idle';
  private booting: Promise<void> | null = null;

  /** The local browser database (IndexedDB in the browser, memory in tests). */
  readonly localDb: LocalDb;

  /**
   * Today in the server's analytics calendar (ANALYTICS_TZ): where the analytics screens' default
   * ranges end, whatever the browser's own time zone (stores/calendar.ts).
   */
  readonly analyticsToday: () => Date;

  constructor(private readonly deps: RootStoreDeps) {
    const { api, storage } = deps;
    const zone = deps.analyticsTz && knownTimeZone(deps.analyticsTz) ? deps.analyticsTz : ANALYTICS_TZ_DEFAULT;
    const clock = deps.now ?? (() => new Date());
    this.analyticsToday = () => dayIn(zone, clock());
    // Instants everywhere are shown on this same clock (stores/format).
    setDisplayZone(zone);
    this.localDb = deps.localDb ?? createMemoryLocalDb(() => storage.cookies.get('uuid'));
    this.locale = new LocaleStore(storage.cookies);
    // The server's seed texts (menus, dictionary labels, socket notices) in the interface language.
    const text = (value: string) => serverText(this.locale.language, value);
    this.session = new SessionStore(api, storage.cookies);
    this.settings = new SettingsStore(api);
    this.dictionary = new DictionaryStore(api, text);
    this.departments = new DepartmentsStore(api);
    this.menu = new MenuStore(api, storage.menuData, text);
    this.tabs = new TabsStore();
    this.preferences = new PreferencesStore(this.localDb, this.locale, () => storage.cookies.get('uuid'));
    this.theme = new ThemeStore(this.preferences);
    this.ui = new UiStore(this.preferences);
    this.uploads = new UploadsStore(api, this.settings);
    this.users = new UsersStore(api);
    this.games = new GameCatalogueStore(api);
    this.profile = new ProfileStore(api, this.session, this.uploads);
    this.oauth2 = new OAuth2FlowStore(api, storage.oauth2, () => this.signedIn(), INDEX_PATH);
    this.loginPage = new LoginStore(api, { signIn: (form) => this.login(form) });
    this.dashboard = new DashboardStore(api);
    this.messages = new MessagesStore({ api, notify: deps.notify, serverText: text, reloadSettings: () => this.settings.load(), ...(storage.flags ? { flags: storage.flags } : {}), ...(deps.realtime ? { connector: deps.realtime } : {}) });
    // The workbench's shortcuts: the current tab's page, counted once it stayed current a moment (a
    // fake api without the dashboard port, in tests and stories, counts nothing).
    const visits = new VisitRecorder((path) => (typeof api.dashboard?.recordVisit === 'function' ? api.dashboard.recordVisit(path) : Promise.resolve()), () => this.session.userLoaded);
    reaction(() => this.tabs.current, (path) => visits.opened(path));
    this.log = new LogStore({
      now: deps.now ?? (() => new Date()),
      meta: () => ({
        user: this.session.userName,
        uuid: storage.cookies.get('uuid') ?? '',
        token: storage.cookies.get('token') ?? '',
      }),
    });
    makeAutoObservable<RootStore, 'deps' | 'booting'>(
      this,
      {
        deps: false,
        analyticsToday: false,
        booting: false,
        messages: false,
        localDb: false,
        session: false,
        settings: false,
        dictionary: false,
        departments: false,
        menu: false,
        tabs: false,
        log: false,
        ui: false,
        loginPage: false,
        dashboard: false,
        locale: false,
        preferences: false,
        theme: false,
        profile: false,
        uploads: false,
        users: false,
        oauth2: false,
        games: false,
      },
      { autoBind: true },
    );
  }

  /** The list store of one screen (a CRUD page, a picker's options); each call builds a new one. */
  createResourceStore(options: ResourceStoreOptions): ResourceStore {
    return new ResourceStore(this.deps.api, options);
  }

  /** The 系统配置 screen's store. */
  createSystemConfigStore(): SystemConfigStore {
    return new SystemConfigStore(this.deps.api, this.settings);
  }

  /** The 权限配置 panel's store (one role). */
  createRolePermissionStore(): RolePermissionStore {
    return new RolePermissionStore(this.deps.api);
  }

  /** The rows a remote search select offers, from a resource's list. */
  remoteSource(resource: string): RemoteSelectSource {
    return new RemoteSelectSource(this.deps.api, resource);
  }

  /** Event tracking's pickers, secret regeneration and analysis stores (one per console), loaded on first use. */
  tracking(): Promise<TrackingStore> {
    return featureStore(this, 'tracking', () => import('../features/tracking/stores/tracking').then(({ TrackingStore }) => new TrackingStore(this.deps.api, this.analyticsToday, this.messages)));
  }

  /** The revenue screens' stores (center_income/*), loaded on first use. */
  income(): Promise<IncomeStore> {
    return featureStore(this, 'income', () => import('../features/income/stores/income').then(({ IncomeStore }) => new IncomeStore(this.deps.api, this.analyticsToday)));
  }

  /** The players screens' stores (center_users/*), loaded on first use. */
  players(): Promise<PlayersStore> {
    return featureStore(this, 'players', () => import('../features/players/stores/players').then(({ PlayersStore }) => new PlayersStore(this.deps.api, this.analyticsToday)));
  }

  /** The account and game-user drawers' stores, loaded with those screens. */
  accounts(): Promise<AccountsStore> {
    return featureStore(this, 'accounts', () => import('../features/players/stores/accounts').then(({ AccountsStore }) => new AccountsStore(this.deps.api, this.analyticsToday)));
  }

  /** The data reports' stores (data_reports/*), loaded on first use. */
  reports(): Promise<ReportsStore> {
    return featureStore(this, 'reports', () => import('../features/reports/stores/data-reports').then(({ ReportsStore }) => new ReportsStore(this.deps.api, this.analyticsToday)));
  }

  /** The partner screens' stores (cooperate/*), loaded on first use. */
  cooperate(): Promise<CooperateStore> {
    return featureStore(this, 'cooperate', () => import('../features/cooperate/stores/cooperate').then(({ CooperateStore }) => new CooperateStore(this.deps.api, this.analyticsToday)));
  }

  /** The automation screens' stores (automation/*), loaded on first use. */
  automation(): Promise<AutomationStore> {
    return featureStore(this, 'automation', () => import('../features/automation/stores/automation').then(({ AutomationStore }) => new AutomationStore(this.deps.api)));
  }

  /** The dashboard/realtime and dashboard/monitor stores, loaded on first use. */
  dashboardLive(): Promise<DashboardLiveStore> {
    return featureStore(this, 'dashboardLive', () => import('../features/dashboard/stores/dashboard-live').then(({ DashboardLiveStore }) => new DashboardLiveStore(this.deps.api, this.messages)));
  }

  /** The advertising screens' stores (advertisement/*), loaded on first use. */
  advertising(): Promise<AdvertisingStore> {
    return featureStore(this, 'advertising', () => import('../features/advertising/stores/advertising').then(({ AdvertisingStore }) => new AdvertisingStore(this.deps.api, this.analyticsToday)));
  }

  /** The workbench page's store (dashboard/workbench), loaded on first use. */
  workbench(): Promise<WorkbenchStore> {
    return featureStore(this, 'workbench', () => import('../features/dashboard/stores/workbench').then(({ WorkbenchStore }) => new WorkbenchStore(this.deps.api)));
  }

  notify(notice: Notice): void {
    this.deps.notify(notice);
  }

  navigate(to: string, options?: { replace?: boolean }): void {
    this.deps.navigate(to, options);
  }

  /** The callbacks the API adapter reports to. */
  apiCallbacks(): ApiCallbacks {
    return {
      notify: (notice) => this.deps.notify(notice),
      authExpired: () => this.handleAuthExpired(),
      logFailure: (failure) => this.reportFailure(failure),
    };
  }

  /** A failed call in the front-end log: the url is the page where it happened, the API address goes in the message. */
  reportFailure(failure: Failure): void {
    const message = failure.url ? `${failure.message} — ${failure.url}` : failure.message;
    this.log.add(message, failure.severity === 'error' ? 'danger' : 'info', this.pageUrl());
  }

  /** The page's address now. */
  pageUrl(): string {
    return this.deps.pageUrl ? this.deps.pageUrl() : (globalThis.location?.href ?? '');
  }

  /**
   * After sign-in or on a fresh page with a token (spec §4 route guard): user info, then settings,
   * dictionaries and departments, then the menu if none is loaded. Only the user info is required;
   * the others may fail (already shown and logged) without stopping the console.
   * Concurrent callers share one run.
   */
  bootstrap(): Promise<void> {
    this.booting ??= this.runBootstrap().finally(() => {
      this.booting = null;
    });
    return this.booting;
  }

  private async runBootstrap(): Promise<void> {
    this.bootState = 'loading';
    try {
      await this.session.loadUserInfo();
    } catch {
      runInAction(() => {
        // When the session ended meanwhile (the adapter cleared it), the next sign-in starts afresh.
        this.bootState = this.session.hasToken() ? 'failed' : 'idle';
      });
      return;
    }
    const optional = async (step: () => Promise<void>) => {
      try {
        await step();
      } catch {
        // Shown and logged by the adapter; the console goes on without it.
      }
    };
    await optional(this.settings.load);
    await optional(this.dictionary.loadAll);
    await optional(this.departments.load);
    if (!this.menu.loaded) await optional(this.menu.load);
    runInAction(() => {
      this.bootState = 'ready';
    });
  }

  /**
   * Sign-in (spec §4): whatever an earlier session left (user, menu, tabs) goes first, then the
   * session cookies are stored; the route guard loads the new user's data next.
   */
  async login(form: LoginForm): Promise<void> {
    this.clear();
    await this.session.login(form);
    // The new user's own choices (spec §4: load saved settings after sign-in).
    await this.preferences.load();
  }

  /**
   * Logout (spec §4), after the person confirmed: the adapter tells the server with the refresh token
   * and removes the three cookies; the per-user state and menuData go, then login and a page reload.
   */
  async logout(): Promise<void> {
    try {
      // First, while the uuid cookie still names the user's database.
      await this.localDb.clearUserDatabase();
    } catch {
      // The local database is a convenience; logout goes on.
    }
    try {
      await this.deps.api.logout();
    } catch {
      // The session ends on this side whatever the server says (the adapter removed the cookies).
    }
    this.clear();
    this.deps.navigate(LOGIN_PATH);
    this.deps.reload();
  }

  /** The adapter ended the session (cookies already cleared): reset and go to login. */
  handleAuthExpired(): void {
    this.clear();
    this.deps.navigate(LOGIN_PATH);
  }

  /**
   * A sign-in completed elsewhere (the OAuth2 flow; the adapter stored the cookies): what an earlier
   * session left goes, the user's own preferences load; the route guard loads the user's data next.
   */
  private async signedIn(): Promise<void> {
    this.clear();
    await this.preferences.load();
  }

  /** Resets every per-user store in one place. */
  clear(): void {
    this.session.clear();
    this.menu.clear();
    this.tabs.reset();
    this.departments.clear();
    this.dashboard.clear();
    this.messages.clear();
    this.ui.reset();
    this.preferences.reset();
    this.bootState = 'idle';
  }
}

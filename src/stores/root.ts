import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiCallbacks, ConsoleApi, Failure, Notice } from '../adapters/api';
import type { ConsoleStorage } from '../adapters/storage';
import { createMemoryLocalDb, type LocalDb } from '../adapters/local-db';
import { ANALYTICS_TZ_DEFAULT, INDEX_PATH, LOGIN_PATH } from '../config';
import { dayIn, knownTimeZone } from './calendar';
import { LoginStore } from './login';
import { DashboardStore } from './dashboard';
import { DepartmentsStore } from '../features/system/stores/departments';
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
import type { TrackingStore } from '../features/tracking/stores/tracking';
import type { IncomeStore } from '../features/income/stores/income';
// dashboard realtime+monitor (i17-live)
import type { DashboardLiveStore } from '../features/dashboard/stores/dashboard-live';
// ---- issue 16 part B, players (i16-players)
import type { PlayersStore } from '../features/players/stores/players';
const playersStores = new WeakMap<object, Promise<PlayersStore>>();
// dashboard realtime+monitor (i17-live)
const liveStores = new WeakMap<RootStore, Promise<DashboardLiveStore>>();
// ---- center_users accounts+game_users (i16-accounts)
import type { AccountsStore } from '../features/players/stores/accounts';
const accountsStores = new WeakMap<object, Promise<AccountsStore>>();
// Partners (issue 16 part B, i16-ads)
import type { CooperateStore } from '../features/cooperate/stores/cooperate';
// automation console (i17-console): the automation/* stores, loaded on first use (a plain cache, never observed).
import type { AutomationStore } from '../features/automation/stores/automation';
const automationStores = new WeakMap<object, Promise<AutomationStore>>();
// end automation console (i17-console)
// advertising (i16-adverts)
import type { AdvertisingStore } from '../features/advertising/stores/advertising';
// workbench (i17-workbench): page opens counted for the shortcuts; the page's store loads with the page.
import { reaction } from 'mobx';
import { VisitRecorder } from './visits';
import type { WorkbenchStore } from '../features/dashboard/stores/workbench';
const workbenchStores = new WeakMap<object, Promise<WorkbenchStore>>();

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
  /** Event tracking's store, made on first use (issue 15: its code loads with the tracking screens, not the login page). */
  private trackingStore: Promise<TrackingStore> | null = null;
  /** The revenue screens' store (issue 16), made on first use like tracking's. */
  private incomeStore: Promise<IncomeStore> | null = null;

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
    this.messages = new MessagesStore({ api, notify: deps.notify, serverText: text, reloadSettings: () => this.settings.load(), ...(deps.realtime ? { connector: deps.realtime } : {}) });
    // workbench (i17-workbench): the current tab's page, counted once it stayed current a moment.
    const visits = new VisitRecorder((path) => (typeof api.recordVisit === 'function' ? api.recordVisit(path) : Promise.resolve()), () => this.session.userLoaded);
    reaction(() => this.tabs.current, (path) => visits.opened(path));
    this.log = new LogStore({
      now: deps.now ?? (() => new Date()),
      meta: () => ({
        user: this.session.userName,
        uuid: storage.cookies.get('uuid') ?? '',
        token: storage.cookies.get('token') ?? '',
      }),
    });
    makeAutoObservable<RootStore, 'deps' | 'booting' | 'trackingStore' | 'incomeStore'>(
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
        trackingStore: false,
        incomeStore: false,
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
    // A plain cache, not state: the promise is made once and never observed.
    this.trackingStore ??= import('../features/tracking/stores/tracking').then(({ TrackingStore }) => new TrackingStore(this.deps.api, this.analyticsToday));
    return this.trackingStore;
  }

  /** The revenue screens' stores (center_income/*), loaded on first use. */
  income(): Promise<IncomeStore> {
    this.incomeStore ??= import('../features/income/stores/income').then(({ IncomeStore }) => new IncomeStore(this.deps.api, this.analyticsToday));
    return this.incomeStore;
  }

  // ---- issue 16 part B, players (i16-players)
  /** The players screens' stores (center_users/*, data_reports/*), loaded on first use (a plain cache, never observed). */
  players(): Promise<PlayersStore> {
    let store = playersStores.get(this);
    if (!store) playersStores.set(this, (store = import('../features/players/stores/players').then(({ PlayersStore }) => new PlayersStore(this.deps.api, this.analyticsToday))));
    return store;
  }
  // ---- center_users accounts+game_users (i16-accounts): the drawers' stores, loaded with those screens (a plain cache, never observed).
  accounts(): Promise<AccountsStore> {
    let store = accountsStores.get(this);
    if (!store) accountsStores.set(this, (store = import('../features/players/stores/accounts').then(({ AccountsStore }) => new AccountsStore(this.deps.api, this.analyticsToday))));
    return store;
  }
  // ---- Partners (issue 16 part B, i16-ads): cooperate/* stores, loaded on first use.
  private cooperateStore: Promise<CooperateStore> | null = null;
  cooperate(): Promise<CooperateStore> {
    this.cooperateStore ??= import('../features/cooperate/stores/cooperate').then(({ CooperateStore }) => new CooperateStore(this.deps.api, this.analyticsToday));
    return this.cooperateStore;
  }
  // ---- end Partners
  // automation console (i17-console)
  /** The automation screens' stores (automation/*), loaded on first use. */
  automation(): Promise<AutomationStore> {
    let store = automationStores.get(this);
    if (!store) automationStores.set(this, (store = import('../features/automation/stores/automation').then(({ AutomationStore }) => new AutomationStore(this.deps.api))));
    return store;
  }
  // end automation console (i17-console)
  // dashboard realtime+monitor (i17-live): dashboard/realtime and dashboard/monitor stores, loaded on first use (a plain cache, never observed).
  dashboardLive(): Promise<DashboardLiveStore> {
    let store = liveStores.get(this);
    if (!store) liveStores.set(this, (store = import('../features/dashboard/stores/dashboard-live').then(({ DashboardLiveStore }) => new DashboardLiveStore(this.deps.api, this.messages))));
    return store;
  }
  // advertising (i16-adverts): advertisement/* stores, loaded on first use.
  private advertisingStore: Promise<AdvertisingStore> | null = null;
  advertising(): Promise<AdvertisingStore> {
    this.advertisingStore ??= import('../features/advertising/stores/advertising').then(({ AdvertisingStore }) => new AdvertisingStore(this.deps.api, this.analyticsToday));
    return this.advertisingStore;
  }
  // workbench (i17-workbench)
  /** The workbench page's store (dashboard/workbench), loaded on first use (a plain cache, never observed). */
  workbench(): Promise<WorkbenchStore> {
    let store = workbenchStores.get(this);
    if (!store) workbenchStores.set(this, (store = import('../features/dashboard/stores/workbench').then(({ WorkbenchStore }) => new WorkbenchStore(this.deps.api))));
    return store;
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

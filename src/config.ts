/**
 * Business constants of the spec (console-spec §9 and the numbers of §2-§4), with the spec's names,
 * plus the run-time configuration the server writes into index.html.
 * Components and stores read these instead of repeating literals.
 */

/** Product version (spec §1, §9). */
export const VERSION = '2.1.3';

/** i18n key of the fixed admin-system name shown in the header and the page title (spec §1). */
export const SYSTEM_NAME_KEY = 'app.systemName';

// --- HTTP (spec §9, §8) ---
/** Timeout of the plain client (no Authorization header): login, captcha, token refresh. */
export const HTTP_TIMEOUT_PLAIN_MS = 20_000;
/** Timeout of the authorized client (every call that carries the JWT). */
export const HTTP_TIMEOUT_AUTH_MS = 60_000;
/** How many times a request is retried after a 401 and a token refresh. */
export const REQUEST_RETRY = 3;
/** Delay between those retries. */
export const REQUEST_RETRY_DELAY_MS = 1000;
/** How long an error/warning toast stays. */
export const MESSAGE_DURATION_MS = 5000;
/** Scheme of the Authorization header. */
export const AUTH_HEADER_SCHEME = 'JWT';

// --- Layout (spec §2.4, §4, §9) ---
export const ASIDE_WIDTH_PX = 200;
export const ASIDE_COLLAPSED_WIDTH_PX = 65;
/**
 * Below this width (phones, narrow windows) the aside becomes a drawer over the page and the header
 * tools fold into one button. layout.css keys its narrow rules on the `.is-narrow` class this sets.
 */
export const NARROW_VIEWPORT_QUERY = '(max-width: 768px)';
export const RESIZE_THROTTLE_MS = 300;
export const SEARCH_FOCUS_DELAY_MS = 500;
export const SCROLL_REBUILD_DELAY_MS = 500;
export const BADGE_MAX = 99;
export const POPOVER_WIDTH_PX = 400;
export const THEME_DIALOG_WIDTH_PX = 600;

/** Component size options (spec §2.4, §9); 'default' is the initial value. */
export const SIZE_OPTIONS = ['default', 'medium', 'small', 'mini'] as const;
export type SizeOption = (typeof SIZE_OPTIONS)[number];
export const DEFAULT_SIZE: SizeOption = 'default';

/** Colour presets of the colour picker and the default theme colour (spec §9). */
export const COLOR_PRESETS = ['#ff4500', '#ff8c00', '#ffd700', '#90ee90', '#00ced1', '#1e90ff', '#c71585'] as const;
export const DEFAULT_THEME_COLOR = '#409EFF';

/** The themes of spec §3, in order: the first is the default and the fallback for unknown names. */
export const THEME_NAMES = ['d2', 'chester', 'element', 'violet', 'line', 'star', 'tomorrow-night-blue'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
/** Themes with a background image (spec §3). */
export const THEMES_WITH_BACKGROUND: readonly ThemeName[] = ['line', 'star'];
/** Layout containers (spec §2.4). */
export const CONTAINER_TYPES = ['full', 'card', 'ghost'] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];
export const DEFAULT_CONTAINER: ContainerType = 'full';

// --- Data (spec §7, §9) ---
export const DICTIONARY_LIMIT = 100;
export const DEFAULT_DICTIONARY_KEY = 'all';

/** Dashboard: the sign-in chart shows the last 7 days of datav/login_user (which answers 30). */
export const DASHBOARD_TREND_DAYS = 7;

// --- Cookies (spec §4, §9) ---
/** Cookie names carry the version so that two console versions never read each other's session. */
export const COOKIE_PREFIX = `console-${VERSION}-`;
export const COOKIE_EXPIRES_DAYS = 30;
/** Template name the local browser database is named after (spec §3), plus the version. */
export const TEMPLATE_NAME = 'd2admin';
export const LOCAL_DB_NAME = `${TEMPLATE_NAME}-${VERSION}`;
/** sessionStorage key of the raw menu list (spec §5: permission checks read it). */
export const MENU_DATA_KEY = 'menuData';

// --- Locale (spec §4) ---
export const LANGUAGES = ['zh-chs', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-chs';
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * The language of a stored value (spec §4): none → the default (zh-chs); a supported one as is;
 * anything else (e.g. `fr`) → the fallback (en).
 */
export function toLanguage(value: string | null | undefined): Language {
  if (value === null || value === undefined || value === '') return DEFAULT_LANGUAGE;
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : FALLBACK_LANGUAGE;
}

// --- Routes (spec §2.1, §4) ---
export const INDEX_PATH = '/index';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const USER_INFO_PATH = '/userInfo';
/** The front-end log page (menu path of component system/log/frontendLog, spec §2.1 named route frontendLog). */
export const FRONTEND_LOG_PATH = '/frontendLog';
/** The OAuth2 sign-in route added by the oauth2 plugin (white-listed, spec §2.1). */
export const OAUTH2_PATH = '/oauth2';
export const FORBIDDEN_PATH = '/403';
export const PREVIEW_PATH = '/preview';
export const REFRESH_PATH = '/refresh';
/** The published Storybook, served by the reference server beside the console. */
export const STORYBOOK_PATH = '/storybook/';
/** Role keys that review design: their user menu links the Storybook (superusers see it too). */
export const DESIGN_REVIEW_ROLE_KEYS: readonly string[] = ['admin'];
/** Prefix of the redirect helper route `redirect/:route*` (spec §2.1). */
export const REDIRECT_PREFIX = '/redirect/';
/** Console message when a menu item's page file cannot be loaded (spec §2.3). */
export const PAGE_MISSING_MESSAGE = '在页面目录下找不到 {component} 对应的页面文件，该菜单将无法访问，请检查文件是否存在';
/** A page chunk that has not arrived after this long has failed (spec §8: 120 s). */
export const PAGE_CHUNK_TIMEOUT_MS = 120_000;
/** Local-database keys (per-user sys area) of the shell: open tabs, aside collapse and transition. */
export const TABS_DB_KEY = 'page.opened';
export const ASIDE_COLLAPSE_DB_KEY = 'menu.asideCollapse';
export const ASIDE_TRANSITION_DB_KEY = 'menu.asideTransitionActive';
/** Paths reachable without a token (spec §2.1). */
export const WHITE_LIST = ['/login', '/auth-redirect', '/bind', '/register', '/oauth2', '/privacy', '/preview'] as const;

// --- Run-time configuration (written by the server into index.html) ---

/** What the server puts in `window.__CONSOLE_CONFIG__`. `apiUrl` '' means the console's own origin. */
export interface RuntimeConfig {
  apiUrl: string;
  wsPath: string;
  /** Which ConsoleApi to build (server env CONSOLE_ADAPTER); absent = 'rest'. */
  adapter?: ConsoleAdapterName;
  /** The time zone whose calendar days the server's analytics count (its ANALYTICS_TZ); absent = ANALYTICS_TZ_DEFAULT. */
  analyticsTz?: string;
}

/** The ConsoleApi implementations the console can run on. */
export type ConsoleAdapterName = 'rest' | 'graphql';

export const DEFAULT_WS_PATH = 'api/ws/{token}/';
/** The analytics' calendar when the server does not say (the reference server's ANALYTICS_TZ default). */
export const ANALYTICS_TZ_DEFAULT = 'Asia/Shanghai';

/** Reads the server-provided configuration, tolerating a missing or malformed object. */
export function readRuntimeConfig(source: unknown): RuntimeConfig {
  const cfg: RuntimeConfig = { apiUrl: '', wsPath: DEFAULT_WS_PATH };
  if (source && typeof source === 'object') {
    const { apiUrl, wsPath } = source as Record<string, unknown>;
    if (typeof apiUrl === 'string') cfg.apiUrl = apiUrl.trim();
    if (typeof wsPath === 'string' && wsPath.includes('{token}')) cfg.wsPath = wsPath.trim();
    if ((source as Record<string, unknown>).adapter === 'graphql') cfg.adapter = 'graphql';
    const { analyticsTz } = source as Record<string, unknown>;
    if (typeof analyticsTz === 'string' && /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(analyticsTz)) cfg.analyticsTz = analyticsTz;
  }
  return cfg;
}

// --- Tables and forms (spec §2.5, §3, §5, §7, §9) ---
/** Form label width, default column span (of 24) and size of CRUD dialogs. */
export const TABLE_FORM_LABEL_WIDTH_PX = 110;
export const TABLE_FORM_DEFAULT_SPAN = 12;
/** Width of a CRUD table's row action column. */
export const ROW_ACTION_WIDTH_PX = 260;
/** Rows per page of a CRUD table by default, and the page sizes offered by the compact pager. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** Remark (description) textarea: maximum length. */
export const REMARK_MAX_LENGTH = 200;
/** Array display: items shown as tags before the '...' marker. */
export const ARRAY_DISPLAY_MAX = 50;
/** JSON column: characters shown in the cell. */
export const JSON_COLUMN_MAX_CHARS = 100;
/** Image cell and avatar sizes. */
export const IMAGE_CELL_SIZE_PX = 100;
export const AVATAR_SIZE_PX = 200;
/**
 * The server setting naming the upload back end (spec §7: form, alioss, cos, qiniu). Absent (as on
 * both back ends as shipped): form. An administrator adds it in 系统配置 (group file_storage).
 */
export const UPLOAD_MODULE_SETTING = 'file_storage.upload_module';
/** Image types the image and avatar uploaders accept. */
export const IMAGE_TYPES = ['png', 'jpeg', 'jpg', 'ico', 'bmp', 'gif'] as const;
/** Progress cell colours: red at or below the first, orange up to the second, green from the second. */
export const PROGRESS_RED_MAX = 50;
export const PROGRESS_GREEN_MIN = 80;
/** Name of an exported file when the server sends no content-disposition. */
export const DEFAULT_EXPORT_FILE_NAME = '文件导出.xlsx';
/** Date format of the create_datetime range search. */
export const DATE_RANGE_FORMAT = 'yyyy-MM-dd';

// --- Real-time notifications and the message center (spec §2.4, §4, §8) ---
/** Socket notification durations: SYSTEM and other types close after 3 s; ERROR and INFO stay until closed. */
export const SOCKET_NOTICE_SHORT_MS = 3000;
/** "Until closed": the longest delay a browser timer accepts (about 24.8 days). */
export const NOTICE_UNTIL_CLOSED_MS = 2_147_483_647;
/** Route name and path of the notification centre (the popover's 前往通知中心 link). */
export const MESSAGE_CENTER_ROUTE = 'messageCenter';
export const MESSAGE_CENTER_COMPONENT = 'system/messageCenter';
export const MESSAGE_CENTER_PATH = '/messageCenter';
/** Message title limit (server column). */
export const MESSAGE_TITLE_MAX = 100;

// --- Event tracking: configuration and analysis screens ---
/** Event and property identifiers: lower snake case, at most 64 characters (the server's rule). */
export const TRACKING_IDENTIFIER = /^[a-z][a-z0-9_]{0,63}$/;
/** Properties per event definition. */
export const TRACKING_MAX_PROPERTIES = 50;
/** Property types of an event definition. */
export const TRACKING_PROPERTY_TYPES = ['string', 'number', 'boolean', 'datetime'] as const;
/** Funnel steps: at least 2, at most 10. */
export const FUNNEL_MIN_STEPS = 2;
export const FUNNEL_MAX_STEPS = 10;
/** Funnel conversion window: 1 minute to 30 days, in seconds. */
export const FUNNEL_WINDOW_MIN_SECONDS = 60;
export const FUNNEL_WINDOW_MAX_SECONDS = 30 * 24 * 3600;
/** Filter operators on event properties. */
export const TRACKING_FILTER_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains'] as const;
/** The longest date range of an analysis (days, both ends included). */
export const TRACKING_MAX_RANGE_DAYS = 366;
/** The default range of the analysis screens: the last 7 days, today included. */
export const TRACKING_DEFAULT_RANGE_DAYS = 7;
/** The breakdown group that holds everything past the top 10. */
export const TRACKING_OTHER_GROUP = '__other__';
/** The breakdown group of events without the property (the event analysis answers it under this key). */
export const TRACKING_NONE_GROUP = '__none__';
/** Events of one series at most on the event analysis screen. */
export const TRACKING_MAX_SERIES = 10;

/** Revenue screens (center_income/*): the default range of history, distribution and rank. */
export const INCOME_DEFAULT_RANGE_DAYS = 30;
/** The overview's KPI periods: today, the last 7 and the last 30 days (each ending today). */
export const INCOME_OVERVIEW_PERIODS = [1, 7, 30] as const;
/** Rows a ranking may ask for (the server allows 1..100). */
export const INCOME_RANK_LIMITS = [10, 20, 50, 100] as const;
/** Orders per page of 收入明细. */
export const INCOME_ORDERS_PAGE_SIZE = 20;

// ---- players
/** 留存分析: the cohort days shown first (the last N days, today included). */
export const PLAYERS_RETENTION_DEFAULT_DAYS = 30;
/** 设备管理: rows per page. */
export const PLAYERS_DEVICES_PAGE_SIZE = 20;

// automation console
/** 执行节点 (automation/celery): the workers and queues refresh this often while the page is visible. */
export const AUTOMATION_WORKERS_REFRESH_MS = 5000;
/** 任务管理 (automation/task): the runs refresh this often while one on the page is queued, running or retrying. */
export const AUTOMATION_ACTIVE_RUNS_REFRESH_MS = 2000;
/** Runs per page of 任务管理. */
export const AUTOMATION_RUNS_PAGE_SIZE = 20;
/** Crontab and interval choices a schedule's pickers load (the server's largest page). */
export const AUTOMATION_PICKER_LIMIT = 100;
// end automation console
// dashboard realtime+monitor
/** 实时概况: while the socket is down (or silent this long), the figures are polled over REST this often. */
export const REALTIME_POLL_MS = 5000;
export const REALTIME_SOCKET_SILENT_MS = 4000;
/** 服务监控: the instances are read again this often while the page is visible. */
export const MONITOR_REFRESH_MS = 5000;
// advertising
/** advertisement/*: the default range of the campaign figures and the attribution list (the last N days). */
export const AD_DEFAULT_RANGE_DAYS = 30;
/** 归因明细: rows per page (the server allows 1..100). */
export const AD_ATTRIBUTION_PAGE_SIZE = 20;
/** The attribution windows staff can choose (days; the server's default is 7). */
export const AD_WINDOW_CHOICES = [1, 3, 7, 14, 30] as const;
// ---- center_users accounts+game_users
/** 平台账号 / 游戏用户: rows per page of the lists. */
export const ACCOUNTS_PAGE_SIZE = 20;
/** 游戏用户 → 行为轨迹 / 会话: rows per page. */
export const GAME_USER_VIEW_PAGE_SIZE = 20;
/** 游戏用户 → 行为轨迹 / 会话: the days shown first (the last N days, today included). */
export const GAME_USER_DEFAULT_DAYS = 30;
/** Longest ban reason (the server's limit). */
export const BAN_REASON_MAX_LENGTH = 500;
// workbench
/** A page counts as opened (for the workbench's shortcuts) once it stayed the current one this long. */
export const VISIT_DWELL_MS = 1500;
/** The workbench grid's row height and gap, in pixels (columns and rows: contracts/schemas/workbench.ts). */
export const WORKBENCH_ROW_HEIGHT = 56;
export const WORKBENCH_GAP = 12;
/** Shortcuts the shortcuts widget shows at most. */
export const WORKBENCH_SHORTCUTS_SHOWN = 8;
/** Messages the my-messages widget lists. */
export const WORKBENCH_MESSAGES_SHOWN = 6;

// data reports
/** data_reports/game_stats and user_stats open on the last 30 days (the server allows up to 366). */
export const DATA_REPORTS_DEFAULT_DAYS = 30;

// the check history and the workbench's realtime widget
/** Check results per page of a locator's history drawer (页面元素). */
export const PAGE_CHECK_HISTORY_PAGE_SIZE = 10;
/** Minutes the workbench's realtime mini-chart shows (of the last hour the realtime figures carry). */
export const WORKBENCH_REALTIME_MINUTES = 30;
// end the check history and the workbench's realtime widget

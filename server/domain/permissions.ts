import { GAME_KINDS } from '../../contracts/schemas/game/values';
import type { Db } from '../db/db';
import { LoadingCache } from './cache';
import type { Scope } from './crud/resource';
import type { Account } from './users';

/**
 * Authorization as plain decisions (no HTTP here): which calls an account may make, which rows it
 * sees (data scope), and which button permissions it holds. server/http/access.ts applies them to
 * every request once.
 */

/** Method numbers of menu buttons and white-list rows (API-CONTRACT §8). */
export const METHOD_NUMBERS: Record<string, number> = { GET: 0, POST: 1, PUT: 2, DELETE: 3 };

interface Grant {
  pattern: RegExp;
  method: number | null;
  /** White-list entries with enable_datasource false lift the data scope. */
  noDataScope: boolean;
}

export interface Verdict {
  ok: boolean;
  /** Allowed only by white-list entries without data scope: the call is not limited to the data scope. */
  noDataScope: boolean;
}

export interface UserGrants {
  grants: Grant[];
  /** Data scope: null = everything; else the department ids (as stored in dept_belong_id) and own rows. */
  depts: number[] | null;
  /** Verdicts already worked out for `METHOD path` (grants do not change while this object is cached). */
  verdicts: Map<string, Verdict>;
}

/** Paths any signed-in user may call (their own data, menus, button list, inbox, department names, dashboard). */
const OPEN_PATHS: Array<[string, RegExp]> = [
  ['GET', /^\/api\/system\/user\/user_info\/$/],
  ['PUT', /^\/api\/system\/user\/update_user_info\/$/],
  ['PUT', /^\/api\/system\/user\/[^/]+\/change_password\/$/],
  ['GET', /^\/api\/system\/menu\/web_router\/$/],
  ['GET', /^\/api\/system\/menu_button\/get_btn_permission\/$/],
  ['GET', /^\/api\/system\/message_center\/(get_self_receive|get_newest_msg|get_unread_msg)\/$/],
  // Reading one message: the message-center module itself allows only its sender and recipients.
  ['GET', /^\/api\/system\/message_center\/\d+\/$/],
  ['GET', /^\/api\/system\/dept\/all_dept\/$/],
  ['GET', /^\/api\/system\/datav\/[^/]+\/$/],
  // Upload for any form's image/file field (the file list itself stays guarded).
  ['POST', /^\/api\/system\/file\/$/],
  // The catalogue's upload rules (types, largest sizes) the upload fields show.
  ['GET', /^\/api\/game\/upload\/limits\/$/],
  // workbench: each user's own layout, page opens and sign-ins (the routes take no user id).
  ['GET', /^\/api\/system\/workbench\/(layout|shortcuts|my_logins)\/$/],
  ['PUT', /^\/api\/system\/workbench\/layout\/$/],
  ['DELETE', /^\/api\/system\/workbench\/layout\/$/],
  ['POST', /^\/api\/system\/workbench\/visit\/$/],
];

/**
 * Calls only a superuser may make, whatever the roles and white list say: writing the API white list
 * (an entry grants its call to every user, so managing it is granting rights one may not hold).
 */
export function isSuperuserOnly(method: string, path: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && path.startsWith('/api/system/api_white_list/');
}

export function isOpenPath(method: string, path: string): boolean {
  return OPEN_PATHS.some(([m, re]) => m === method && re.test(path));
}

/** The areas whose every route the access check guards (API paths /api/<area>/<screen>/). */
export const GUARDED_AREAS: readonly string[] = [
  '/api/system/', '/api/game/', '/api/common/', '/api/embed_configure/', '/api/data_embed/', '/api/center_income/',
  // ---- players
  '/api/center_users/', '/api/data_reports/',
  // ---- automation
  '/api/automation/',
  // Partners
  '/api/cooperate/',
  // dashboard realtime+monitor
  '/api/dashboard/realtime/', '/api/dashboard/monitor/',
  // advertising
  '/api/advertisement/',
];

/** Calls inside a guarded area that need no sign-in at all: the H5 preview (/preview?code= is an open page). */
const PUBLIC_PATHS: Array<[string, RegExp]> = [
  ['GET', /^\/api\/game\/h5\/preview\/(?:[^/]+\/)?$/],
  // advertising: the tracking link players' devices open (validated, rate-limited).
  ['GET', /^\/api\/advertisement\/click\/$/],
];

/** Whether the access check applies to a call: a route under a guarded area, and not a public one. */
export function isGuardedPath(method: string, path: string): boolean {
  return GUARDED_AREAS.some((area) => path.startsWith(area)) && !PUBLIC_PATHS.some(([m, re]) => m === method && re.test(path));
}

/** The grants that let a caller list every game (the pickers): a game screen's list, the detail's Retrieve, creating a release, batch or shared account, or a revenue screen. */
const GAME_PICKER_GRANTS: Array<[number, string]> = [
  [0, '/api/game/detail/0/'],
  ...GAME_KINDS.map((k): [number, string] => [0, `/api/game/${k}/`]),
  [1, '/api/game/history/'],
  [1, '/api/game/code/'],
  [1, '/api/common/account/'],
  // The revenue screens' game picker: whoever may open one of them.
  ...['overview', 'details', 'distribution', 'history', 'rank'].flatMap((s): Array<[number, string]> => [[0, `/api/center_income/${s}/`], [0, `/api/center_income/${s}/0/`]]),
  // ---- players: the players screens and reports pick a game too.
  ...['center_users/retention', 'center_users/game_users', 'data_reports/game_stats'].flatMap((s): Array<[number, string]> => [[0, `/api/${s}/`], [0, `/api/${s}/0/`]]),
];
/** Packages with the release screen's Create or Update. */
const PACKAGE_UPLOAD_GRANTS: Array<[number, string]> = [
  [1, '/api/game/history/'],
  [2, '/api/game/history/0/'],
];
/** Icons with a game screen's Create or Update, or the detail's Update. */
const ICON_UPLOAD_GRANTS: Array<[number, string]> = [...GAME_KINDS.flatMap((k): Array<[number, string]> => [[1, `/api/game/${k}/`], [2, `/api/game/${k}/0/`]]), [2, '/api/game/detail/0/']];
/** The partner list of the game forms: whoever may list, create or edit a game. */
const PARTNER_GRANTS: Array<[number, string]> = GAME_KINDS.flatMap((k): Array<[number, string]> => [[0, `/api/game/${k}/`], [1, `/api/game/${k}/`], [2, `/api/game/${k}/0/`]]);

/** The catalogue's calls that a button of another route grants. */
function catalogueEquivalents(method: string, path: string): Array<[number, string]> {
  if (method === 'GET' && path === '/api/game/detail/') return GAME_PICKER_GRANTS;
  if (method === 'GET' && path === '/api/common/partner/') return PARTNER_GRANTS;
  if (method === 'POST') {
    const upload = /^\/api\/game\/upload\/([^/]+)\/$/.exec(path)?.[1];
    // An unknown purpose: whoever may upload anything is told what the purpose must be.
    if (upload !== undefined) return upload === 'package' ? PACKAGE_UPLOAD_GRANTS : upload === 'icon' ? ICON_UPLOAD_GRANTS : [...PACKAGE_UPLOAD_GRANTS, ...ICON_UPLOAD_GRANTS];
  }
  if (method === 'GET') {
    // A batch's codes by the batch's Retrieve (or the batch list's Search), their export by the Export button.
    const codes = /^\/api\/game\/code\/(\d+)\/codes\/$/.exec(path)?.[1];
    if (codes !== undefined) return [[0, `/api/game/code/${codes}/`], [0, '/api/game/code/']];
    if (/^\/api\/game\/code\/\d+\/export_codes\/$/.test(path)) return [[0, '/api/game/code/export_data/'], [1, '/api/game/code/export_data/']];
  }
  return [];
}

/**
 * Event tracking: regenerating an app's key (or its public key) by the screen's Update button, its
 * live events by the list's Search; an analysis
 * export (`…/export/`) by the screen's Export button; the event and funnel definitions, the properties
 * seen in the data and the events with data (the analysis screens' pickers) by the analysis screens' Search.
 */
function trackingEquivalents(method: string, path: string): Array<[number, string]> {
  const regenerate = /^\/api\/embed_configure\/game\/(\d+)\/regenerate\/$/.exec(path)?.[1];
  if (method === 'POST' && regenerate !== undefined) return [[2, `/api/embed_configure/game/${regenerate}/`]];
  // A new public key by the Update button; the live events of an app by the app list's Search.
  const publicKey = /^\/api\/embed_configure\/game\/(\d+)\/public_key\/$/.exec(path)?.[1];
  if (method === 'POST' && publicKey !== undefined) return [[2, `/api/embed_configure/game/${publicKey}/`]];
  if (method === 'GET' && /^\/api\/embed_configure\/game\/\d+\/live\/$/.test(path)) return [[0, '/api/embed_configure/game/']];
  const exported = /^(\/api\/data_embed\/[^/]+\/)export\/$/.exec(path)?.[1];
  if (method === 'GET' && exported !== undefined) return [[1, `${exported}export_data/`], [0, `${exported}export_data/`]];
  if (method === 'GET' && (path === '/api/embed_configure/event_define/' || path === '/api/embed_configure/global_event_define/')) {
    return [[0, '/api/data_embed/event/'], [0, '/api/data_embed/funnel/']];
  }
  if (method === 'GET' && path === '/api/embed_configure/funnel_define/') return [[0, '/api/data_embed/funnel/']];
  // The pickers' properties seen in the data and events with data, by either analysis screen's Search.
  if (method === 'GET' && (path === '/api/data_embed/properties/' || path === '/api/data_embed/event_counts/')) return [[0, '/api/data_embed/event/'], [0, '/api/data_embed/funnel/']];
  return [];
}

/**
 * Revenue reports: a screen's GET by its Search or its Retrieve button (the overview has
 * only Retrieve); the orders export (`details/export/`) by Export (the generic `export/` rule).
 */
function incomeEquivalents(method: string, path: string): Array<[number, string]> {
  const screen = /^(\/api\/center_income\/[a-z_]+\/)$/.exec(path)?.[1];
  if (method === 'GET' && screen !== undefined) return [[0, `${screen}0/`]];
  return [];
}

// ---- players
/**
 * Players and reports: a screen's GET (and its sub-views `…/<view>/`) by its Search
 * or Retrieve button; exports by Export (the generic `export/` rule).
 */
function playersEquivalents(method: string, path: string): Array<[number, string]> {
  const screen = /^(\/api\/(?:center_users|data_reports)\/[a-z_]+\/)$/.exec(path)?.[1];
  if (method === 'GET' && screen !== undefined) return [[0, `${screen}0/`]];
  // center_users accounts+game_users: the views of a screen by its Search or Retrieve; ban/unban by 平台账号's Update.
  const view = /^(\/api\/center_users\/(?:accounts|game_users)\/)(?:detail|track|devices|sessions)\/$/.exec(path)?.[1];
  if (method === 'GET' && view !== undefined) return [[0, view], [0, `${view}0/`]];
  if (method === 'POST' && /^\/api\/center_users\/accounts\/(?:ban|unban)\/$/.test(path)) return [[2, '/api/center_users/accounts/0/']];
  return [];
}

/**
 * Automation: the runs of the task screen by its Search (list) or Retrieve (one run);
 * "run now" and retrying a run by the task screen's Create; cancelling a run by its Update; a
 * schedule's "run now" by the schedule's Update.
 */
function automationEquivalents(method: string, path: string): Array<[number, string]> {
  if (!path.startsWith('/api/automation/')) return [];
  if (method === 'GET' && path === '/api/automation/task/runs/') return [[0, '/api/automation/task/']];
  // Page checks: the results are read with the locators' Search button.
  if (method === 'GET' && path === '/api/automation/webElement/results/') return [[0, '/api/automation/webElement/']];
  if (method === 'GET' && /^\/api\/automation\/task\/runs\/[^/]+\/$/.test(path)) return [[0, '/api/automation/task/0/'], [0, '/api/automation/task/']];
  if (method === 'POST' && (/^\/api\/automation\/task\/[\w.-]+\/run\/$/.test(path) || /^\/api\/automation\/task\/runs\/[^/]+\/retry\/$/.test(path))) return [[1, '/api/automation/task/']];
  if (method === 'POST' && /^\/api\/automation\/task\/runs\/[^/]+\/cancel\/$/.test(path)) return [[2, '/api/automation/task/0/']];
  const schedule = /^\/api\/automation\/schedule\/(\d+)\/run\/$/.exec(path)?.[1];
  if (method === 'POST' && schedule !== undefined) return [[2, `/api/automation/schedule/${schedule}/`]];
  return [];
}
// ---- Partners: cooperate/*
/**
 * The partner screens: overview/reports GET by Search or Retrieve; the rates list by the reports'
 * Search; setting a rate or locking a month by 合作报表's Update; the xlsx export by Export (generic rule).
 */
function cooperateEquivalents(method: string, path: string): Array<[number, string]> {
  if (method === 'GET' && (path === '/api/cooperate/overview/' || path === '/api/cooperate/reports/')) return [[0, `${path}0/`]];
  if (method === 'GET' && path === '/api/cooperate/reports/rates/') return [[0, '/api/cooperate/reports/'], [0, '/api/cooperate/reports/0/']];
  if (method === 'POST' && (path === '/api/cooperate/reports/rates/' || path === '/api/cooperate/reports/lock/')) return [[2, '/api/cooperate/reports/0/']];
  return [];
}
// ---- end Partners

// advertising
/**
 * advertisement/*: the campaign figures by the campaign screen's Search; a campaign's spend by its
 * Retrieve (read) or Update (write, import); a network's click log by Update; the spend template by Update; the attribution list by
 * its Search or Retrieve.
 */
function advertisingEquivalents(method: string, path: string): Array<[number, string]> {
  if (!path.startsWith('/api/advertisement/')) return [];
  if (method === 'GET' && path === '/api/advertisement/campaign/performance/') return [[0, '/api/advertisement/campaign/']];
  if (method === 'GET' && path === '/api/advertisement/campaign/spend_template/') return [[2, '/api/advertisement/campaign/0/']];
  if (method === 'GET' && path === '/api/advertisement/attribution/') return [[0, '/api/advertisement/attribution/0/']];
  const spend = /^\/api\/advertisement\/campaign\/(\d+)\/spend\/(import\/)?$/.exec(path);
  if (spend) {
    if (method === 'GET' && !spend[2]) return [[0, `/api/advertisement/campaign/${spend[1]}/`], [0, '/api/advertisement/campaign/']];
    if ((method === 'PUT' && !spend[2]) || (method === 'POST' && spend[2])) return [[2, `/api/advertisement/campaign/${spend[1]}/`]];
  }
  const clicks = /^\/api\/advertisement\/campaign\/(\d+)\/clicks\/$/.exec(path)?.[1];
  if (method === 'POST' && clicks !== undefined) return [[2, `/api/advertisement/campaign/${clicks}/`]];
  return [];
}

/**
 * Drill-downs (the list behind a figure: `<screen>/players/`, `<screen>/orders/`, `<screen>/installs/`): by whatever grants
 * the screen's own GET; their export (`…/export_data/`) by the screen's Export button only.
 */
function drillEquivalents(method: string, path: string): Array<[number, string]> {
  const drill = /^(\/api\/(?:data_embed|center_users|center_income|data_reports|advertisement)\/[a-z_]+\/)(?:players|orders|installs)\/(export_data\/)?$/.exec(path);
  if (method !== 'GET' || !drill) return [];
  const screen = drill[1] as string;
  if (drill[2]) return [[1, `${screen}export_data/`], [0, `${screen}export_data/`]];
  return equivalents('GET', screen);
}

/**
 * A button's api with `{id}`-style placeholders → an anchored pattern. A placeholder stands for a row
 * id (digits: every row route here takes digits only), so a row's Retrieve button (`.../{id}/`) does
 * not also grant `.../export_data/` or any other action at that depth.
 */
export function apiPattern(api: string): RegExp | null {
  const trimmed = api.trim();
  if (trimmed === '') return null;
  const source = trimmed
    .split(/\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\d+');
  return new RegExp(`^${source}$`);
}

/**
 * The (path, method) pairs whose grant also allows this request: the request itself, PUT for PATCH,
 * a row's DELETE for multiple_delete, the Export/Import buttons for their GET/POST actions and the
 * template, the role's Update/Create for the grant screen's lookups, a config row's Update for
 * save_content; in the catalogue, the buttons that grant its pickers, uploads, a batch's codes and
 * their export.
 */
export function equivalents(method: string, path: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  const m = METHOD_NUMBERS[method];
  if (m !== undefined) out.push([m, path]);
  if (method === 'PATCH') out.push([2, path]);
  // Every viewset sits at /api/<area>/<screen>/ (system, game, common, ...).
  const base = /^(\/api\/[^/]+\/[^/]+\/)/.exec(path)?.[1];
  if (!base) return out;
  const action = path.slice(base.length);
  if (method === 'DELETE' && action === 'multiple_delete/') out.push([3, `${base}0/`]);
  if (action === 'export_data/') out.push([0, path], [1, path]);
  // The analysis screens' `export/` (the table under the chart, same parameters) by their Export button.
  if (method === 'GET' && action === 'export/') out.push([0, `${base}export_data/`], [1, `${base}export_data/`]);
  if (action === 'import_data/' || action === 'update_template/') out.push([0, `${base}import_data/`], [1, `${base}import_data/`]);
  if (method === 'GET' && base === '/api/system/role/' && /^(role_get_menu|data_scope|data_scope_dept)\/$/.test(action)) {
    out.push([2, `${base}0/`], [1, base]);
  }
  if (method === 'PUT' && base === '/api/system/system_config/' && action === 'save_content/') out.push([2, `${base}0/`]);
  if (method === 'GET' && path === '/api/system/dept_lazy_tree/') out.push([0, '/api/system/dept/']);
  out.push(...catalogueEquivalents(method, path));
  out.push(...trackingEquivalents(method, path));
  out.push(...incomeEquivalents(method, path));
  // ---- players
  out.push(...playersEquivalents(method, path));
  out.push(...automationEquivalents(method, path));
  // Partners
  out.push(...cooperateEquivalents(method, path));
  // dashboard realtime+monitor: each screen's GET (and the realtime socket frame) by its Retrieve button.
  if (method === 'GET' && (path === '/api/dashboard/realtime/' || path === '/api/dashboard/monitor/')) out.push([0, `${path}0/`]);
  // dashboard/monitor's range series and thresholds by its Retrieve button; changing the thresholds by its Update button.
  if (method === 'GET' && /^\/api\/dashboard\/monitor\/(series|thresholds)\/$/.test(path)) out.push([0, '/api/dashboard/monitor/0/']);
  if (method === 'PUT' && path === '/api/dashboard/monitor/thresholds/') out.push([2, '/api/dashboard/monitor/0/']);
  // advertising
  out.push(...advertisingEquivalents(method, path));
  out.push(...drillEquivalents(method, path));
  return out;
}

/** What a refused call is answered with (examples 88-89). */
export function refusalMessage(method: string, path: string): string {
  return `您没有执行该操作的权限。 (${method}: ${path})`;
}

/** The grant of each button of the user's enabled roles, then the API white list's (shared by everyone). */
async function loadGrants(db: Db, userId: number, whiteList: Grant[]): Promise<UserGrants> {
  const buttons = await db.query<{ api: string; method: number | null }>(
    `SELECT DISTINCT b.api, b.method FROM menu_buttons b
       JOIN role_buttons rb ON rb.button_id = b.id
       JOIN roles r ON r.id = rb.role_id AND r.status
       JOIN user_roles ur ON ur.role_id = r.id
     WHERE ur.user_id = $1`,
    [userId],
  );
  const grants: Grant[] = [];
  for (const b of buttons) {
    const pattern = apiPattern(b.api);
    if (pattern) grants.push({ pattern, method: b.method, noDataScope: false });
  }
  grants.push(...whiteList);
  return { grants, depts: await loadDataScope(db, userId), verdicts: new Map() };
}

async function loadWhiteList(db: Db): Promise<Grant[]> {
  const rows = await db.query<{ url: string; method: number | null; enable_datasource: boolean; open_write: boolean }>(
    'SELECT url, method, enable_datasource, open_write FROM api_white_list ORDER BY id',
  );
  const out: Grant[] = [];
  for (const w of rows) {
    // A write method opened to everyone counts only when the entry says so explicitly.
    if (w.method !== null && w.method !== 0 && !w.open_write) continue;
    const pattern = apiPattern(w.url);
    if (pattern) out.push({ pattern, method: w.method, noDataScope: !w.enable_datasource });
  }
  return out;
}

/**
 * Departments whose rows a user sees, from their enabled roles' data_range (contract §15): 0 own rows
 * only, 1 own department and below, 2 own department, 3 everything, 4 the role's chosen departments.
 * The union over the roles; null = everything. One statement.
 */
async function loadDataScope(db: Db, userId: number): Promise<number[] | null> {
  const [row] = await db.query<{ everything: boolean; depts: number[] | null }>(
    `WITH RECURSIVE my_roles AS (
       SELECT r.id, r.data_range FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = $1 AND r.status
     ), me AS (SELECT dept FROM users WHERE id = $1),
     below AS (
       SELECT id FROM depts WHERE parent = (SELECT dept FROM me) AND EXISTS (SELECT 1 FROM my_roles WHERE data_range = 1)
       UNION SELECT d.id FROM depts d JOIN below ON d.parent = below.id
     )
     SELECT EXISTS (SELECT 1 FROM my_roles WHERE data_range = 3) AS everything,
       ARRAY(
         SELECT dept FROM me WHERE dept IS NOT NULL AND EXISTS (SELECT 1 FROM my_roles WHERE data_range IN (1, 2))
         UNION SELECT id FROM below
         UNION SELECT rd.dept_id FROM role_depts rd JOIN my_roles r ON r.id = rd.role_id AND r.data_range = 4
         ORDER BY 1
       ) AS depts`,
    [userId],
  );
  if (!row || row.everything) return null;
  return row.depts ?? [];
}

/** `web_path:value` of the buttons a user holds (every button for a superuser), for get_btn_permission. */
async function loadButtonPermissions(db: Db, key: string): Promise<string[]> {
  const rows =
    key === 'superuser'
      ? await db.query<{ perm: string }>(
          `SELECT m.web_path || ':' || b.value AS perm FROM menu_buttons b JOIN menus m ON m.id = b.menu
           WHERE COALESCE(m.web_path, '') <> '' ORDER BY m.sort, m.id, b.id`,
        )
      : await db.query<{ perm: string }>(
          `SELECT DISTINCT m.web_path || ':' || b.value AS perm FROM menu_buttons b JOIN menus m ON m.id = b.menu
             JOIN role_buttons rb ON rb.button_id = b.id JOIN roles r ON r.id = rb.role_id AND r.status
             JOIN user_roles ur ON ur.role_id = r.id
           WHERE ur.user_id = $1 AND COALESCE(m.web_path, '') <> '' ORDER BY 1`,
          [Number(key)],
        );
  return rows.map((r) => r.perm);
}

/** At most this many verdicts are remembered per user (paths with ids differ per row). */
const MAX_VERDICTS = 2_000;

/**
 * Per-user grants (role buttons, white list, data scope) and button permissions, cached: reloaded as
 * soon as this process writes to roles, buttons, menus, users, departments or the white list (the
 * database's change versions), and after 30 s for changes made elsewhere.
 */
export class PermissionStore {
  private readonly grantCache: LoadingCache<number, UserGrants>;
  private readonly whiteList: LoadingCache<'all', Grant[]>;
  private readonly buttons: LoadingCache<string, string[]>;

  constructor(db: Db, ttlMs = 30_000) {
    const options = { changes: db.changes };
    this.whiteList = new LoadingCache(() => loadWhiteList(db), ttlMs, options);
    this.grantCache = new LoadingCache(async (id) => loadGrants(db, id, await this.whiteList.get('all')), ttlMs, options);
    this.buttons = new LoadingCache((key) => loadButtonPermissions(db, key), ttlMs, options);
  }

  grants(userId: number): Promise<UserGrants> {
    return this.grantCache.get(userId);
  }

  /** Whether the account may call method+path; `noDataScope` when only a white-list entry without data scope allows it. */
  async allows(account: Account, method: string, path: string): Promise<Verdict> {
    if (account.is_superuser || isOpenPath(method, path)) return { ok: true, noDataScope: account.is_superuser };
    if (isSuperuserOnly(method, path)) return { ok: false, noDataScope: false };
    const grants = await this.grants(account.id);
    const key = `${method} ${path}`;
    const known = grants.verdicts.get(key);
    if (known) return known;
    let ok = false;
    let noDataScope = true;
    for (const [m, p] of equivalents(method, path)) {
      for (const g of grants.grants) {
        if ((g.method ?? 0) === m && g.pattern.test(p)) {
          ok = true;
          if (!g.noDataScope) noDataScope = false;
        }
      }
    }
    const verdict = { ok, noDataScope: ok && noDataScope };
    if (grants.verdicts.size >= MAX_VERDICTS) grants.verdicts.clear();
    grants.verdicts.set(key, verdict);
    return verdict;
  }

  /** The condition limiting rows to the account's data scope (main table alias `t`), or null for all rows. */
  async scopeCondition(account: Account): Promise<Scope | null> {
    if (account.is_superuser) return null;
    const { depts } = await this.grants(account.id);
    if (depts === null) return null;
    return { sql: 't.creator = ? OR t.dept_belong_id = ANY(?::text[])', params: [account.id, depts.map(String)] };
  }

  /** get_btn_permission: `"<web_path>:<value>"` of the account's buttons (all for a superuser). */
  buttonPermissions(account: Account): Promise<string[]> {
    return this.buttons.get(account.is_superuser ? 'superuser' : String(account.id));
  }
}

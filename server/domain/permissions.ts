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
];

export function isOpenPath(method: string, path: string): boolean {
  return OPEN_PATHS.some(([m, re]) => m === method && re.test(path));
}

/** A button's api with `{id}`-style placeholders → an anchored pattern. */
export function apiPattern(api: string): RegExp | null {
  const trimmed = api.trim();
  if (trimmed === '') return null;
  const source = trimmed
    .split(/\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}$`);
}

/**
 * The (path, method) pairs whose grant also allows this request: the request itself, PUT for PATCH,
 * a row's DELETE for multiple_delete, the Export/Import buttons for their GET/POST actions and the
 * template, the role's Update/Create for the grant screen's lookups, a config row's Update for
 * save_content.
 */
export function equivalents(method: string, path: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  const m = METHOD_NUMBERS[method];
  if (m !== undefined) out.push([m, path]);
  if (method === 'PATCH') out.push([2, path]);
  const base = /^(\/api\/system\/[^/]+\/)/.exec(path)?.[1];
  if (!base) return out;
  const action = path.slice(base.length);
  if (method === 'DELETE' && action === 'multiple_delete/') out.push([3, `${base}0/`]);
  if (action === 'export_data/') out.push([0, path], [1, path]);
  if (action === 'import_data/' || action === 'update_template/') out.push([0, `${base}import_data/`], [1, `${base}import_data/`]);
  if (method === 'GET' && base === '/api/system/role/' && /^(role_get_menu|data_scope|data_scope_dept)\/$/.test(action)) {
    out.push([2, `${base}0/`], [1, base]);
  }
  if (method === 'PUT' && base === '/api/system/system_config/' && action === 'save_content/') out.push([2, `${base}0/`]);
  if (method === 'GET' && path === '/api/system/dept_lazy_tree/') out.push([0, '/api/system/dept/']);
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
  const rows = await db.query<{ url: string; method: number | null; enable_datasource: boolean }>('SELECT url, method, enable_datasource FROM api_white_list ORDER BY id');
  const out: Grant[] = [];
  for (const w of rows) {
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

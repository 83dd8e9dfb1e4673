import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { authenticate } from '../http/auth';
import { fail } from '../http/envelope';
import { LoadingCache } from './cache';
import type { Account } from './users';

/** Method numbers of menu buttons and white-list rows (API-CONTRACT §8). */
export const METHOD_NUMBERS: Record<string, number> = { GET: 0, POST: 1, PUT: 2, DELETE: 3 };

interface Grant {
  pattern: RegExp;
  method: number | null;
  /** White-list entries with enable_datasource false lift the data scope. */
  noDataScope: boolean;
}

export interface UserGrants {
  grants: Grant[];
  /** Data scope: null = everything; else the department ids (as stored in dept_belong_id) and own rows. */
  depts: number[] | null;
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
 * save_content.
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
  if (action === 'import_data/' || action === 'update_template/') out.push([0, `${base}import_data/`], [1, `${base}import_data/`]);
  if (method === 'GET' && base === '/api/system/role/' && /^(role_get_menu|data_scope|data_scope_dept)\/$/.test(action)) {
    out.push([2, `${base}0/`], [1, base]);
  }
  if (method === 'PUT' && base === '/api/system/system_config/' && action === 'save_content/') out.push([2, `${base}0/`]);
  if (method === 'GET' && path === '/api/system/dept_lazy_tree/') out.push([0, '/api/system/dept/']);
  return out;
}

async function loadGrants(db: Db, userId: number): Promise<UserGrants> {
  const buttons = await db.query<{ api: string; method: number | null }>(
    `SELECT DISTINCT b.api, b.method FROM menu_buttons b
       JOIN role_buttons rb ON rb.button_id = b.id
       JOIN roles r ON r.id = rb.role_id AND r.status
       JOIN user_roles ur ON ur.role_id = r.id
     WHERE ur.user_id = $1`,
    [userId],
  );
  const white = await db.query<{ url: string; method: number | null; enable_datasource: boolean }>('SELECT url, method, enable_datasource FROM api_white_list');
  const grants: Grant[] = [];
  for (const b of buttons) {
    const pattern = apiPattern(b.api);
    if (pattern) grants.push({ pattern, method: b.method, noDataScope: false });
  }
  for (const w of white) {
    const pattern = apiPattern(w.url);
    if (pattern) grants.push({ pattern, method: w.method, noDataScope: !w.enable_datasource });
  }
  return { grants, depts: await loadDataScope(db, userId) };
}

/**
 * Departments whose rows a user sees, from their enabled roles' data_range (contract §15): 0 own rows
 * only, 1 own department and below, 2 own department, 3 everything, 4 the role's chosen departments.
 * The union over the roles; null = everything.
 */
async function loadDataScope(db: Db, userId: number): Promise<number[] | null> {
  const roles = await db.query<{ id: number; data_range: number }>(
    'SELECT r.id, r.data_range FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = $1 AND r.status',
    [userId],
  );
  if (roles.some((r) => r.data_range === 3)) return null;
  const me = (await db.query<{ dept: number | null }>('SELECT dept FROM users WHERE id = $1', [userId]))[0];
  const depts = new Set<number>();
  for (const r of roles) {
    if ((r.data_range === 1 || r.data_range === 2) && me?.dept != null) depts.add(me.dept);
    if (r.data_range === 1 && me?.dept != null) {
      const below = await db.query<{ id: number }>(
        `WITH RECURSIVE sub AS (SELECT id FROM depts WHERE parent = $1 UNION SELECT d.id FROM depts d JOIN sub ON d.parent = sub.id)
         SELECT id FROM sub`,
        [me.dept],
      );
      for (const b of below) depts.add(b.id);
    }
    if (r.data_range === 4) {
      for (const d of await db.query<{ dept_id: number }>('SELECT dept_id FROM role_depts WHERE role_id = $1', [r.id])) depts.add(d.dept_id);
    }
  }
  return [...depts];
}

/** Per-user grants, cached 30 s; `invalidate()` after any change to roles, buttons, grants or the white list. */
export class PermissionStore {
  private readonly cache: LoadingCache<number, UserGrants>;

  constructor(db: Db, ttlMs = 30_000) {
    this.cache = new LoadingCache((id) => loadGrants(db, id), ttlMs);
  }

  grants(userId: number): Promise<UserGrants> {
    return this.cache.get(userId);
  }

  invalidate(): void {
    this.cache.clear();
  }

  /** Whether the account may call method+path; `noDataScope` when only a white-list entry without data scope allows it. */
  async allows(account: Account, method: string, path: string): Promise<{ ok: boolean; noDataScope: boolean }> {
    if (account.is_superuser || isOpenPath(method, path)) return { ok: true, noDataScope: account.is_superuser };
    const { grants } = await this.grants(account.id);
    let ok = false;
    let noDataScope = true;
    for (const [m, p] of equivalents(method, path)) {
      for (const g of grants) {
        if ((g.method ?? 0) === m && g.pattern.test(p)) {
          ok = true;
          if (!g.noDataScope) noDataScope = false;
        }
      }
    }
    return { ok, noDataScope: ok && noDataScope };
  }

  /** SQL condition limiting rows to the account's data scope (main table alias `t`), or null for all rows. */
  async scopeCondition(account: Account): Promise<{ sql: string; params: unknown[] } | null> {
    if (account.is_superuser) return null;
    const { depts } = await this.grants(account.id);
    if (depts === null) return null;
    return { sql: 't.creator = ? OR t.dept_belong_id = ANY(?::text[])', params: [account.id, depts.map(String)] };
  }
}

const stores = new WeakMap<AppContext, PermissionStore>();

/** The permission store of one server (made on first use; no change to AppContext needed). */
export function permissionsOf(ctx: AppContext): PermissionStore {
  let s = stores.get(ctx);
  if (!s) {
    s = new PermissionStore(ctx.db);
    stores.set(ctx, s);
  }
  return s;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the permission check: the call was allowed by a white-list entry without data scope. */
    noDataScope: boolean;
  }
}

export function refusal(method: string, path: string) {
  return fail(`您没有执行该操作的权限。 (${method}: ${path})`);
}

/**
 * Pre-handler: signs the caller in (as requireUser does) and refuses, with upstream's message, a call
 * that neither the open list, the caller's role buttons nor the API white list allow. Usable on any
 * route: `{ preHandler: requirePermission(ctx) }`.
 */
export function requirePermission(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.account) {
      const res = await authenticate(ctx, req.headers.authorization);
      if (!res.ok) return reply.send(res.failure);
      req.account = res.account;
    }
    const path = req.url.split('?')[0] ?? req.url;
    const verdict = await permissionsOf(ctx).allows(req.account, req.method, path);
    if (!verdict.ok) return reply.send(refusal(req.method, path));
    req.noDataScope = verdict.noDataScope;
  };
}

/**
 * Applies requirePermission to every matched route under /api/system/ — including routes other
 * modules register — before the body is read. Unknown URLs fall through to the 404 handler.
 */
export function registerPermissions(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('noDataScope', false);
  const check = requirePermission(ctx);
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'OPTIONS') return;
    const route = req.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/system/')) return;
    // A route that authorizes each call itself may declare `config: { permission: 'signed-in' }`.
    if ((req.routeOptions.config as { permission?: unknown } | undefined)?.permission === 'signed-in') return;
    return check(req, reply);
  });
}

import type { IncomingHttpHeaders } from 'node:http';
import { isRecord } from '../json';

/**
 * The facts of the real back end that the stand-in reproduces, one rule each, with its evidence in
 * API-CONTRACT.md. Everything not listed is answered by the reference server as it is, because there
 * it already speaks the real contract (the datav keys, the menu-button rows, `pcode_count`, field-name
 * login messages, ...).
 *
 * A rule sees a request before it goes to the reference server and may answer it itself, change it, or
 * ask to see (and rewrite) the answer.
 */

export interface ProxyRequest {
  method: string;
  /** Path without the query string, e.g. /api/system/area/. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What the rules may use besides the request. */
export interface StandInContext {
  /** Access token of superadmin on the reference server (for the calls upstream leaves open). */
  serviceToken(): Promise<string>;
  /** Sends a request to the reference server as it is. */
  forward(req: ProxyRequest): Promise<ProxyAnswer>;
  /** Users whose next 您有一条新消息~ frame the socket relay drops (target_type 0 pushes nothing upstream). */
  suppressNewMessageFrame(userIds: number[]): () => void;
  /** Dictionary rows the stand-in stored as accepted duplicates: id → the value the caller sent. */
  duplicateValues: Map<number, string>;
}

export interface Rule {
  /** Short name, and where the fact is recorded. */
  name: string;
  source: string;
  /** Answers the request (or rewrites the forwarded answer); undefined = not this rule's request. */
  handle(req: ProxyRequest, ctx: StandInContext): Promise<ProxyAnswer | undefined>;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): ProxyAnswer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.from(JSON.stringify(body)),
});

/** Django's debug 404 page, as upstream answers any unknown URL (§3, §17). */
export function djangoNotFound(path: string): ProxyAnswer {
  const page = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta http-equiv="content-type" content="text/html; charset=utf-8">
  <title>Page not found at ${path}</title>
</head>
<body>
  <div id="summary">
    <h1>Page not found <span>(404)</span></h1>
    <table class="meta"><tr><th>Request URL:</th><td>http://127.0.0.1:8000${path}</td></tr></table>
  </div>
  <div id="info"><p>Using the URLconf defined in <code>application.urls</code>, Django tried these URL patterns, in this order: ...</p></div>
</body>
</html>
`;
  return { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(page) };
}

function djangoServerError(title: string): ProxyAnswer {
  return {
    status: 500,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: Buffer.from(`<!DOCTYPE html>\n<html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`),
  };
}

export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const envelopeOf = (a: ProxyAnswer): { code: number; msg: unknown; data: unknown } | null => {
  const body = parseJson(a.body);
  return isRecord(body) && typeof body.code === 'number' ? (body as { code: number; msg: unknown; data: unknown }) : null;
};
const withJson = (a: ProxyAnswer, body: unknown): ProxyAnswer => ({ ...a, headers: { ...a.headers, 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) });

/** Routes the reference server adds and the real back end does not have (§14 lists every route). */
const REFERENCE_ONLY = [/^\/api\/captcha\/status\/$/, /^\/api\/system\/datav\/recent_logins\/$/, /^\/api\/openapi\.json$/, /^\/api\/docs\/$/, /^\/graphql$/];

/**
 * The platform's routes (GAME-AREAS.md): the real back end is the system API only and answers every
 * one of them with Django's HTML 404 (§18), the workbench's calls under api/system/ included.
 */
const PLATFORM = /^\/api\/(game|common|embed_configure|embed|data_embed|center_users|center_income|ingest|advertisement|cooperate|data_reports|automation|dashboard)\/|^\/api\/system\/workbench\//;

/** Menu components of the system API: the real back end's web_router holds these 17 menus and no other (§8, §18). */
const isSystemComponent = (component: unknown) => typeof component === 'string' && component.startsWith('system/');

/** The menus of web_router rows that the real back end has: system components and the catalogs above them. */
function systemMenus(rows: unknown[]): Array<Record<string, unknown>> {
  const records = rows.filter(isRecord);
  const byId = new Map(records.map((r) => [r.id, r]));
  const keep = new Set<unknown>();
  for (const r of records) {
    if (!isSystemComponent(r.component)) continue;
    for (let m: Record<string, unknown> | undefined = r; m && !keep.has(m.id); m = byId.get(m.parent)) keep.add(m.id);
  }
  return records.filter((r) => keep.has(r.id));
}

export const RULES: Rule[] = [
  {
    name: 'the platform is not there: its routes are Django\'s HTML 404',
    source: '§18 (any platform route), §17 (any unknown path under /api/)',
    handle: async (req) => (PLATFORM.test(req.path) ? djangoNotFound(req.path) : undefined),
  },
  {
    name: 'web_router holds the system menus only; get_btn_permission their buttons only',
    source: '§8 (the 17 menus of a superuser), §18 (no platform menu)',
    handle: async (req, ctx) => {
      if (req.method !== 'GET' || (req.path !== '/api/system/menu/web_router/' && req.path !== '/api/system/menu_button/get_btn_permission/')) return undefined;
      const router = await ctx.forward({ ...req, path: '/api/system/menu/web_router/', query: new URLSearchParams() });
      const env = envelopeOf(router);
      if (env?.code !== 2000 || !isRecord(env.data) || !Array.isArray(env.data.data)) return req.path.endsWith('web_router/') ? router : ctx.forward(req);
      const menus = systemMenus(env.data.data);
      if (req.path.endsWith('web_router/')) return withJson(router, { ...env, data: { ...env.data, total: menus.length, data: menus } });
      const paths = new Set(menus.map((m) => m.web_path).filter((p) => typeof p === 'string' && p !== ''));
      const answer = await ctx.forward(req);
      const buttons = envelopeOf(answer);
      if (buttons?.code !== 2000 || !Array.isArray(buttons.data)) return answer;
      return withJson(answer, { ...buttons, data: buttons.data.filter((b) => typeof b === 'string' && paths.has(b.slice(0, b.lastIndexOf(':')))) });
    },
  },
  {
    name: 'PATCH is refused: the permission check knows GET, POST, PUT and DELETE',
    source: '§18 (PATCH /api/system/role/{id}/)',
    // Observed as superadmin. A user without the grant is refused before (the permission test as user
    // test passed on the real back end with 您没有执行该操作的权限。 for PATCH): forwarded as it is.
    handle: async (req, ctx) => {
      if (req.method !== 'PATCH' || !req.path.startsWith('/api/system/')) return undefined;
      const me = envelopeOf(await ctx.forward({ method: 'GET', path: '/api/system/user/user_info/', query: new URLSearchParams(), headers: req.headers, body: Buffer.alloc(0) }));
      if (me?.code !== 2000 || !isRecord(me.data) || me.data.is_superuser !== true) return ctx.forward(req);
      return json(200, { code: 4000, data: null, msg: "'PATCH' is not in list" });
    },
  },
  {
    name: 'a user created without a password has none (no sign-in until one is set)',
    source: '§18 (POST /api/system/user/ without password)',
    handle: async (req, ctx) => {
      if (req.method !== 'POST' || req.path !== '/api/system/user/') return undefined;
      const sent = parseJson(req.body);
      if (!isRecord(sent) || (typeof sent.password === 'string' && sent.password !== '')) return undefined;
      const answer = await ctx.forward(req);
      const env = envelopeOf(answer);
      if (env?.code !== 2000 || !isRecord(env.data) || typeof env.data.id !== 'number') return answer;
      // The reference server gave it the default password: replace that by one nobody knows.
      const unknown = `no-password-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const reset = await ctx.forward({
        method: 'PUT',
        path: `/api/system/user/${env.data.id}/reset_password/`,
        query: new URLSearchParams(),
        headers: { 'content-type': 'application/json', 'user-agent': 'contract-standin', authorization: `JWT ${await ctx.serviceToken()}` },
        body: Buffer.from(JSON.stringify({ newPassword: unknown, newPassword2: unknown })),
      });
      if (envelopeOf(reset)?.code !== 2000) throw new Error(`the stand-in could not take the default password away from user ${env.data.id}: ${reset.body.toString()}`);
      return withJson(answer, { ...env, data: { ...env.data, password: '' } });
    },
  },
  {
    name: 'no reference-only routes (captcha/status, recent_logins, openapi, docs, graphql)',
    source: '§5 (no api/captcha/status/ in this version, example 2), §14 (every route)',
    handle: async (req) => (REFERENCE_ONLY.some((r) => r.test(req.path)) ? djangoNotFound(req.path) : undefined),
  },
  {
    name: 'login without a User-Agent header is an HTTP 500',
    source: '§3 (KeyError while writing the login log), example 24',
    handle: async (req) =>
      req.method === 'POST' && req.path === '/api/login/' && !req.headers['user-agent'] ? djangoServerError("KeyError at /api/login/ 'HTTP_USER_AGENT'") : undefined,
  },
  {
    name: 'logout revokes nothing',
    source: '§4 (it only clears users.last_token), known upstream defects, examples 83-84',
    // Forwarded without the refresh token, so the reference server checks the access token and revokes nothing.
    handle: async (req, ctx) => (req.method === 'POST' && req.path === '/api/logout/' ? ctx.forward({ ...req, body: Buffer.from('{}'), headers: { ...req.headers, 'content-type': 'application/json' } }) : undefined),
  },
  {
    name: 'update_user_info always fails',
    source: '§9, known upstream defects, example 40',
    handle: async (req) =>
      req.method === 'PUT' && req.path === '/api/system/user/update_user_info/'
        ? json(200, { code: 4000, data: null, msg: "The field 'mobile' was declared on serializer UserInfoUpdateSerializer, but has not been included in the 'fields' option." })
        : undefined,
  },
  {
    name: 'uploads need no token (creator null)',
    source: '§11 (FileViewSet permission_classes = []), example 64',
    handle: async (req, ctx) => {
      if (req.method !== 'POST' || req.path !== '/api/system/file/' || req.headers.authorization) return undefined;
      const answer = await ctx.forward({ ...req, headers: { ...req.headers, authorization: `JWT ${await ctx.serviceToken()}` } });
      const env = envelopeOf(answer);
      if (env?.code !== 2000 || !isRecord(env.data)) return answer;
      return withJson(answer, { ...env, data: { ...env.data, creator: null, creator_name: null } });
    },
  },
  {
    name: 'the file list is readable by any signed-in user',
    source: '§17 (GET file/ as user test), §14 (file_list: none (public)), §13',
    handle: async (req, ctx) => {
      if (req.method !== 'GET' || req.path !== '/api/system/file/') return undefined;
      const answer = await ctx.forward(req);
      const env = envelopeOf(answer);
      // Refused for want of a button (the token itself was good): upstream checks no permission here.
      if (env?.code !== 4000 || typeof env.msg !== 'string' || !env.msg.startsWith('您没有执行该操作的权限')) return answer;
      return ctx.forward({ ...req, headers: { ...req.headers, authorization: `JWT ${await ctx.serviceToken()}` } });
    },
  },
  {
    name: 'the area list ignores pcode__isnull',
    source: '§17 (GET area/ rows), example 57',
    handle: async (req, ctx) => {
      if (req.method !== 'GET' || req.path !== '/api/system/area/' || !req.query.has('pcode__isnull')) return undefined;
      const query = new URLSearchParams(req.query);
      query.delete('pcode__isnull');
      return ctx.forward({ ...req, query });
    },
  },
  {
    name: 'a duplicate dictionary value is accepted',
    source: '§17 (POST dictionary/ with a value that already exists under the same parent)',
    handle: async (req, ctx) => {
      if (!req.path.startsWith('/api/system/dictionary/')) return undefined;
      const answer = await ctx.forward(req);
      const env = envelopeOf(answer);
      if (req.method === 'POST' && req.path === '/api/system/dictionary/' && env?.code === 4000 && String(env.msg).startsWith('字典编号已存在')) {
        // Store it under a marked value (the reference server keeps values unique) and answer as upstream does.
        const sent = parseJson(req.body);
        if (!isRecord(sent) || typeof sent.value !== 'string') return answer;
        const marked = await ctx.forward({ ...req, body: Buffer.from(JSON.stringify({ ...sent, value: `${sent.value}#duplicate-${Date.now()}` })) });
        const stored = envelopeOf(marked);
        if (stored?.code !== 2000 || !isRecord(stored.data) || typeof stored.data.id !== 'number') return marked;
        ctx.duplicateValues.set(stored.data.id, sent.value);
        return withJson(marked, { ...stored, data: { ...stored.data, value: sent.value } });
      }
      if (!env || ctx.duplicateValues.size === 0) return answer;
      // Rows of accepted duplicates read back with the value they were given.
      const fix = (row: unknown) => (isRecord(row) && typeof row.id === 'number' && ctx.duplicateValues.has(row.id) ? { ...row, value: ctx.duplicateValues.get(row.id) } : row);
      const data = isRecord(env.data) && Array.isArray(env.data.data) ? { ...env.data, data: env.data.data.map(fix) } : fix(env.data);
      return withJson(answer, { ...env, data });
    },
  },
  {
    name: 'a message center validation error comes as a list of field maps',
    source: '§17 (POST message_center/ with an unknown user id)',
    handle: async (req, ctx) => {
      if (req.method !== 'POST' || req.path !== '/api/system/message_center/') return undefined;
      // A message to individual users pushes no socket frame upstream (§12): drop it in the relay.
      const sent = parseJson(req.body);
      const toUsers = isRecord(sent) && sent.target_type === 0 && Array.isArray(sent.target_user) ? sent.target_user.filter((u): u is number => typeof u === 'number') : [];
      const release = toUsers.length > 0 ? ctx.suppressNewMessageFrame(toUsers) : () => undefined;
      const answer = await ctx.forward(req);
      const env = envelopeOf(answer);
      if (env?.code !== 2000) release();
      const unknown = env?.code === 4000 && typeof env.msg === 'string' ? /^目标用户:无效主键 “(\d+)”/.exec(env.msg) : null;
      if (!unknown) return answer;
      return withJson(answer, { code: 4000, data: null, msg: [{ users: [`无效主键 “${unknown[1]}” － 对象不存在。`] }] });
    },
  },
  {
    // The import templates come from the same mixin code as the exports (an assumption: only export_data was captured).
    name: 'exports and import templates are application/msexcel',
    source: '§17 (GET .../export_data/)',
    handle: async (req, ctx) => {
      if (req.method !== 'GET' || !/\/(export_data|import_data|update_template)\/$/.test(req.path)) return undefined;
      const answer = await ctx.forward(req);
      if (answer.status !== 200 || !String(answer.headers['content-type'] ?? '').includes('spreadsheetml')) return answer;
      return { ...answer, headers: { ...answer.headers, 'content-type': 'application/msexcel' } };
    },
  },
  {
    name: 'lists: a page past the end is code 4000',
    source: '§3 "Three list shapes" (1), known upstream defects',
    handle: async (req, ctx) => {
      const page = Number(req.query.get('page') ?? '1');
      if (req.method !== 'GET' || !req.path.startsWith('/api/') || !(page > 1)) return undefined;
      const answer = await ctx.forward(req);
      const env = envelopeOf(answer);
      const data = env?.data;
      if (env?.code !== 2000 || !isRecord(data) || !('is_next' in data) || !Array.isArray(data.data) || data.data.length > 0) return answer;
      return withJson(answer, { code: 4000, data: null, msg: "'list' object has no attribute 'has_next'" });
    },
  },
];

/** Any answer of the reference server: an unknown route becomes Django's HTML page (§3, §17). */
export function afterAll(req: ProxyRequest, answer: ProxyAnswer): ProxyAnswer {
  if (answer.status !== 404) return answer;
  const env = envelopeOf(answer);
  return env?.code === 404 ? djangoNotFound(req.path) : answer;
}

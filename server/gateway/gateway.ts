import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema, graphql, GraphQLError, type ExecutionResult } from 'graphql';
import type { DeptNode, DictionaryEntry, DictionaryGroup, ListPage, LoginResult, MenuItem, RecentLogin, RefreshResult, UserInfo } from '../../contracts/schemas';
import { isRecord } from '../../contracts/json';
import { upstreamListParams } from './list-query';
import { callUpstream, type UpstreamCall } from './upstream';

const schemaSource = readFileSync(fileURLToPath(new URL('./schema.graphql', import.meta.url)), 'utf8');
export const gatewaySchema = buildSchema(schemaSource);

type Args = Record<string, unknown>;
type Json = Record<string, unknown>;

/** A count answer: `{count}` (reference server) or the first number of the object (other back ends). */
function countOf(data: unknown, path: string): number {
  if (typeof data === 'number') return data;
  if (isRecord(data)) {
    if (typeof data.count === 'number') return data.count;
    const first = Object.values(data).find((v): v is number => typeof v === 'number');
    if (first !== undefined) return first;
  }
  throw new GraphQLError(`上游返回了无法识别的数据: ${path}`, { extensions: { kind: 'format', code: 2000, httpStatus: 200 } });
}

const MESSAGES = 'api/system/message_center/';

/** A JSON argument that must be an object (a request body). */
function bodyOf(value: unknown): Json {
  if (!isRecord(value)) throw new GraphQLError('body 必须是对象', { extensions: { kind: 'request', code: 400 } });
  return value;
}

/**
 * The upstream path of a generic REST call: relative, under api/, no '..' or '//' segments, no query
 * string (lists take typed arguments through resourceList) and no fragment. Anything else is refused
 * before any call goes out.
 */
export function restPathOf(value: unknown): string {
  const path = typeof value === 'string' ? value.replace(/^\/+/, '') : '';
  const ok = /^api\/[A-Za-z0-9_\-./]*$/.test(path) && !path.split('/').some((s) => s === '..' || s === '.') && !path.includes('//');
  if (!ok) throw new GraphQLError('path 必须是 api/ 下的接口路径（不带查询参数）', { extensions: { kind: 'request', code: 400 } });
  return path;
}

const REST_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'] as const);
type RestMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A write body: an object or an array (save_content takes an array), or none. */
function restBodyOf(value: unknown): Json | unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (isRecord(value) || Array.isArray(value)) return value;
  throw new GraphQLError('body 必须是对象或数组', { extensions: { kind: 'request', code: 400 } });
}

const count = async (ctx: UpstreamCall, path: string) => countOf(await callUpstream<unknown>(ctx, 'GET', path), path);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Resolvers: each field is one REST call of the contract. */
const root = {
  captcha: (_: Args, ctx: UpstreamCall) => callUpstream<{ key?: number; image_base?: string }>(ctx, 'GET', 'api/captcha/'),
  captchaStatus: async (_: Args, ctx: UpstreamCall) => {
    try {
      const data = await callUpstream<unknown>({ ...ctx, authorization: undefined }, 'GET', 'api/captcha/status/');
      if (isRecord(data) && typeof data.status === 'boolean') return data.status;
    } catch {
      // The real back end has no status call: read the setting instead.
    }
    const settings = await callUpstream<unknown>(ctx, 'GET', 'api/init/settings/');
    return !(isRecord(settings) && settings['base.captcha_state'] === false);
  },
  userInfo: (_: Args, ctx: UpstreamCall) => callUpstream<UserInfo>(ctx, 'GET', 'api/system/user/user_info/'),
  settings: (_: Args, ctx: UpstreamCall) => callUpstream<Record<string, unknown>>(ctx, 'GET', 'api/init/settings/'),
  dictionaries: async (_: Args, ctx: UpstreamCall) =>
    (await callUpstream<ListPage<DictionaryGroup>>(ctx, 'GET', 'api/init/dictionary/', undefined, { dictionary_key: 'all', limit: '100' })).data,
  dictionary: async (args: Args, ctx: UpstreamCall) =>
    (await callUpstream<ListPage<DictionaryEntry>>(ctx, 'GET', 'api/init/dictionary/', undefined, { dictionary_key: str(args.key) ?? '', limit: '100' })).data,
  webRouter: async (_: Args, ctx: UpstreamCall) => (await callUpstream<ListPage<MenuItem>>(ctx, 'GET', 'api/system/menu/web_router/')).data,
  allDept: (_: Args, ctx: UpstreamCall) => callUpstream<DeptNode[]>(ctx, 'GET', 'api/system/dept/all_dept/'),
  usersTotal: (_: Args, ctx: UpstreamCall) => count(ctx, 'api/system/datav/users_total/'),
  usersLoginTotal: (_: Args, ctx: UpstreamCall) => count(ctx, 'api/system/datav/users_login_total/'),
  attachmentTotal: (_: Args, ctx: UpstreamCall) => count(ctx, 'api/system/datav/attachment_total/'),
  loginTrend: async (_: Args, ctx: UpstreamCall) => {
    const data = await callUpstream<unknown>(ctx, 'GET', 'api/system/datav/login_user/');
    const rows: unknown = isRecord(data) ? data.login_user : data;
    if (!Array.isArray(rows)) throw new GraphQLError('上游返回了无法识别的数据: api/system/datav/login_user/', { extensions: { kind: 'format', code: 2000, httpStatus: 200 } });
    return rows.filter(isRecord).map((row) => ({ day: String(row.day ?? ''), count: Number(row.count) || 0 }));
  },
  recentLogins: (_: Args, ctx: UpstreamCall) => callUpstream<RecentLogin[]>(ctx, 'GET', 'api/system/datav/recent_logins/'),
  sentMessages: (args: Args, ctx: UpstreamCall) =>
    callUpstream<unknown>(ctx, 'GET', MESSAGES, undefined, { page: String(args.page), limit: String(args.limit) }),
  receivedMessages: (args: Args, ctx: UpstreamCall) =>
    callUpstream<unknown>(ctx, 'GET', `${MESSAGES}get_self_receive/`, undefined, {
      page: String(args.page),
      limit: String(args.limit),
      ...(typeof args.isRead === 'boolean' ? { is_read: args.isRead ? '1' : '0' } : {}),
    }),
  newestMessage: async (_: Args, ctx: UpstreamCall) => {
    const data = await callUpstream<unknown>(ctx, 'GET', `${MESSAGES}get_newest_msg/`);
    return isRecord(data) && Object.keys(data).length > 0 ? data : null;
  },
  unreadMessageCount: (_: Args, ctx: UpstreamCall) => count(ctx, `${MESSAGES}get_unread_msg/`),
  openMessage: (args: Args, ctx: UpstreamCall) => callUpstream<unknown>(ctx, 'GET', `${MESSAGES}${Number(args.id)}/`),
  sendMessage: (args: Args, ctx: UpstreamCall) => callUpstream<unknown>(ctx, 'POST', MESSAGES, bodyOf(args.body)),
  updateMessage: (args: Args, ctx: UpstreamCall) => callUpstream<unknown>(ctx, 'PUT', `${MESSAGES}${Number(args.id)}/`, bodyOf(args.body)),
  deleteMessages: async (args: Args, ctx: UpstreamCall) => {
    const ids = Array.isArray(args.ids) ? args.ids.map(Number) : [];
    if (ids.length === 1) await callUpstream<unknown>(ctx, 'DELETE', `${MESSAGES}${ids[0]}/`);
    else if (ids.length > 1) await callUpstream<unknown>(ctx, 'DELETE', `${MESSAGES}multiple_delete/`, { keys: ids });
    return true;
  },
  resourceList: (args: Args, ctx: UpstreamCall) => {
    const resource = restPathOf(args.resource);
    return callUpstream<unknown>(ctx, 'GET', resource.endsWith('/') ? resource : `${resource}/`, undefined, upstreamListParams(args.query));
  },
  rest: (args: Args, ctx: UpstreamCall) => callUpstream<unknown>(ctx, 'GET', restPathOf(args.path)),
  restWrite: (args: Args, ctx: UpstreamCall) => {
    const method = String(args.method) as RestMethod;
    if (!REST_METHODS.has(method)) throw new GraphQLError('method 无效', { extensions: { kind: 'request', code: 400 } });
    return callUpstream<unknown>(ctx, method, restPathOf(args.path), restBodyOf(args.body));
  },
  login: (args: Args, ctx: UpstreamCall) => {
    const body: Record<string, unknown> = { username: args.username, password: args.password };
    if (args.captcha != null) body.captcha = args.captcha;
    if (args.captchaKey != null) body.captchaKey = args.captchaKey;
    return callUpstream<LoginResult>({ ...ctx, authorization: undefined }, 'POST', 'api/login/', body);
  },
  refreshToken: (args: Args, ctx: UpstreamCall) => callUpstream<RefreshResult>({ ...ctx, authorization: undefined }, 'POST', 'token/refresh/', { refresh: args.refresh }),
  logout: async (args: Args, ctx: UpstreamCall) => {
    await callUpstream<null>(ctx, 'POST', 'api/logout/', args.refresh ? { refresh: args.refresh } : {});
    return true;
  },
};

export interface GatewayRequest {
  query: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** Executes one GraphQL request against the upstream. Never throws: bad requests come back as `errors`. */
export async function executeGateway(req: GatewayRequest, call: UpstreamCall): Promise<ExecutionResult> {
  if (typeof req.query !== 'string' || req.query.trim() === '') {
    return { errors: [new GraphQLError('query 必须是非空字符串', { extensions: { kind: 'request', code: 400 } })] };
  }
  if (req.variables != null && (typeof req.variables !== 'object' || Array.isArray(req.variables))) {
    return { errors: [new GraphQLError('variables 必须是对象', { extensions: { kind: 'request', code: 400 } })] };
  }
  return graphql({
    schema: gatewaySchema,
    source: req.query,
    rootValue: root,
    contextValue: call,
    variableValues: (req.variables as Record<string, unknown> | undefined) ?? undefined,
    operationName: typeof req.operationName === 'string' ? req.operationName : undefined,
  });
}

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

function unreadable(path: string): GraphQLError {
  return new GraphQLError(`上游返回了无法识别的数据: ${path}`, { extensions: { kind: 'format', code: 2000, httpStatus: 200 } });
}

/** A datav count, in its own key (`users_total`, `login_total`: API-CONTRACT §17) or `count`. */
function countOf(data: unknown, path: string, key: string): number {
  if (isRecord(data)) {
    const value = typeof data[key] === 'number' ? data[key] : data.count;
    if (typeof value === 'number') return value;
  }
  throw unreadable(path);
}

/** A datav day series `{<key>: [{day, count}]}`, oldest first. */
function daysOf(data: unknown, path: string, key: string): Array<{ day: string; count: number }> {
  const rows: unknown = isRecord(data) ? data[key] : data;
  if (!Array.isArray(rows)) throw unreadable(path);
  return rows
    .filter(isRecord)
    .map((row) => ({ day: String(row.day ?? ''), count: Number(row.count) || 0 }))
    .sort((a, b) => a.day.localeCompare(b.day));
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

const TRACKING_REPORTS: Record<string, string> = {
  EVENT: 'api/data_embed/event/',
  FUNNEL: 'api/data_embed/funnel/',
  SESSIONS: 'api/data_embed/sessions/',
  PROPERTIES: 'api/data_embed/properties/',
  EVENT_COUNTS: 'api/data_embed/event_counts/',
};

/** A report's parameters: at most 100 pairs, names lower snake case, values at most 4,000 characters. */
export function reportParamsOf(value: unknown): URLSearchParams {
  const refuse = (msg: string) => new GraphQLError(msg, { extensions: { kind: 'request', code: 400 } });
  if (!Array.isArray(value) || value.length > 100) throw refuse('params 必须是不超过 100 项的列表');
  const search = new URLSearchParams();
  for (const item of value) {
    const name = isRecord(item) ? item.name : undefined;
    const text = isRecord(item) ? item.value : undefined;
    if (typeof name !== 'string' || !/^[a-z][a-z0-9_]{0,31}$/.test(name)) throw refuse('参数名无效');
    if (typeof text !== 'string' || text.length > 4000) throw refuse(`参数 ${name} 的值无效`);
    search.append(name, text);
  }
  return search;
}

const REST_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'] as const);
type RestMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A write body: an object or an array (save_content takes an array), or none. */
function restBodyOf(value: unknown): Json | unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (isRecord(value) || Array.isArray(value)) return value;
  throw new GraphQLError('body 必须是对象或数组', { extensions: { kind: 'request', code: 400 } });
}

const count = async (ctx: UpstreamCall, path: string, key: string) => countOf(await callUpstream<unknown>(ctx, 'GET', path), path, key);
const days = async (ctx: UpstreamCall, path: string, key: string) => daysOf(await callUpstream<unknown>(ctx, 'GET', path), path, key);
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
  usersTotal: (_: Args, ctx: UpstreamCall) => count(ctx, 'api/system/datav/users_total/', 'users_total'),
  usersLoginTotal: (_: Args, ctx: UpstreamCall) => count(ctx, 'api/system/datav/users_login_total/', 'login_total'),
  attachmentTotal: async (_: Args, ctx: UpstreamCall) => {
    const path = 'api/system/datav/attachment_total/';
    const data = await callUpstream<unknown>(ctx, 'GET', path);
    if (!isRecord(data) || typeof data.count !== 'number') throw unreadable(path);
    return { count: data.count, occupySpace: typeof data.occupy_space === 'string' && data.occupy_space ? data.occupy_space : null };
  },
  loginTrend: (_: Args, ctx: UpstreamCall) => days(ctx, 'api/system/datav/login_user/', 'login_user'),
  registeredUsers: (_: Args, ctx: UpstreamCall) => days(ctx, 'api/system/datav/registered_user/', 'registered_user_list'),
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
  unreadMessageCount: (_: Args, ctx: UpstreamCall) => count(ctx, `${MESSAGES}get_unread_msg/`, 'count'),
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
  trackingReport: (args: Args, ctx: UpstreamCall) => {
    const path = TRACKING_REPORTS[String(args.report)];
    if (!path) throw new GraphQLError('report 无效', { extensions: { kind: 'request', code: 400 } });
    return callUpstream<unknown>(ctx, 'GET', path, undefined, reportParamsOf(args.params));
  },
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

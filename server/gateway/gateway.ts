import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema, graphql, GraphQLError, type ExecutionResult } from 'graphql';
import type { DeptNode, DictionaryEntry, DictionaryGroup, ListPage, LoginResult, MenuItem, RefreshResult, UserInfo } from '../../contracts/schemas';
import { callUpstream, type UpstreamCall } from './upstream';

const schemaSource = readFileSync(fileURLToPath(new URL('./schema.graphql', import.meta.url)), 'utf8');
export const gatewaySchema = buildSchema(schemaSource);

type Args = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Resolvers: each field is one REST call of the contract. */
const root = {
  captcha: (_: Args, ctx: UpstreamCall) => callUpstream<{ key?: number; image_base?: string }>(ctx, 'GET', 'api/captcha/'),
  userInfo: (_: Args, ctx: UpstreamCall) => callUpstream<UserInfo>(ctx, 'GET', 'api/system/user/user_info/'),
  settings: (_: Args, ctx: UpstreamCall) => callUpstream<Record<string, unknown>>(ctx, 'GET', 'api/init/settings/'),
  dictionaries: async (_: Args, ctx: UpstreamCall) =>
    (await callUpstream<ListPage<DictionaryGroup>>(ctx, 'GET', 'api/init/dictionary/', undefined, { dictionary_key: 'all', limit: '100' })).data,
  dictionary: async (args: Args, ctx: UpstreamCall) =>
    (await callUpstream<ListPage<DictionaryEntry>>(ctx, 'GET', 'api/init/dictionary/', undefined, { dictionary_key: str(args.key) ?? '', limit: '100' })).data,
  webRouter: async (_: Args, ctx: UpstreamCall) => (await callUpstream<ListPage<MenuItem>>(ctx, 'GET', 'api/system/menu/web_router/')).data,
  allDept: (_: Args, ctx: UpstreamCall) => callUpstream<DeptNode[]>(ctx, 'GET', 'api/system/dept/all_dept/'),
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
    return { errors: [new GraphQLError('query 必须是非空字符串', { extensions: { code: 400 } })] };
  }
  if (req.variables != null && (typeof req.variables !== 'object' || Array.isArray(req.variables))) {
    return { errors: [new GraphQLError('variables 必须是对象', { extensions: { code: 400 } })] };
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

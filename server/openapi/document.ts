import { z } from 'zod';
import {
  captchaResult,
  captchaStatus,
  attachmentTotalResult,
  loginTotalResult,
  registeredUserTrend,
  usersTotalResult,
  deptNode,
  dictionaryEntry,
  dictionaryGroup,
  dictionaryQuery,
  envelope,
  errorEnvelope,
  fileList,
  fileListQuery,
  fileRow,
  fileUpdateRequest,
  listPage,
  loginRequest,
  loginResult,
  loginTrend,
  logoutRequest,
  menuItem,
  messageCreateRequest,
  messageDetail,
  messageList,
  messageListQuery,
  multipleDeleteRequest,
  newestMessage,
  receivedMessageList,
  recentLogin,
  refreshRequest,
  refreshResult,
  settings,
  unreadCount,
  userInfo,
} from '../../contracts/schemas';
import { CATALOGUE_OPERATIONS } from '../features/game/openapi';
import { TRACKING_OPERATIONS } from '../features/tracking/openapi/ingest';
import { EMBED_ANALYSIS_OPERATIONS } from '../features/tracking/openapi/analysis';
import { INCOME_OPERATIONS } from '../features/income/openapi';
// ---- issue 16 part B, players (i16-players)
import { PLAYERS_OPERATIONS } from '../features/players/openapi/players';
// issue 16 data reports
import { DATA_REPORTS_OPERATIONS } from '../features/reports/openapi';
// center_users accounts+game_users (i16-accounts)
import { ACCOUNTS_OPERATIONS } from '../features/players/openapi/accounts';
// Partners (issue 16 part B, i16-ads)
import { COOPERATE_OPERATIONS } from '../features/cooperate/openapi';
// Automation (issue 17)
import { AUTOMATION_OPERATIONS } from '../features/automation/openapi';
// dashboard realtime+monitor (i17-live)
import { DASHBOARD_LIVE_OPERATIONS } from '../features/dashboard/openapi/live';
// advertising (i16-adverts)
import { ADVERTISING_OPERATIONS } from '../features/advertising/openapi';
// workbench (i17-workbench)
import { WORKBENCH_OPERATIONS } from '../features/dashboard/openapi/workbench';

/**
 * The OpenAPI 3.1 document of the reference server, GENERATED from the contract's zod schemas
 * (z.toJSONSchema, JSON Schema 2020-12 as OpenAPI 3.1 uses it): the schemas are written once in
 * contracts/schemas and this file only says which schema goes with which route.
 */

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface Operation {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  /** Needs `Authorization: JWT <access>`. */
  auth: boolean;
  query?: z.ZodObject;
  pathId?: boolean;
  body?: z.ZodType;
  multipart?: boolean;
  /** The `data` of the success envelope. */
  data: z.ZodType;
  notes?: string;
}

const ok = z.null();

export const OPERATIONS: readonly Operation[] = [
  { method: 'get', path: '/api/captcha/', summary: 'A captcha challenge ({} when captcha is off)', tag: 'auth', auth: false, data: captchaResult },
  { method: 'get', path: '/api/captcha/status/', summary: 'Whether captcha is on (reference server only)', tag: 'auth', auth: false, data: captchaStatus },
  {
    method: 'post',
    path: '/api/login/',
    summary: 'Sign in',
    tag: 'auth',
    auth: false,
    body: loginRequest,
    data: loginResult,
    notes: 'A 401 envelope here is a wrong username or password: clients show it instead of refreshing.',
  },
  { method: 'post', path: '/token/refresh/', summary: 'New access token from a refresh token', tag: 'auth', auth: false, body: refreshRequest, data: refreshResult },
  { method: 'post', path: '/api/logout/', summary: 'Sign out (the refresh token is revoked)', tag: 'auth', auth: true, body: logoutRequest, data: ok },
  { method: 'get', path: '/api/system/user/user_info/', summary: 'The signed-in user', tag: 'user', auth: true, data: userInfo },
  { method: 'get', path: '/api/init/settings/', summary: 'System settings, a flat "<group>.<key>" map', tag: 'init', auth: false, data: settings },
  {
    method: 'get',
    path: '/api/init/dictionary/',
    summary: 'Dictionaries: groups for dictionary_key=all, the entries of one key otherwise',
    tag: 'init',
    auth: false,
    query: dictionaryQuery,
    data: z.union([listPage(dictionaryGroup), listPage(dictionaryEntry)]),
  },
  { method: 'get', path: '/api/system/menu/web_router/', summary: 'The flat menu list of the signed-in user', tag: 'menu', auth: true, data: listPage(menuItem) },
  { method: 'get', path: '/api/system/dept/all_dept/', summary: 'All departments, flat', tag: 'dept', auth: true, data: z.array(deptNode) },
  { method: 'get', path: '/api/system/datav/users_total/', summary: 'Number of users ({users_total})', tag: 'dashboard', auth: true, data: usersTotalResult },
  { method: 'get', path: '/api/system/datav/users_login_total/', summary: 'Number of sign-ins ({login_total})', tag: 'dashboard', auth: true, data: loginTotalResult },
  { method: 'get', path: '/api/system/datav/attachment_total/', summary: 'Number of files and their size as display text', tag: 'dashboard', auth: true, data: attachmentTotalResult },
  { method: 'get', path: '/api/system/datav/login_user/', summary: 'Sign-ins per day, last 30 days', tag: 'dashboard', auth: true, data: loginTrend },
  { method: 'get', path: '/api/system/datav/registered_user/', summary: 'New users per day, last 30 days', tag: 'dashboard', auth: true, data: registeredUserTrend },
  { method: 'get', path: '/api/system/datav/recent_logins/', summary: 'The 10 newest sign-ins (reference server only)', tag: 'dashboard', auth: true, data: z.array(recentLogin) },
  { method: 'get', path: '/api/system/message_center/', summary: 'Messages sent (list)', tag: 'messages', auth: true, query: messageListQuery, data: messageList },
  { method: 'post', path: '/api/system/message_center/', summary: 'Send a message', tag: 'messages', auth: true, body: messageCreateRequest, data: messageDetail },
  { method: 'get', path: '/api/system/message_center/get_self_receive/', summary: 'Messages received by the signed-in user', tag: 'messages', auth: true, query: messageListQuery, data: receivedMessageList },
  { method: 'get', path: '/api/system/message_center/get_newest_msg/', summary: 'The newest received message', tag: 'messages', auth: true, data: newestMessage },
  { method: 'get', path: '/api/system/message_center/get_unread_msg/', summary: 'Number of unread messages', tag: 'messages', auth: true, data: unreadCount },
  { method: 'get', path: '/api/system/message_center/{id}/', summary: 'One message (marks it read)', tag: 'messages', auth: true, pathId: true, data: messageDetail },
  { method: 'delete', path: '/api/system/message_center/{id}/', summary: 'Delete one message', tag: 'messages', auth: true, pathId: true, data: z.array(z.never()) },
  { method: 'delete', path: '/api/system/message_center/multiple_delete/', summary: 'Delete several messages', tag: 'messages', auth: true, body: multipleDeleteRequest, data: z.array(z.never()) },
  {
    method: 'post',
    path: '/api/system/file/',
    summary: 'Upload a file (multipart field `file`)',
    tag: 'files',
    auth: true,
    multipart: true,
    data: fileRow,
    notes: 'The reference server requires a token; the real back end accepts anonymous uploads (known difference upload-needs-token).',
  },
  { method: 'get', path: '/api/system/file/', summary: 'Uploaded files (list; prefix=1 for absolute urls)', tag: 'files', auth: true, query: fileListQuery, data: fileList },
  { method: 'get', path: '/api/system/file/{id}/', summary: 'One uploaded file', tag: 'files', auth: true, pathId: true, data: fileRow },
  { method: 'put', path: '/api/system/file/{id}/', summary: 'Rename a file', tag: 'files', auth: true, pathId: true, body: fileUpdateRequest, data: fileRow },
  { method: 'delete', path: '/api/system/file/{id}/', summary: 'Delete a file row', tag: 'files', auth: true, pathId: true, data: z.array(z.never()) },
  ...CATALOGUE_OPERATIONS,
  ...TRACKING_OPERATIONS,
  ...EMBED_ANALYSIS_OPERATIONS,
  ...INCOME_OPERATIONS,
  // ---- issue 16 part B, players (i16-players)
  ...PLAYERS_OPERATIONS,
  // center_users accounts+game_users (i16-accounts)
  ...ACCOUNTS_OPERATIONS,
  // Partners (issue 16 part B, i16-ads)
  ...COOPERATE_OPERATIONS,
  ...AUTOMATION_OPERATIONS,
  // dashboard realtime+monitor (i17-live)
  ...DASHBOARD_LIVE_OPERATIONS,
  // advertising (i16-adverts)
  ...ADVERTISING_OPERATIONS,
  // workbench (i17-workbench)
  ...WORKBENCH_OPERATIONS,
  // issue 16 data reports
  ...DATA_REPORTS_OPERATIONS,
];

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parametersOf(op: Operation): JsonSchema[] {
  const params: JsonSchema[] = [];
  if (op.pathId) params.push({ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
  if (op.query) {
    const shape = jsonSchema(op.query, 'input');
    const properties = (shape.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((shape.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(properties)) params.push({ name, in: 'query', required: required.has(name), schema });
  }
  return params;
}

const failureResponse = { description: 'Failure envelope (code ≠ 2000, data null)', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };

/** Builds the document; `serverUrl` goes into `servers` (empty = relative). */
export function openApiDocument(version: string, serverUrl = ''): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const operation: Record<string, unknown> = {
      operationId: `${op.method}${op.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: op.summary,
      tags: [op.tag],
      ...(op.notes ? { description: op.notes } : {}),
      ...(op.auth ? { security: [{ jwt: [] }] } : { security: [] }),
      parameters: parametersOf(op),
      responses: {
        '200': {
          description: 'The envelope: code 2000 with data, or a failure code (400, 401, 402, 404, 4000) with data null',
          content: { 'application/json': { schema: { oneOf: [jsonSchema(envelope(op.data), 'output'), { $ref: '#/components/schemas/ErrorEnvelope' }] } } },
        },
        '401': { ...failureResponse, description: 'Refused refresh token (code 400) or token errors on some routes' },
        '404': { ...failureResponse, description: 'Unknown route (code 404 接口地址不正确)' },
      },
    };
    if (op.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } };
    if (op.multipart) {
      operation.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } } } },
      };
    }
    paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operation };
  }
  paths['/graphql'] = {
    post: {
      operationId: 'postGraphql',
      summary: 'GraphQL gateway over this REST contract (schema: server/gateway/schema.graphql)',
      tags: ['graphql'],
      security: [{ jwt: [] }, {}],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { type: 'object', required: ['query'], properties: { query: { type: 'string' }, variables: { type: 'object' }, operationName: { type: 'string' } } },
          },
        },
      },
      responses: {
        '200': { description: '{data, errors}; an error carries extensions {kind, code, httpStatus, msg}' },
        '400': { description: 'A request that could not execute (bad query or variables)' },
      },
    },
  };
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Game console API (reference server)',
      version,
      description:
        'Every answer is the envelope {code, msg, data}: code 2000 is success. Generated from the zod schemas in contracts/schemas. Authorization: `JWT <access token>`.',
    },
    servers: [{ url: serverUrl || '/' }],
    paths,
    components: {
      securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <access token>' } },
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelope, 'output') },
    },
  };
}

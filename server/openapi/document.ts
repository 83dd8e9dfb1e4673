import { z } from 'zod';
import * as contract from '../../contracts/schemas';
import { anyEnvelope, envelope, errorEnvelope } from '../../contracts/schemas';
import { ADVERTISING_OPERATIONS } from '../features/advertising/openapi';
import { AUTOMATION_OPERATIONS } from '../features/automation/openapi';
import { COMMON_OPERATIONS } from '../features/common/openapi';
import { COOPERATE_OPERATIONS } from '../features/cooperate/openapi';
import { DASHBOARD_LIVE_OPERATIONS } from '../features/dashboard/openapi/live';
import { WORKBENCH_OPERATIONS } from '../features/dashboard/openapi/workbench';
import { CATALOGUE_OPERATIONS } from '../features/game/openapi';
import { INCOME_OPERATIONS } from '../features/income/openapi';
import { MESSAGE_OPERATIONS } from '../features/messages/openapi';
import { ACCOUNTS_OPERATIONS } from '../features/players/openapi/accounts';
import { PLAYERS_OPERATIONS } from '../features/players/openapi/players';
import { DATA_REPORTS_OPERATIONS } from '../features/reports/openapi';
import { SYSTEM_OPERATIONS } from '../features/system/openapi';
import { EMBED_ANALYSIS_OPERATIONS } from '../features/tracking/openapi/analysis';
import { TRACKING_OPERATIONS } from '../features/tracking/openapi/ingest';
import { SAMPLE_GAME_OPERATIONS } from '../samples/openapi';
import { CORE_OPERATIONS, SERVICE_OPERATIONS } from './core';
import type { Method, Operation } from './operation';

/**
 * The OpenAPI 3.1 document of the reference server, GENERATED from the contract's zod schemas
 * (z.toJSONSchema, JSON Schema 2020-12 as OpenAPI 3.1 uses it). The schemas are written once in
 * contracts/schemas; the operation lists (./core.ts and server/features/<area>/openapi*) only say
 * which schema goes with which route. The routes themselves come from Fastify (every route the server
 * registered, as @fastify/swagger collects them): one without an entry in the lists still appears,
 * marked `x-undescribed`, and the OpenAPI test fails until it is described.
 */

/** Every described route: the shared REST routes, each area's, then sockets, GraphQL, docs and probes. */
export const OPERATIONS: readonly Operation[] = [
  ...CORE_OPERATIONS,
  ...SYSTEM_OPERATIONS,
  ...MESSAGE_OPERATIONS,
  ...WORKBENCH_OPERATIONS,
  ...DASHBOARD_LIVE_OPERATIONS,
  ...CATALOGUE_OPERATIONS,
  ...COMMON_OPERATIONS,
  ...TRACKING_OPERATIONS,
  ...EMBED_ANALYSIS_OPERATIONS,
  ...INCOME_OPERATIONS,
  ...PLAYERS_OPERATIONS,
  ...ACCOUNTS_OPERATIONS,
  ...DATA_REPORTS_OPERATIONS,
  ...COOPERATE_OPERATIONS,
  ...ADVERTISING_OPERATIONS,
  ...AUTOMATION_OPERATIONS,
  ...SAMPLE_GAME_OPERATIONS,
  ...SERVICE_OPERATIONS,
];

/** A route the server registered: its method and its OpenAPI path template (`/api/system/user/{id}/`). */
export interface RegisteredRoute {
  method: string;
  path: string;
}

type JsonSchema = Record<string, unknown>;

const METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * The contract's named schemas (the exports of contracts/schemas) become components: an answer or a
 * body refers to `#/components/schemas/RoleRow` instead of repeating the row in every operation, which
 * keeps the document small enough for the viewer. A registry of their names, read by z.toJSONSchema
 * (which extracts every schema with an id), that also hands on the contract's own metadata
 * (`.describe()` texts live in zod's global registry).
 */
class ContractNames extends z.core.$ZodRegistry<{ id?: string }> {
  override get(schema: z.core.$ZodType): { id?: string } | undefined {
    const global = z.globalRegistry.get(schema);
    const own = super.get(schema);
    return global || own ? { ...global, ...own } : undefined;
  }
}

const names = new ContractNames();
for (const [name, value] of Object.entries(contract)) {
  if (!(value instanceof z.ZodObject || value instanceof z.ZodUnion || value instanceof z.ZodDiscriminatedUnion) || names.has(value)) continue;
  const id = name.charAt(0).toUpperCase() + name.slice(1);
  names.add(value, { id });
}

/** z.toJSONSchema's options here: zod's safe-integer bounds on every int are left out (JSON numbers need none). */
const options = (io: 'input' | 'output') =>
  ({
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as const;

/** The JSON Schema of `schema` written out in full (query and path parameters are listed one by one). */
export const inlineSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, options(io)) as JsonSchema;
  return rest;
};

type Io = 'input' | 'output';
const PENDING = '#/components/schemas/\u0000';

/**
 * Collects the components while one document is built. A named schema is the component `Name`; when
 * the document uses it on both sides and the request side differs (optional defaults, coercions,
 * extra properties allowed), that side is `Name.in`. References are written as placeholders and
 * named by `finish` once every use is known.
 */
class Components {
  private readonly defs = new Map<string, JsonSchema>();

  /** The JSON Schema of `schema`, named contract parts as references to components. */
  jsonSchema(schema: z.ZodType, io: Io): JsonSchema {
    const { $schema: _drop, $defs, ...rest } = z.toJSONSchema(schema, { ...options(io), metadata: names }) as JsonSchema;
    const mark = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(mark);
      if (node === null || typeof node !== 'object') return node;
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `${PENDING}${io}:${v.slice('#/$defs/'.length)}` : mark(v)]),
      );
    };
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      if (!this.defs.has(`${io}:${id}`)) this.defs.set(`${io}:${id}`, mark(def) as JsonSchema);
    }
    return mark(rest) as JsonSchema;
  }

  /** Names the components and rewrites the references in `parts`; answers the components by name. */
  finish(parts: Record<string, unknown>): Record<string, JsonSchema> {
    const nameOf = new Map<string, string>();
    for (const key of this.defs.keys()) {
      const [io, id = ''] = key.split(':') as [Io, string];
      const twin = this.defs.get(`${io === 'input' ? 'output' : 'input'}:${id}`);
      const differs = twin !== undefined && JSON.stringify(twin) !== JSON.stringify(this.defs.get(key));
      nameOf.set(key, io === 'input' && differs ? `${id}.in` : id);
    }
    const rename = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rename);
      if (node === null || typeof node !== 'object') return node;
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith(PENDING) ? `#/components/schemas/${nameOf.get(v.slice(PENDING.length)) ?? ''}` : rename(v)]),
      );
    };
    for (const [k, v] of Object.entries(parts)) parts[k] = rename(v);
    const schemas: Record<string, JsonSchema> = {};
    for (const [key, def] of [...this.defs].sort(([a], [b]) => (nameOf.get(a) ?? '').localeCompare(nameOf.get(b) ?? ''))) {
      schemas[nameOf.get(key) ?? key] = rename(def) as JsonSchema;
    }
    return schemas;
  }
}

const ID_PARAMETER = { type: 'integer', minimum: 1 };

function parametersOf(op: Pick<Operation, 'path' | 'query' | 'params'>): JsonSchema[] {
  const params: JsonSchema[] = [];
  for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) {
    if (name === undefined) continue;
    const given = op.params?.[name];
    params.push({ name, in: 'path', required: true, schema: given ? inlineSchema(given, 'input') : name === 'id' ? ID_PARAMETER : { type: 'string' } });
  }
  if (op.query) {
    const shape = inlineSchema(op.query, 'input');
    const properties = (shape.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((shape.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      params.push({ name, in: 'query', required: required.has(name), ...(typeof description === 'string' ? { description } : {}), schema: rest });
    }
  }
  return params;
}

const ERROR_REF = { $ref: '#/components/schemas/ErrorEnvelope' };
const failureResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });
/** The failure answers every envelope route shares, once in components.responses. */
const FAILURES = {
  TokenRefused: failureResponse('Refused refresh token (code 400) or token errors on some routes'),
  UnknownRoute: failureResponse('Unknown route (code 404 接口地址不正确)'),
};
const ENVELOPE_DESCRIPTION = 'The envelope: code 2000 with data, or a failure code (400, 401, 402, 404, 4000) with data null';

function responsesOf(op: Operation, c: Components): JsonSchema {
  if (op.answer) {
    const { status, description, mediaType, schema } = op.answer;
    return { [status]: { description, ...(mediaType ? { content: { [mediaType]: schema ? { schema: c.jsonSchema(schema, 'output') } : {} } } : {}) } };
  }
  const envelopeSchema = { oneOf: [c.jsonSchema(envelope(op.data), 'output'), ERROR_REF] };
  const success = op.file
    ? {
        description: 'The file (Content-Disposition names it); a failure is the envelope with data null',
        content: { [op.file]: { schema: { type: 'string', contentMediaType: op.file } }, 'application/json': { schema: ERROR_REF } },
      }
    : { description: ENVELOPE_DESCRIPTION, content: { 'application/json': { schema: envelopeSchema } } };
  return {
    '200': success,
    '401': { $ref: '#/components/responses/TokenRefused' },
    '404': { $ref: '#/components/responses/UnknownRoute' },
  };
}

function requestBodyOf(op: Operation, c: Components): JsonSchema | null {
  const content: Record<string, unknown> = {};
  if (op.multipart) {
    content['multipart/form-data'] = { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } } };
  }
  if (op.body) content['application/json'] = { schema: c.jsonSchema(op.body, 'input') };
  return Object.keys(content).length > 0 ? { required: true, content } : null;
}

const operationId = (method: string, path: string): string =>
  `${method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

const securityOf = (auth: Operation['auth']) => (auth === 'optional' ? [{ jwt: [] }, {}] : auth ? [{ jwt: [] }] : []);

function operationObject(op: Operation, c: Components): JsonSchema {
  const requestBody = requestBodyOf(op, c);
  return {
    operationId: operationId(op.method, op.path),
    summary: op.summary,
    tags: [op.tag],
    ...(op.notes ? { description: op.notes } : {}),
    security: securityOf(op.auth),
    parameters: parametersOf(op),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(op, c),
  };
}

/** A registered route no list describes: its path parameters and the envelope, flagged for the test. */
function undescribedObject(method: string, path: string, c: Components): JsonSchema {
  const area = /^\/(?:api\/)?([^/{]+)/.exec(path)?.[1] ?? 'other';
  return {
    operationId: operationId(method, path),
    summary: `${method.toUpperCase()} ${path}`,
    tags: [area],
    description: 'Registered by the server but not yet paired with contract schemas (server/features/<area>/openapi*).',
    'x-undescribed': true,
    security: [{ jwt: [] }],
    parameters: parametersOf({ path }),
    responses: { '200': { description: ENVELOPE_DESCRIPTION, content: { 'application/json': { schema: c.jsonSchema(anyEnvelope, 'output') } } } },
  };
}

/** The routes of the document: static files, the CORS preflight and HEAD twins are not operations. */
export function documentedRoute(route: RegisteredRoute): boolean {
  return (METHODS as readonly string[]).includes(route.method.toLowerCase()) && !route.path.includes('*');
}

/**
 * Builds the document. `routes` are the routes the server registered (Fastify's paths as OpenAPI
 * templates); without them (unit use) the document holds the described operations only. `serverUrl`
 * goes into `servers` (empty = relative).
 */
export function openApiDocument(version: string, routes: readonly RegisteredRoute[] | null = null, serverUrl = ''): JsonSchema {
  const described = new Map(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op]));
  const order = new Map([...described.keys()].map((key, i) => [key, i]));
  const rank = (r: RegisteredRoute) => order.get(`${r.method.toLowerCase()} ${r.path}`) ?? order.size;
  // In the lists' order (the viewer groups by tag in the order met), routes no list describes last.
  const wanted = routes === null ? OPERATIONS.map((op) => ({ method: op.method, path: op.path })) : routes.filter(documentedRoute).sort((a, b) => rank(a) - rank(b));
  const paths: Record<string, Record<string, unknown>> = {};
  const components = new Components();
  for (const route of wanted) {
    const method = route.method.toLowerCase();
    const op = described.get(`${method} ${route.path}`);
    paths[route.path] = { ...(paths[route.path] ?? {}), [method]: op ? operationObject(op, components) : undescribedObject(method, route.path, components) };
  }
  const parts: Record<string, unknown> = { paths };
  const schemas = components.finish(parts);
  return {
    // The schemas are JSON Schema 2020-12, which OpenAPI 3.1's default dialect is built on.
    openapi: '3.1.0',
    info: {
      title: 'Game console API (reference server)',
      version,
      description:
        'Every answer is the envelope {code, msg, data}: code 2000 is success. Generated from the zod schemas in contracts/schemas. Authorization: `JWT <access token>`.',
    },
    servers: [{ url: serverUrl || '/' }],
    paths: parts.paths,
    components: {
      securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <access token>' } },
      schemas: { ErrorEnvelope: inlineSchema(errorEnvelope, 'output'), ...schemas },
      responses: FAILURES,
    },
  };
}

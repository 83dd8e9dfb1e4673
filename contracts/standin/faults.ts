import { json, parseJson, type ProxyAnswer, type ProxyRequest, type Rule, type StandInContext } from './rules';
import { isRecord } from '../json';

/**
 * Deliberately wrong answers, for testing the contract suite itself (contracts/standin/suite.test.ts):
 * each is neither the documented shape nor a named known difference, so a run against a stand-in
 * with the fault must fail, and its message must name the route. Each names the test it breaks.
 */
export interface Fault extends Rule {
  /**
   * Contract tests (titles, as in the JSON report) this fault must make fail. Others that read the same
   * route fail too; the self-test runs only these (each failure restarts Playwright's worker).
   */
  breaks: string[];
  /** Text the failure message must contain (the route, and the known difference when there is one). */
  expect: string[];
}


async function rewriteData(req: ProxyRequest, ctx: StandInContext, change: (data: unknown) => unknown): Promise<ProxyAnswer> {
  const answer = await ctx.forward(req);
  const body = parseJson(answer.body);
  if (!isRecord(body) || body.code !== 2000) return answer;
  return { ...answer, body: Buffer.from(JSON.stringify({ ...body, data: change(body.data) })) };
}

export const FAULTS = {
  /** A count under a key of its own invention. */
  datavKey: {
    name: 'users_total answers {total} instead of {users_total}',
    source: 'none: a wrong server',
    breaks: ['users_total → {users_total}; users_login_total → {login_total}'],
    expect: ['GET /api/system/datav/users_total/', 'users_total'],
    handle: async (req, ctx) => (req.method === 'GET' && req.path === '/api/system/datav/users_total/' ? rewriteData(req, ctx, () => ({ total: 3 })) : undefined),
  },
  /** Area rows without any way to tell their children. */
  areaRows: {
    name: 'area rows without pcode_count',
    source: 'none: a wrong server',
    breaks: ['GET /api/system/area/ is a paginated list of contract rows'],
    expect: ['GET /api/system/area/', 'pcode_count'],
    handle: async (req, ctx) =>
      req.method === 'GET' && req.path === '/api/system/area/'
        ? rewriteData(req, ctx, (data) => (isRecord(data) && Array.isArray(data.data) ? { ...data, data: data.data.map((r) => (isRecord(r) ? { ...r, pcode_count: undefined } : r)) } : data))
        : undefined,
  },
  /** A duplicate dictionary value crashes the server. */
  dictionaryDuplicate500: {
    name: 'a duplicate dictionary value is an HTTP 500 page',
    source: 'none: a wrong server',
    breaks: ['dictionary: create, duplicate value (known difference), update, delete'],
    expect: ['POST /api/system/dictionary/', 'dictionary-duplicate-value'],
    handle: async (req, ctx) => {
      if (req.method !== 'POST' || req.path !== '/api/system/dictionary/') return undefined;
      const answer = await ctx.forward(req);
      const body = parseJson(answer.body);
      return isRecord(body) && body.code === 4000 ? { status: 500, headers: { 'content-type': 'text/html' }, body: Buffer.from('<h1>Server Error (500)</h1>') } : answer;
    },
  },
  /** Exports of another kind. */
  exportType: {
    name: 'exports are text/csv',
    source: 'none: a wrong server',
    breaks: ['export_data and the import template: xlsx downloads named by content-disposition'],
    expect: ['GET /api/system/user/export_data/', 'export-content-type'],
    handle: async (req, ctx) => {
      if (req.method !== 'GET' || req.path !== '/api/system/user/export_data/') return undefined;
      const answer = await ctx.forward(req);
      return { ...answer, headers: { ...answer.headers, 'content-type': 'text/csv' } };
    },
  },
  /** A validation message in a shape nobody documented. */
  msgShape: {
    name: 'a message center validation error with msg as a number',
    source: 'none: a wrong server',
    breaks: ['bad input and no token are refused with the envelope'],
    expect: ['POST /api/system/message_center/'],
    handle: async (req, ctx) => {
      if (req.method !== 'POST' || req.path !== '/api/system/message_center/') return undefined;
      const answer = await ctx.forward(req);
      const body = parseJson(answer.body);
      return isRecord(body) && body.code === 4000 ? json(200, { code: 4000, data: null, msg: 42 }) : answer;
    },
  },
  /** An unknown route answered as if it existed. */
  unknownRouteOk: {
    name: 'an unknown route answers 200 {}',
    source: 'none: a wrong server',
    breaks: ["404: an unknown API route → HTTP 404 (envelope here, Django's HTML page upstream)"],
    expect: ['GET /api/no/such/route/', 'unknown-route-html-404'],
    handle: async (req) => (req.path === '/api/no/such/route/' ? json(200, {}) : undefined),
  },
} satisfies Record<string, Fault>;

export type FaultName = keyof typeof FAULTS;

/** CONTRACT_STANDIN_FAULTS: a comma-separated list of fault names, or `all`. */
export function faultsFromEnv(value: string | undefined): FaultName[] {
  if (!value) return [];
  const names = Object.keys(FAULTS) as FaultName[];
  if (value.trim() === 'all') return names;
  return value.split(',').map((v) => {
    const name = v.trim();
    if (!(names as string[]).includes(name)) throw new Error(`unknown stand-in fault ${JSON.stringify(name)} (known: ${names.join(', ')})`);
    return name as FaultName;
  });
}

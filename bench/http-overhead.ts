/**
 * The per-request fixed cost of the reference server: requests/s and p99 of the cheapest calls under
 * 16 connections (autocannon, 1 s warm-up + `seconds` per round, medians of `rounds` rounds), against
 * the server as its own process on a fresh DATA_DIR at the default LOG_LEVEL (info), as `npm start`
 * runs it. Budgets (docs/performance.md, "Per-request overhead"): /healthz ≥ 30,000 req/s, every
 * cached read ≥ 15,000 req/s, every call p99 < 10 ms.
 *
 * Alone: `npm run bench -- http` (or `npx tsx bench/http-overhead.ts`); BENCH_HTTP_ROUNDS and
 * BENCH_HTTP_SECONDS change the rounds and their length, BENCH_PORT fixes the server's port,
 * BENCH_DATA_DIR runs it on a prepared DATA_DIR (e.g. one with the sample events played, kept).
 */
import { fileURLToPath } from 'node:url';
import { accessToken, load, type LoadResult } from './http-load';
import { startServerProcess } from './server-process';

export const HTTP_CONNECTIONS = 16;
export const HTTP_BUDGET = { healthzRps: 30_000, cachedReadRps: 15_000, p99Ms: 10 } as const;

export interface HttpCall {
  name: string;
  path: string;
  /** Signed in as superadmin. */
  auth: boolean;
  /** Requests/s budget: /healthz's, a cached read's, or none (a read that asks the database each time). */
  minRps: number | null;
  /** Sent without Accept-Encoding (every other call is asked as the console's browser asks, compressed answers welcome). */
  identity?: boolean;
}

/** The Accept-Encoding Chromium sends with the console's fetches. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** The calls measured: health, the cached reads every console page makes, and two database reads. */
export const HTTP_CALLS: readonly HttpCall[] = [
  { name: '/healthz', path: '/healthz', auth: false, minRps: HTTP_BUDGET.healthzRps },
  { name: 'settings', path: '/api/init/settings/', auth: false, minRps: HTTP_BUDGET.cachedReadRps },
  { name: 'user_info', path: '/api/system/user/user_info/', auth: true, minRps: HTTP_BUDGET.cachedReadRps },
  { name: 'web_router', path: '/api/system/menu/web_router/', auth: true, minRps: HTTP_BUDGET.cachedReadRps },
  // The same ~23 KB tree uncompressed (a client that accepts no encoding): bound by moving the bytes, no budget.
  { name: 'web_router, identity', path: '/api/system/menu/web_router/', auth: true, minRps: null, identity: true },
  { name: 'user list', path: '/api/system/user/?page=1&limit=10', auth: true, minRps: null },
  { name: 'get_unread_msg', path: '/api/system/message_center/get_unread_msg/', auth: true, minRps: null },
];

export interface HttpCallResult {
  call: HttpCall;
  rounds: LoadResult[];
  medianRps: number;
  medianP99Ms: number;
  /** The server's CPU time (all its threads, less its idle rate) per answer, median of the rounds: the fixed cost itself, which a busy machine changes less than the rates. */
  medianCpuUsPerRequest: number | null;
  errors: number;
  missed: string[];
}

export interface HttpOverheadBench {
  connections: number;
  rounds: number;
  seconds: number;
  results: HttpCallResult[];
  missed: string[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** CPU seconds per second the server uses while nothing calls it. */
async function idleCpu(cpuSeconds: () => number, seconds: number): Promise<number> {
  const c0 = cpuSeconds();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return (cpuSeconds() - c0) / ((performance.now() - t0) / 1000);
}

const headersOf = (call: HttpCall): Record<string, string> => (call.identity ? {} : { 'accept-encoding': BROWSER_ENCODINGS });

/** Measures every call against a running server; the rounds of a call run back to back. */
export async function benchHttpCalls(
  baseUrl: string,
  token: string,
  rounds: number,
  seconds: number,
  log: (line: string) => void = () => undefined,
  cpuSeconds?: () => number,
): Promise<HttpOverheadBench> {
  const results: HttpCallResult[] = [];
  for (const call of HTTP_CALLS) {
    const runs: LoadResult[] = [];
    const cpuPerRequest: number[] = [];
    // The server's CPU while idle (its timers: the monitor's sampling, the job queue, …), taken off the rounds' CPU.
    const idleCpuPerSecond = cpuSeconds ? await idleCpu(cpuSeconds, 2) : 0;
    // One warm-up round (1 s) per call, then the measured rounds without their own warm-up, so the server's CPU is counted over exactly the answers counted.
    await load(baseUrl, call.path, call.auth ? token : null, HTTP_CONNECTIONS, 1, 0, headersOf(call));
    for (let i = 0; i < rounds; i++) {
      const cpu0 = cpuSeconds?.() ?? 0;
      const t0 = performance.now();
      const r = await load(baseUrl, call.path, call.auth ? token : null, HTTP_CONNECTIONS, seconds, 0, headersOf(call));
      const wall = (performance.now() - t0) / 1000;
      if (cpuSeconds && r.total > 0) cpuPerRequest.push((Math.max(0, cpuSeconds() - cpu0 - idleCpuPerSecond * wall) * 1e6) / r.total);
      runs.push(r);
    }
    const medianRps = median(runs.map((r) => r.requestsPerSecond));
    const medianP99Ms = median(runs.map((r) => r.p99Ms));
    const errors = runs.reduce((n, r) => n + r.errors + r.non2xx, 0);
    const missed: string[] = [];
    if (call.minRps !== null && medianRps < call.minRps) missed.push(`${call.name}: ${Math.round(medianRps)} req/s < ${call.minRps}`);
    if (medianP99Ms >= HTTP_BUDGET.p99Ms) missed.push(`${call.name}: p99 ${medianP99Ms} ms ≥ ${HTTP_BUDGET.p99Ms} ms`);
    if (errors > 0) missed.push(`${call.name}: ${errors} errors or non-2xx answers`);
    const medianCpuUsPerRequest = cpuPerRequest.length > 0 ? median(cpuPerRequest) : null;
    results.push({ call, rounds: runs, medianRps, medianP99Ms, medianCpuUsPerRequest, errors, missed });
    log(
      `bench: http ${call.name}: ${runs.map((r) => Math.round(r.requestsPerSecond)).join(' / ')} req/s, p99 ${runs.map((r) => r.p99Ms).join(' / ')} ms` +
        (cpuPerRequest.length > 0 ? `, server CPU ${cpuPerRequest.map((x) => Math.round(x)).join(' / ')} µs per request` : ''),
    );
  }
  return { connections: HTTP_CONNECTIONS, rounds, seconds, results, missed: results.flatMap((r) => r.missed) };
}

/** Starts the server in `cwd` (a fresh DATA_DIR, default LOG_LEVEL), lets its start settle, measures, stops it. */
export async function benchHttpOverhead(cwd: string, rounds = 3, seconds = 5, log: (line: string) => void = () => undefined): Promise<HttpOverheadBench> {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
  // LOG_LEVEL as production runs it (info); no sample events: their simulation would load the server during the rounds.
  const dataDir = process.env.BENCH_DATA_DIR || undefined;
  const server = await startServerProcess(cwd, { port, dataDir, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', SAMPLE_EVENTS: 'off' } });
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const token = await accessToken(server.baseUrl, 'superadmin', 'admin123456');
    return await benchHttpCalls(server.baseUrl, token, rounds, seconds, log, () => server.cpuSeconds());
  } finally {
    await server.stop();
  }
}

/** The table lines: one per call, with its budgets. */
export function httpOverheadTable(b: HttpOverheadBench): string[] {
  const head = ['call', 'req/s', 'budget', 'p99', 'budget', 'server CPU/request', 'result'];
  const rows = b.results.map((r) => [
    r.call.name,
    String(Math.round(r.medianRps)),
    r.call.minRps === null ? '' : `≥ ${r.call.minRps}`,
    `${r.medianP99Ms} ms`,
    `< ${HTTP_BUDGET.p99Ms} ms`,
    r.medianCpuUsPerRequest === null ? '' : `${Math.round(r.medianCpuUsPerRequest)} µs`,
    r.missed.length === 0 ? 'PASS' : 'FAIL',
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(w[i] ?? 0) : c.padStart(w[i] ?? 0))).join('  ');
  return [line(head), line(w.map((n) => '-'.repeat(n))), ...rows.map(line)];
}

export function printHttpOverhead(b: HttpOverheadBench, log: (line: string) => void = console.log): void {
  log(`per-request overhead: ${b.connections} connections, medians of ${b.rounds} rounds of ${b.seconds} s`);
  for (const l of httpOverheadTable(b)) log(l);
  if (b.missed.length === 0) log('bench: http: every budget met');
  else for (const m of b.missed) log(`bench: http: budget missed: ${m}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cwd = process.env.BENCH_SERVER_DIR ?? fileURLToPath(new URL('..', import.meta.url));
  const rounds = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
  const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
  benchHttpOverhead(cwd, rounds, seconds, (l) => console.log(l))
    .then((b) => printHttpOverhead(b))
    .catch((e: unknown) => {
      console.error(`bench: http: could not finish: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      process.exitCode = 1;
    });
}

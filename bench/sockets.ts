import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

/**
 * (h) One reference server instance holding `count` open sockets: the server process's memory per
 * socket, and the time for an announcement (POST message_center, target_type 3) to reach all of them,
 * measured per socket from the moment the POST is sent (p50 / p99 / max; target: all within 500 ms).
 */
export interface SocketBench {
  sockets: number;
  /** Server process memory after a full GC, before and after opening the sockets (bytes). */
  before: Memory;
  after: Memory;
  /** (heap used + external + array buffers) growth per socket, and RSS growth per socket. */
  bytesPerSocket: number;
  rssPerSocket: number;
  deliveryMs: { p50: number; p99: number; max: number; delivered: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Opens one socket and resolves once the server's first frame arrived. */
function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('socket: no first frame within 10 s'));
    }, 10_000);
    ws.once('message', () => {
      clearTimeout(timer);
      resolve(ws);
    });
    ws.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const SERVER = fileURLToPath(new URL('./socket-server.ts', import.meta.url));

/** The bench's own server process (in-memory data) with --expose-gc and an IPC channel. */
async function startSocketServer(): Promise<{ baseUrl: string; child: ChildProcess; memory(): Promise<Memory>; stop(): Promise<void> }> {
  const child = fork(SERVER, [], { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench: the socket server did not start within 60 s')), 60_000);
    child.once('message', (m: unknown) => {
      clearTimeout(timer);
      resolve((m as { baseUrl: string }).baseUrl);
    });
    child.once('exit', (code) => reject(new Error(`bench: the socket server exited (${code})`)));
  });
  return {
    baseUrl,
    child,
    memory: () =>
      new Promise((resolve) => {
        child.once('message', (m: unknown) => resolve((m as { memory: Memory }).memory));
        child.send('memory');
      }),
    stop: () =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send('stop');
      }),
  };
}

const heapOf = (m: Memory) => m.heapUsed + m.external + m.arrayBuffers;

/** Starts its own server process, measures, stops it. */
export async function benchSockets(count = 1000): Promise<SocketBench> {
  const server = await startSocketServer();
  try {
    const res = await fetch(`${server.baseUrl}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'bench' },
      body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }),
    });
    const token = ((await res.json()) as { data: { access: string } }).data.access;
    return await measureSockets(server.baseUrl, token, count, server.memory);
  } finally {
    await server.stop();
  }
}

async function measureSockets(baseUrl: string, token: string, count: number, memory: () => Promise<Memory>): Promise<SocketBench> {
  const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/api/ws/${token}/`;
  // Warm the socket path first, so the measurement does not include first-use allocations.
  const warm = await Promise.all(Array.from({ length: 20 }, () => openSocket(wsUrl)));
  for (const ws of warm) ws.close();
  await sleep(500);
  const before = await memory();

  const sockets: WebSocket[] = [];
  const BATCH = 100;
  for (let i = 0; i < count; i += BATCH) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, () => openSocket(wsUrl)))));
  }
  await sleep(500);
  const after = await memory();

  const arrivals: number[] = [];
  let sentAt = 0;
  const all = Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 5000);
          ws.once('message', () => {
            arrivals.push(performance.now() - sentAt);
            clearTimeout(timer);
            resolve();
          });
        }),
    ),
  );
  sentAt = performance.now();
  const res = await fetch(`${baseUrl}/api/system/message_center/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify({ title: 'bench announcement', content: '<p>to everybody</p>', target_type: 3 }),
  });
  const body = (await res.json()) as { code?: number };
  if (body.code !== 2000) throw new Error(`bench: the announcement failed: ${JSON.stringify(body).slice(0, 200)}`);
  await all;
  for (const ws of sockets) ws.terminate();

  const sorted = [...arrivals].sort((a, b) => a - b);
  return {
    sockets: count,
    before,
    after,
    bytesPerSocket: (heapOf(after) - heapOf(before)) / count,
    rssPerSocket: (after.rss - before.rss) / count,
    deliveryMs: { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? Number.NaN, delivered: sorted.length },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The reference server as a real process on a data folder, for the tests that kill it (-9) in the
 * middle of work and check what the folder kept.
 */

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => res(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** The reference server as its own process on a data folder (its own process group, so kill -9 ends it all). */
export async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'off', SAMPLE_EVENTS: 'off', CONSOLE_DIR: join(dataDir, 'no-console') },
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/init/settings/`, { signal: AbortSignal.timeout(2000) })).ok) return { url, child };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** kill -9 of the server's whole process group; resolves once it has exited. */
export function kill9(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null || child.pid === undefined) return res();
    child.once('exit', () => res());
    process.kill(-child.pid, 'SIGKILL');
  });
}

/** Signs in as superadmin on the server at `url` and makes a tracking app for `game`: its key and secret. */
export async function appCredentials(url: string, game: number): Promise<{ app_key: string; secret: string }> {
  const login = (await (await fetch(`${url}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }) })).json()) as { data: { access: string } };
  const headers = { 'content-type': 'application/json', authorization: `JWT ${login.data.access}` };
  const app = (await (await fetch(`${url}/api/embed_configure/game/`, { method: 'POST', headers, body: JSON.stringify({ game }) })).json()) as { data: { id: number } };
  return ((await (await fetch(`${url}/api/embed_configure/game/${app.data.id}/regenerate/`, { method: 'POST', headers })).json()) as { data: { app_key: string; secret: string } }).data;
}

/** A server process that the test kills -9 and starts again on the same data folder. */
export class KilledServer {
  current: { url: string; child: ChildProcess } | null = null;

  constructor(readonly dir: string) {}

  async start(): Promise<{ url: string; child: ChildProcess }> {
    this.current = await startServer(this.dir);
    return this.current;
  }

  async stop(): Promise<void> {
    if (this.current) await kill9(this.current.child);
    this.current = null;
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends signed batches to `path` as 4 SDK-like clients do, each batch again every 100 ms until the
 * answer acknowledges it (refused, reset or no answer: sent again), while the server is killed -9 and
 * started again on its folder each time `killAt[i]` batches are acknowledged. `acknowledges` reads an
 * answer (it may throw to fail the test on an answer no retry can fix); `ready` holds a batch back until
 * the batches it needs are acknowledged. Resolves with how many sends it took.
 */
export async function sendThroughKills(
  server: KilledServer,
  path: string,
  appKey: string,
  batches: ReadonlyArray<{ body: string; signature: string }>,
  options: { killAt: number[]; acknowledges: (answer: unknown, index: number) => boolean; ready?: (index: number, acknowledged: ReadonlySet<number>) => boolean },
): Promise<{ acknowledged: Set<number>; sends: number }> {
  const acknowledged = new Set<number>();
  let sends = 0;
  let next = 0;
  const client = async () => {
    for (;;) {
      const b = next++;
      const batch = batches[b];
      if (!batch) return;
      while (options.ready && !options.ready(b, acknowledged)) await pause(20);
      for (;;) {
        let answer: unknown;
        try {
          sends++;
          const res = await fetch(`${server.current?.url ?? ''}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-app-key': appKey, 'x-signature': batch.signature },
            body: batch.body,
            signal: AbortSignal.timeout(15_000),
          });
          answer = await res.json();
        } catch {
          answer = undefined;
        }
        if (answer !== undefined && options.acknowledges(answer, b)) {
          acknowledged.add(b);
          break;
        }
        await pause(100);
      }
    }
  };
  const clients = Promise.all([client(), client(), client(), client()]);
  // Each kill while batches are in flight, followed by a restart on the same data folder.
  for (const at of options.killAt) {
    while (acknowledged.size < at) await pause(20);
    await server.stop();
    await server.start();
  }
  await clients;
  return { acknowledged, sends };
}

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

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The reference server as a separate process (`npx tsx server/main.ts`), as it runs in production. */
export interface ServerProcess {
  baseUrl: string;
  /** CPU seconds (user + system) used so far by the server's processes (Linux /proc; 0 elsewhere). */
  cpuSeconds(): number;
  /** CPU seconds of the server's threads named `name` in /proc (e.g. 'pglite-db', the embedded database's thread); 0 when none. */
  threadCpuSeconds(name: string): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/api/init/settings/`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${log()}`);
}

export interface ServerProcessOptions {
  /** base.captcha_state at start: off by default (the sign-in flows type no captcha), on as a fresh back end has it. */
  captcha?: boolean;
  /** A prepared DATA_DIR (kept afterwards: the caller owns it); default a fresh temporary one. */
  dataDir?: string;
  /** Extra environment, e.g. DATABASE_URL. */
  env?: Record<string, string>;
  /** The port to listen on; default a free one. */
  port?: number;
}

export async function startServerProcess(cwd: string, opts: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-data-'));
  const child = spawn('npx', ['--no-install', 'tsx', 'server/main.ts'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: opts.captcha ? 'on' : 'off',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() ends npx, tsx and the server together.
    detached: true,
  });
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      process.kill(-child.pid, 'SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 5000))]);
      if (timedOut && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // A fresh database is migrated and seeded first: minutes on a busy 2-core machine.
    await waitUntilUp(baseUrl, child, () => output, 240_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    baseUrl,
    stop,
    cpuSeconds: () => (child.pid === undefined ? 0 : groupCpuSeconds(child.pid)),
    threadCpuSeconds: (name) => (child.pid === undefined ? 0 : groupThreadCpuSeconds(child.pid, name)),
  };
}

/** CPU seconds of every process in a process group, from /proc/<pid>/stat (utime + stime). */
function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the command: state(0) ppid(1) pgrp(2) … utime(11) stime(12).
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/** utime + stime ticks of a /proc stat line, and its process group. */
function statTicks(stat: string): { pgrp: number; ticks: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** CPU seconds of the threads called `name` (their /proc comm) of the processes in a process group. */
function groupThreadCpuSeconds(pgid: number, name: string): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      if (statTicks(readFileSync(`/proc/${pid}/stat`, 'utf8')).pgrp !== pgid) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        if (readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() !== name) continue;
        ticks += statTicks(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')).ticks;
      }
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/**
 * `npm run dev`: the reference server on 127.0.0.1:8001 (restarted by tsx watch on server changes)
 * and Vite's dev server, which proxies /api, /token, /ws and /media to it (vite.config.ts).
 * Ctrl-C, SIGTERM, or either child exiting stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

for (const name of ['tsx', 'vite']) {
  if (!existsSync(bin(name))) {
    process.stderr.write(`dev: ${bin(name)} is missing; run npm install first\n`);
    process.exit(1);
  }
}

const serverEnv = { ...process.env, PORT: process.env.DEV_SERVER_PORT ?? '8001', HOST: '127.0.0.1' };
const children: ChildProcess[] = [];
let stopping = false;

function start(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Own process group, so stopping reaches the grandchildren (tsx watch's node, vite's esbuild).
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', detached: true });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`dev: ${label} exited (${signal ?? code}); stopping the other one\n`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const c of children) killGroup(c, 'SIGTERM');
  const force = setTimeout(() => {
    for (const c of children) killGroup(c, 'SIGKILL');
    process.exit(code);
  }, 5000);
  force.unref();
  let left = children.filter((c) => c.exitCode === null && c.signalCode === null).length;
  if (left === 0) process.exit(code);
  for (const c of children) {
    c.once('exit', () => {
      left -= 1;
      if (left <= 0) process.exit(code);
    });
  }
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('exit', () => {
  for (const c of children) killGroup(c, 'SIGKILL');
});

start('server', bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], serverEnv);
start('vite', bin('vite'), ['--host', '127.0.0.1'], process.env);

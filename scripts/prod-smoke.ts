/**
 * The production start, proven: in a fresh folder holding only what a deployment ships
 * (package.json, package-lock.json, the built console `dist/` and the compiled server `build/`),
 * `npm ci --omit=dev` installs the runtime packages, then `node build/server/main.mjs` must start on
 * the embedded database, answer /healthz and /readyz, serve the console's index.html and the API,
 * and sign in. No TypeScript, no dev dependency. Run after `npm run build` (a step of `npm test`), which
 * must leave the build current for `npm start` (scripts/start.mjs --check).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dir = await mkdtemp(join(tmpdir(), 'console-prod-'));
const fail = (msg: string): never => {
  process.stderr.write(`production start: ${msg}\n`);
  process.exit(1);
};

try {
  // The build just made is current for `npm start` (nothing it wrote counts as a changed input): a
  // second start on a fresh machine starts the server at once instead of building again.
  const check = spawnSync('node', ['scripts/start.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
  if (check.status !== 0) fail(`npm start would build again right after a build: ${check.stdout.trim()}`);
  for (const f of ['package.json', 'package-lock.json']) await cp(join(ROOT, f), join(dir, f));
  await cp(join(ROOT, 'build'), join(dir, 'build'), { recursive: true });
  // The built console is large (Storybook inside) and only read: a link is what a deployment's copy would be.
  await symlink(join(ROOT, 'dist'), join(dir, 'dist'));
  const t0 = Date.now();
  const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit', env: { ...process.env } });
  if (install.status !== 0) fail(`npm ci --omit=dev exited ${install.status}`);
  process.stdout.write(`production start: npm ci --omit=dev in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  for (const dev of ['vite', 'vitest', 'eslint', '@playwright/test', 'storybook']) {
    if (spawnSync('node', ['-e', `require.resolve(${JSON.stringify(`${dev}/package.json`)})`], { cwd: dir }).status === 0) fail(`dev dependency ${dev} was installed`);
  }

  const server = spawn('node', ['build/server/main.mjs'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), SAMPLE_EVENTS: 'off', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stderr.on('data', (d: Buffer) => (output += String(d)));
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`no start within 90 s:\n${output}`)), 90_000);
    server.stdout.on('data', (d: Buffer) => {
      output += String(d);
      const m = /reference server on (http:\/\/\S+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        res(m[1]);
      }
    });
    server.on('exit', (code) => rej(new Error(`server exited ${code}:\n${output}`)));
  }).catch((err: unknown) => fail(String(err)));
  try {
    const expectOk = async (path: string, check: (res: Response, text: string) => boolean, init?: RequestInit) => {
      const res = await fetch(`${url}${path}`, init);
      const text = await res.text();
      if (!check(res, text)) fail(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    };
    await expectOk('/healthz', (r) => r.status === 200);
    await expectOk('/readyz', (r) => r.status === 200);
    await expectOk('/login', (r, t) => r.status === 200 && t.includes('id="root"'));
    await expectOk('/api/init/settings/', (r, t) => r.status === 200 && JSON.parse(t).code === 2000);
    await expectOk('/api/captcha/status/', (r) => r.status === 200);
    process.stdout.write(`production start: ok (${url}, node build/server/main.mjs after npm ci --omit=dev)\n`);
  } finally {
    server.kill('SIGTERM');
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

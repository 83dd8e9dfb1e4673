#!/usr/bin/env node
/**
 * `npm start`: the production server, built only when its inputs changed.
 *
 * The build (`npm run build`: console, prerendered sign-in page, Storybook, server bundle) takes about
 * half a minute of both cores; an unchanged checkout has nothing to rebuild. So this script hashes the
 * build's inputs (the sources, the build configuration and the lockfile: INPUTS below), compares the
 * hash with the one the last successful build stored in build/inputs.sha256, and
 *   - equal, and dist/ and build/server/ are there: starts `node build/server/main.mjs` at once;
 *   - else: runs `npm run build` (which stores the new hash when it succeeds), then starts it.
 *
 *   node scripts/start.mjs            # npm start
 *   node scripts/start.mjs --begin    # the first step of `npm run build`: forget the stored hash, note the inputs' hash
 *   node scripts/start.mjs --record   # the last step of `npm run build`: store the hash noted at --begin
 *   node scripts/start.mjs --check    # exit 0 when the build is current, 1 when it is not
 *
 * The hash is taken before the build and stored only after it succeeded: a build that fails half-way
 * leaves no hash (the next start builds), and a file edited during a build makes the next start build again.
 *
 * Plain JavaScript on Node's own modules: it runs right after `npm ci` on a fresh machine, and with
 * `npm ci --omit=dev` too when the build is current.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const HASH_FILE = join(ROOT, 'build', 'inputs.sha256');
const PENDING_FILE = `${HASH_FILE}.pending`;
/** What a whole build leaves; any missing means build (`npm run build:console` leaves no Storybook). */
const OUTPUTS = ['dist/index.html', 'dist/storybook/index.html', 'build/server/main.mjs'];

/** Files and folders whose content makes the build (folders are walked). */
const INPUTS = [
  'src',
  'server',
  'contracts',
  'stories',
  'sdk',
  '.storybook',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'codegen.ts',
  'package.json',
  'package-lock.json',
  'scripts/prerender.ts',
  'scripts/build-server.ts',
  'scripts/chromium.ts',
];

/**
 * Not inputs of the build: tests, generated code (made from server/gateway/schema.graphql and
 * src/**\/*.graphql), reports, and what the build itself writes inside an input folder (sdk/track/dist:
 * hashed, it would differ from the hash taken before the build and make the next start build again).
 */
function skipped(rel) {
  return (
    /\.test\.tsx?$/.test(rel) ||
    rel.startsWith(`src${sep}adapters${sep}graphql${sep}generated`) ||
    rel.split(sep).some((part) => part === 'node_modules' || part === 'report' || part === 'dist' || part === '.DS_Store')
  );
}

async function filesUnder(rel, out) {
  const abs = join(ROOT, rel);
  let entries;
  try {
    entries = await readdir(abs, { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOTDIR') {
      out.push(rel);
      return;
    }
    if (err.code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries) {
    const child = join(rel, e.name);
    if (skipped(child)) continue;
    if (e.isDirectory()) await filesUnder(child, out);
    else if (e.isFile()) out.push(child);
  }
}

/** SHA-256 over the sorted list of input files: each one's path and content. */
async function inputsHash() {
  const files = [];
  for (const rel of INPUTS) await filesUnder(rel, files);
  files.sort();
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(`${rel.split(sep).join('/')}\0`);
    hash.update(await readFile(join(ROOT, rel)));
    hash.update('\0');
  }
  return `${hash.digest('hex')}  ${files.length} files\n`;
}

async function storedHash() {
  try {
    return await readFile(HASH_FILE, 'utf8');
  } catch {
    return null;
  }
}

async function begin() {
  await rm(HASH_FILE, { force: true });
  await mkdir(join(ROOT, 'build'), { recursive: true });
  await writeFile(PENDING_FILE, await inputsHash());
}

async function record() {
  if (!existsSync(PENDING_FILE)) throw new Error(`${PENDING_FILE} is missing: the build did not start with \`node scripts/start.mjs --begin\``);
  await rename(PENDING_FILE, HASH_FILE);
}

function run(cmd, args) {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', fail);
    child.on('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`${cmd} ${args.join(' ')}: ${signal ?? `exit ${code}`}`))));
  });
}

/** Whether the last build is current: its outputs exist and the inputs' hash is the stored one. */
async function current(hash) {
  return OUTPUTS.every((rel) => existsSync(join(ROOT, rel))) && (await storedHash()) === hash;
}

async function main() {
  const arg = process.argv[2];
  if (arg === '--begin') return begin();
  if (arg === '--record') return record();
  const t0 = performance.now();
  const hash = await inputsHash();
  if (arg === '--check') {
    const ok = await current(hash);
    process.stdout.write(ok ? 'build is current\n' : 'build is missing or stale\n');
    process.exitCode = ok ? 0 : 1;
    return;
  }
  if (await current(hash)) {
    process.stdout.write(`npm start: the build is current (inputs checked in ${Math.round(performance.now() - t0)} ms); starting the server\n`);
  } else {
    process.stdout.write('npm start: sources changed since the last build (or no build yet): npm run build\n');
    await run('npm', ['run', 'build']);
  }
  // The server replaces this process's work: signals reach it, and its exit code is ours.
  const server = spawn(process.execPath, [join(ROOT, 'build', 'server', 'main.mjs')], { cwd: ROOT, stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => server.kill(sig));
  server.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}

main().catch((err) => {
  process.stderr.write(`npm start: ${err.message}\n`);
  process.exitCode = 1;
});

/**
 * One migrated, seeded embedded database per test run, shared by every test process.
 *
 * A test server on a throwaway (in-memory) database used to start PGlite empty, run every migration
 * and seed it: on a 2-core machine that is most of a server test file's fixed cost, paid once per file
 * (each test file runs in its own process). Loading a database folder that is already migrated and
 * seeded costs a fraction of that (PGlite's `loadDataDir`).
 *
 * So the run's global setup (`makeRunTemplate`, vitest's globalSetup and the e2e suite's) makes that
 * database once, writes its folder (a tar) and the key its sample secrets are sealed with into a
 * temporary folder, and names the folder in TEST_DB_TEMPLATE. Every test process then starts its
 * in-memory servers from it (`loadRunTemplate`, called by server/testing.ts) — the same content a
 * fresh start makes, minus the time.
 *
 * The sample data is dated relative to its seed time (sign-ins "today" and on the days before, in
 * Shanghai days). A template made on an earlier Shanghai day than the test's start is not used: the
 * process seeds its own database as before.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { SecretBox, adoptProcessAccountKey } from '../domain/secret-box';
import { ensureJobSchema } from '../jobs/queue';
import { seed } from '../seed';
import { memoryTemplateKey, setMemoryTemplate } from '../app';

/** The environment variable naming the template's folder. */
export const TEMPLATE_ENV = 'TEST_DB_TEMPLATE';

interface TemplateMeta {
  /** The account secret key the sample shared accounts' secrets are sealed with. */
  key: string;
  /** When it was seeded (ms since the epoch). */
  seededAt: number;
}

/** Where a process's global setups share the template being made. */
const RUN_TEMPLATE = Symbol.for('console.test.dbTemplate');

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const shanghaiDay = (t: number) => Math.floor((t + SHANGHAI_OFFSET_MS) / 86_400_000);

/**
 * Makes the run's template unless this process already names one (TEST_DB_TEMPLATE set by a parent);
 * sets TEST_DB_TEMPLATE for the test processes started after it; returns its teardown.
 * The steps are those of a fresh in-memory start (server/app.ts: migrate, job schema, seed).
 */
export function makeRunTemplate(): Promise<() => Promise<void>> {
  // Several projects' global setups run in one process (and may load this module each on its own):
  // the first makes the template, the others share it; the last teardown removes it.
  const shared = globalThis as unknown as { [RUN_TEMPLATE]?: { made: Promise<string>; users: number } };
  if (process.env[TEMPLATE_ENV] && !shared[RUN_TEMPLATE]) return Promise.resolve(async () => undefined);
  const entry = (shared[RUN_TEMPLATE] ??= { made: makeTemplate(), users: 0 });
  entry.users++;
  return entry.made.then((dir) => {
    process.env[TEMPLATE_ENV] = dir;
    return async () => {
      if (--entry.users > 0) return;
      delete shared[RUN_TEMPLATE];
      delete process.env[TEMPLATE_ENV];
      await rm(dir, { recursive: true, force: true });
    };
  });
}

async function makeTemplate(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'console-db-template-'));
  const key = randomBytes(48).toString('base64url');
  const seededAt = Date.now();
  const db = await openPglite('memory://');
  try {
    await migrate(db);
    await ensureJobSchema(db);
    await seed(db, seededAt, { secretBox: new SecretBox(key), fastSamplePasswords: true });
    const snapshot = await db.snapshot();
    await writeFile(join(dir, 'db.tar'), new Uint8Array(await snapshot.arrayBuffer()));
  } finally {
    await db.close();
  }
  const meta: TemplateMeta = { key, seededAt };
  await writeFile(join(dir, 'meta.json'), JSON.stringify(meta));
  return dir;
}

let loaded: Promise<boolean> | null = null;

/**
 * In a test process: when the run made a template (TEST_DB_TEMPLATE) on this Shanghai day, hands it
 * to this process's in-memory servers, with the key its secrets are sealed with. Once per process;
 * resolves to whether the template is used.
 */
export function loadRunTemplate(): Promise<boolean> {
  loaded ??= (async () => {
    const dir = process.env[TEMPLATE_ENV];
    if (!dir || !existsSync(join(dir, 'meta.json'))) return false;
    const meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as TemplateMeta;
    if (shanghaiDay(meta.seededAt) !== shanghaiDay(Date.now())) return false;
    const bytes = await readFile(join(dir, 'db.tar'));
    if (!adoptProcessAccountKey(meta.key)) return false;
    setMemoryTemplate(memoryTemplateKey(meta.key, true), new Blob([new Uint8Array(bytes)]));
    return true;
  })();
  return loaded;
}

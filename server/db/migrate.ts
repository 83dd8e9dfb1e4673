import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant for the advisory lock that keeps two starting servers from migrating at once. */
const MIGRATION_LOCK = 727_001;

export interface Migration {
  version: string;
  file: string;
}

/** Migration files are `NNN_name.sql`, applied in numeric order. */
export async function listMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d+_[\w-]+\.sql$/.test(f));
  return files
    .map((file) => ({ version: file.replace(/\.sql$/, ''), file: join(dir, file) }))
    .sort((a, b) => Number.parseInt(a.version, 10) - Number.parseInt(b.version, 10));
}

/**
 * Applies the migrations not yet recorded in schema_migrations, each in its own transaction
 * together with its record, so a failing file leaves nothing behind. Returns the versions applied.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Under the same lock as the migrations: two servers starting at once on one PostgreSQL would
  // otherwise race on creating this table (a duplicate-key error in pg_type).
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const m of await listMigrations(dir)) {
    const sql = await readFile(m.file, 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (seen.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}

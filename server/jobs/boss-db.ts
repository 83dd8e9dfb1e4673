import type { Db, Queryable } from '../db/db';

/** The database interface pg-boss 10 accepts as its `db` option. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss's locked scripts: `BEGIN; SET LOCAL …; <advisory lock>; …; COMMIT;` as one string. */
const SCRIPT = /^\s*BEGIN\s*;([\s\S]*);\s*COMMIT\s*;\s*$/i;

/**
 * pg-boss on the project's Db (PGlite or a PostgreSQL pool), so the queue shares the server's one
 * database road: a statement with values runs as itself; a script without values (schema creation,
 * migrations, maintenance: pg-boss wraps them in BEGIN … COMMIT) runs inside one of our transactions
 * with its own BEGIN/COMMIT removed, so a failing script rolls back on the same connection instead of
 * leaving it in an aborted transaction; any other statement without values is one plain query.
 */
export function bossDb(db: Db): BossDb {
  return {
    async executeSql(text, values) {
      if (values !== undefined && values.length > 0) return { rows: await db.query(text, values) };
      const script = SCRIPT.exec(text);
      if (script) {
        await db.transaction((tx) => tx.exec(script[1] ?? ''));
        return { rows: [] };
      }
      return { rows: await db.query(text, []) };
    },
  };
}

/** The same inside a transaction of ours (pg-boss's `send(…, { db })`): the job is written with the rest. */
export function bossTx(tx: Queryable): BossDb {
  return {
    async executeSql(text, values) {
      return { rows: await tx.query(text, values ?? []) };
    },
  };
}

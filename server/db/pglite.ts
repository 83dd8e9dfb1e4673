import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';
import { assertNotInsideTransaction, insideTransaction } from './tx-guard';

function wrapTx(tx: Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await tx.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
  };
}

export interface PgliteDb extends Db {
  /** A copy of the whole database folder, to start another in-memory database from. */
  snapshot(): Promise<Blob>;
}

/** Embedded PostgreSQL (WASM) in a folder, or in memory for 'memory://' (optionally from a snapshot). */
export async function openPglite(dir: string, from?: Blob): Promise<PgliteDb> {
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true });
  const pg = await PGlite.create(dir, from ? { loadDataDir: from } : {});
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      assertNotInsideTransaction('query', sql);
      const res = await pg.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      assertNotInsideTransaction('exec', sql);
      await pg.exec(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      assertNotInsideTransaction('transaction', 'BEGIN');
      return pg.transaction((tx) => insideTransaction(() => fn(wrapTx(tx))));
    },
    async snapshot() {
      return pg.dumpDataDir('none');
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}

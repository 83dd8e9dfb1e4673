import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DataChanges } from './changes';
import type { Db, Queryable } from './db';
import { assertNotInsideTransaction, insideTransaction } from './tx-guard';

/** The transaction's queries; each statement is noted for the change versions reported when it ends. */
function wrapTx(tx: Transaction, statements: string[]): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      statements.push(sql);
      const res = await tx.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      statements.push(sql);
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
  const changes = new DataChanges();
  return {
    kind: 'pglite',
    changes,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      assertNotInsideTransaction('query', sql);
      try {
        const res = await pg.query<T>(sql, params as unknown[]);
        return res.rows;
      } finally {
        changes.afterStatement(sql);
      }
    },
    async exec(sql: string) {
      assertNotInsideTransaction('exec', sql);
      try {
        await pg.exec(sql);
      } finally {
        changes.afterStatement(sql);
      }
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      assertNotInsideTransaction('transaction', 'BEGIN');
      const statements: string[] = [];
      try {
        return await pg.transaction((tx) => insideTransaction(() => fn(wrapTx(tx, statements))));
      } finally {
        changes.afterTransaction(statements);
      }
    },
    async snapshot() {
      return pg.dumpDataDir('none');
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}

import pg from 'pg';
import { DataChanges } from './changes';
import type { Db, Queryable } from './db';
import { assertNotInsideTransaction, insideTransaction } from './tx-guard';

/** A PostgreSQL server through a `pg` connection pool. */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const changes = new DataChanges();
  return {
    kind: 'postgres',
    changes,
    // dashboard realtime+monitor: the pool's connections for the service monitor.
    pool: () => ({ kind: 'postgres' as const, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: 10 }),
    async query<T>(sql: string, params: readonly unknown[] = []) {
      assertNotInsideTransaction('query', sql);
      try {
        const res = await pool.query(sql, params as unknown[]);
        return res.rows as T[];
      } finally {
        changes.afterStatement(sql);
      }
    },
    async exec(sql: string) {
      assertNotInsideTransaction('exec', sql);
      try {
        await pool.query(sql);
      } finally {
        changes.afterStatement(sql);
      }
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      assertNotInsideTransaction('transaction', 'BEGIN');
      const client = await pool.connect();
      const statements: string[] = [];
      const tx: Queryable = {
        async query<R>(sql: string, params: readonly unknown[] = []) {
          statements.push(sql);
          const res = await client.query(sql, params as unknown[]);
          return res.rows as R[];
        },
        async exec(sql: string) {
          statements.push(sql);
          await client.query(sql);
        },
      };
      try {
        await client.query('BEGIN');
        const result = await insideTransaction(() => fn(tx));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
        changes.afterTransaction(statements);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

import pg from 'pg';
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
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      assertNotInsideTransaction('query', sql);
      const res = await pool.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql: string) {
      assertNotInsideTransaction('exec', sql);
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      assertNotInsideTransaction('transaction', 'BEGIN');
      const client = await pool.connect();
      const tx: Queryable = {
        async query<R>(sql: string, params: readonly unknown[] = []) {
          const res = await client.query(sql, params as unknown[]);
          return res.rows as R[];
        },
        async exec(sql: string) {
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
      }
    },
    async close() {
      await pool.end();
    },
  };
}

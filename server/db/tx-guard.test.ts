import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUT_MS } from '../test/timeouts';
import { openPglite, type PgliteDb } from './pglite';
import { TransactionMisuseError } from './tx-guard';

/** Bounded: a regression of the guard would otherwise hang the embedded database (and this test). */
function within<T>(p: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms (deadlock?)`)), ms))]);
}

describe('transaction guard (embedded database)', () => {
  let db: PgliteDb;

  beforeAll(async () => {
    db = await openPglite('memory://');
    await db.exec('CREATE TABLE t (id int PRIMARY KEY)');
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await db?.close();
  }, SERVER_TIMEOUT_MS);

  it('a pool query inside an open transaction throws at once (instead of waiting for it) and rolls the transaction back', async () => {
    const run = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)');
      await db.query('SELECT count(*) FROM t');
    });
    await expect(within(run)).rejects.toThrow(TransactionMisuseError);
    await expect(within(run)).rejects.toThrow(/use the transaction's handle \(tx\).*SELECT count\(\*\) FROM t/);
    expect(await db.query('SELECT id FROM t')).toEqual([]);
  });

  it('exec and a nested transaction on the pool are refused too; deeper async calls are covered', async () => {
    const viaHelper = async () => {
      await Promise.resolve();
      return db.exec('SELECT 1');
    };
    await expect(within(db.transaction(() => viaHelper()))).rejects.toThrow(TransactionMisuseError);
    await expect(within(db.transaction(() => db.transaction(async () => 1)))).rejects.toThrow(/transaction on the database pool/);
  });

  it('queries through tx, after the commit from the same context, and from other requests still work', async () => {
    let later: Promise<unknown> | null = null;
    const other = within(db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (2)');
      // Started inside the callback but run after the commit: allowed.
      later = new Promise((resolve) => setTimeout(resolve, 50)).then(() => db.query<{ id: number }>('SELECT id FROM t'));
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t'))[0]?.n;
    }));
    // Another caller (its own async context) simply waits for the transaction.
    const outside = within(db.query<{ id: number }>('SELECT id FROM t'));
    expect(await other).toBe(1);
    expect(await outside).toEqual([{ id: 2 }]);
    expect(await within(later ?? Promise.reject(new Error('not started')))).toEqual([{ id: 2 }]);
  });
});

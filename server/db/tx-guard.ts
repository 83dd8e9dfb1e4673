import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Catches a query that reaches the database around a running transaction instead of through it: a
 * call on the pool (ctx.db, a store, a cache refresh, a log write) made from inside a transaction
 * callback while that transaction is still open. On the embedded database (one connection) such a
 * query waits for the transaction, which waits for the query: the whole server hangs. On PostgreSQL
 * it runs on another connection, does not see the transaction's writes and can wait on its locks.
 *
 * The drivers mark the callback's async context; the pool's query, exec and transaction check it.
 * Strict mode (on under Vitest and for every server started by server/testing.ts) throws
 * TransactionMisuseError; otherwise nothing changes.
 */
const current = new AsyncLocalStorage<{ open: boolean }>();
let strict = process.env.VITEST !== undefined;

export class TransactionMisuseError extends Error {
  override readonly name = 'TransactionMisuseError';
}

/** Turns strict mode on (tests) or off. */
export function setStrictTransactions(on: boolean): void {
  strict = on;
}

/**
 * Runs a transaction callback marked as inside an open transaction (until it settles). Outside strict
 * mode nothing is marked: the async-context tracking would cost every promise of the process.
 */
export async function insideTransaction<T>(fn: () => Promise<T>): Promise<T> {
  if (!strict) return fn();
  const state = { open: true };
  try {
    return await current.run(state, fn);
  } finally {
    state.open = false;
  }
}

/** Throws in strict mode when called from a transaction callback whose transaction is still open. */
export function assertNotInsideTransaction(what: string, sql: string): void {
  if (!strict || !current.getStore()?.open) return;
  throw new TransactionMisuseError(
    `${what} on the database pool from inside an open transaction: use the transaction's handle (tx) for every query in the callback ` +
      `(on the embedded database this call would wait for the transaction forever). SQL: ${sql.replace(/\s+/g, ' ').trim().slice(0, 120)}`,
  );
}

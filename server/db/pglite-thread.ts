import { Worker } from 'node:worker_threads';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { DataChanges } from './changes';
import type { Queryable, Row } from './db';
import type { PgliteDb } from './pglite';
import { assertNotInsideTransaction, insideTransaction } from './tx-guard';

/**
 * The embedded database (PGlite) in its own worker thread, behind the same `Db` interface as the
 * in-thread one (pglite.ts): PostgreSQL's WASM and PGlite's JavaScript run on one core while HTTP,
 * JSON, signatures and checks run on the server's main thread (docs/server.md, "Storage").
 *
 * Calls go as messages (pglite-thread-worker.mjs); values cross by structured clone, so rows arrive
 * as PGlite makes them (Date, bigint, Uint8Array, parsed JSON). A transaction is PGlite's own on the
 * worker's single connection: while it is open every other statement waits there (others queue).
 * The change versions (changes.ts) and the transaction guard (tx-guard.ts) stay on this thread. If the
 * thread dies, every pending call and every later one is rejected with DatabaseThreadError.
 */

/** The database thread stopped (crashed, or the database was closed): nothing more can run. */
export class DatabaseThreadError extends Error {
  override readonly name = 'DatabaseThreadError';
}

/** CPU and busy time of the database thread (the bench reports them: what an idle core would give). */
export interface DatabaseThreadStats {
  /** CPU milliseconds the thread has used (Linux, 10 ms steps); null where /proc is missing. */
  cpuMs: number | null;
  elu: EventLoopUtilization;
}

export interface PgliteThreadDb extends PgliteDb {
  stats(): Promise<DatabaseThreadStats>;
  /** Stops the thread at once, as a crash would (tests: pending and later calls must fail, not hang). */
  kill(): Promise<void>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Request =
  | { op: 'query'; sql: string; params: readonly unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { op: 'dump' | 'stats' | 'close' };

type Reply = { op: 'ready' } | { op: 'failed'; error: Record<string, unknown> } | { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/** A PostgreSQL error from the thread, with its fields (code, constraint, detail…) as the drivers give them. */
function rebuildError(plain: Record<string, unknown>): Error {
  const err = new Error(String(plain.message ?? 'database error'));
  const { stack, message: _message, ...fields } = plain;
  Object.assign(err, fields);
  if (typeof stack === 'string') err.stack = stack;
  return err;
}

/**
 * Opens PGlite in a worker thread: a data folder, or 'memory://' (optionally from a snapshot). Same
 * semantics as openPglite, plus `stats()`.
 */
export async function openPgliteThread(dir: string, from?: Blob): Promise<PgliteThreadDb> {
  const fromBuf = from ? await from.arrayBuffer() : null;
  const worker = new Worker(new URL('./pglite-thread-worker.mjs', import.meta.url), {
    workerData: { dir, from: fromBuf },
    transferList: fromBuf ? [fromBuf] : [],
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let nextTx = 1;
  let failure: DatabaseThreadError | null = null;
  let closing = false;

  let ready!: () => void;
  let failedToStart!: (err: unknown) => void;
  const started = new Promise<void>((res, rej) => {
    ready = res;
    failedToStart = rej;
  });

  /** The thread is gone: every call waiting for it, and every later one, fails with this. */
  const fail = (err: DatabaseThreadError) => {
    failure ??= err;
    failedToStart(err);
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };

  worker.on('message', (msg: Reply) => {
    if ('op' in msg) {
      if (msg.op === 'ready') ready();
      else failedToStart(rebuildError(msg.error));
      return;
    }
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    // Only calls in flight keep the process alive (like a socket would), not an idle database.
    if (pending.size === 0) worker.unref();
    if (msg.ok) p.resolve(msg.result);
    else p.reject(rebuildError(msg.error));
  });
  worker.on('error', (err) => fail(new DatabaseThreadError(`the embedded database thread crashed: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => fail(new DatabaseThreadError(closing ? 'the embedded database is closed' : `the embedded database thread exited (code ${code})`)));
  worker.on('messageerror', (err) => fail(new DatabaseThreadError(`a message from the embedded database thread could not be read: ${err.message}`)));

  const call = <T>(req: Request): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      try {
        worker.postMessage({ id, ...req });
      } catch (err) {
        // A parameter that cannot be cloned (a function, a class with private state…): this call only.
        reject(err);
        return;
      }
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  };

  await started;
  worker.unref();
  const changes = new DataChanges();

  return {
    kind: 'pglite',
    ownThread: true,
    changes,
    // dashboard realtime+monitor: one connection in the thread; calls beyond the running one wait in its queue.
    pool: () => ({ kind: 'pglite' as const, total: 1, idle: pending.size === 0 ? 1 : 0, waiting: Math.max(0, pending.size - 1), max: 1 }),
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      assertNotInsideTransaction('query', sql);
      try {
        return await call<T[]>({ op: 'query', sql, params });
      } finally {
        changes.afterStatement(sql);
      }
    },
    async exec(sql: string) {
      assertNotInsideTransaction('exec', sql);
      try {
        await call({ op: 'exec', sql });
      } finally {
        changes.afterStatement(sql);
      }
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      assertNotInsideTransaction('transaction', 'BEGIN');
      const txId = nextTx++;
      const statements: string[] = [];
      const tx: Queryable = {
        async query<R = Row>(sql: string, params: readonly unknown[] = []) {
          statements.push(sql);
          return call<R[]>({ op: 'query', sql, params, tx: txId });
        },
        async exec(sql: string) {
          statements.push(sql);
          await call({ op: 'exec', sql, tx: txId });
        },
      };
      try {
        // Resolves once BEGIN has run: the connection is this transaction's until it ends.
        await call({ op: 'begin', tx: txId });
        let result: T;
        try {
          result = await insideTransaction(() => fn(tx));
        } catch (err) {
          await call({ op: 'rollback', tx: txId }).catch(() => undefined);
          throw err;
        }
        // Fails (25P02) when a statement of it failed and the callback went on: PostgreSQL rolled it back.
        await call({ op: 'commit', tx: txId });
        return result;
      } finally {
        changes.afterTransaction(statements);
      }
    },
    async snapshot() {
      return new Blob([await call<ArrayBuffer>({ op: 'dump' })]);
    },
    stats() {
      return call<DatabaseThreadStats>({ op: 'stats' });
    },
    async kill() {
      await worker.terminate();
    },
    async close() {
      if (failure) return;
      await call({ op: 'close' });
      closing = true;
      await worker.terminate();
    },
  };
}

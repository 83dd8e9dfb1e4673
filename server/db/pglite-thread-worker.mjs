// @ts-check
/**
 * The embedded database's own thread (see pglite-thread.ts, the side the server talks to). Plain
 * JavaScript on purpose: a worker thread is started from a file, and this file runs unchanged under
 * tsx, under Vitest and beside the production bundle (scripts/build-server.ts copies it).
 *
 * Messages in: { id, op: 'query', sql, params, tx? } | { id, op: 'exec', sql, tx? }
 *              | { id, op: 'begin', tx } | { id, op: 'commit', tx } | { id, op: 'rollback', tx }
 *              | { id, op: 'dump' } | { id, op: 'stats' } | { id, op: 'close' }
 * Messages out: { op: 'ready' } | { op: 'failed', error } | { id, ok: true, result } | { id, ok: false, error }
 *
 * Values cross by structured clone, so what PGlite returns arrives as it is (Date, bigint, Uint8Array,
 * parsed JSON). A transaction is PGlite's own `transaction()`: its callback stays open until the
 * server says commit or rollback, and PGlite's transaction lock makes every other statement wait.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker.mjs runs as a worker thread');

/** Fields of a PostgreSQL error worth keeping (pg-protocol's DatabaseError); never the query's parameters. */
const ERROR_FIELDS = ['code', 'severity', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];

/** @param {unknown} err */
function plainError(err) {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  /** @type {Record<string, unknown>} */
  const out = { name: err.name, message: err.message, stack: err.stack };
  const fields = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (err));
  for (const k of ERROR_FIELDS) if (fields[k] !== undefined && fields[k] !== null) out[k] = fields[k];
  return out;
}

/** Thrown out of a transaction callback to make PGlite roll it back (the server asked for it). */
class RollbackRequested extends Error {}

/** Open transactions by id: their handle and how the server ends them. */
/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void }>} */
const open = new Map();

/**
 * CPU time of this thread (Linux; ms, 10 ms steps), for the bench: the database thread alone. Read
 * synchronously: an asynchronous read would run on a libuv pool thread and report that one.
 */
function threadCpuMs() {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const { dir, from } = /** @type {{ dir: string, from: ArrayBuffer | null }} */ (workerData);
/** @type {PGlite} */
let pg;
try {
  // The thread's name in /proc (top -H, the bench's per-thread CPU); synchronous, so it is this thread
  // that is named (not a libuv pool thread); harmless where it cannot be set.
  try {
    writeFileSync('/proc/thread-self/comm', 'pglite-db');
  } catch {
    // not Linux, or /proc not writable
  }
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true });
  pg = await PGlite.create(dir, from ? { loadDataDir: new Blob([from]) } : {});
} catch (err) {
  port.postMessage({ op: 'failed', error: plainError(err) });
  throw err;
}

/** @param {number} id @param {() => Promise<unknown>} work @param {Transferable[]} [transfer] */
async function answer(id, work, transfer) {
  try {
    const result = await work();
    port.postMessage({ id, ok: true, result }, transfer ?? []);
  } catch (err) {
    port.postMessage({ id, ok: false, error: plainError(err) });
  }
}

/** @param {number} txId */
function txOf(txId) {
  const t = open.get(txId);
  if (!t) throw new Error(`transaction ${txId} is not open`);
  return t;
}

/** @param {number} id @param {number} txId */
function begin(id, txId) {
  let started = false;
  pg.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        open.set(txId, { tx, end: (commit) => (commit ? resolve(undefined) : reject(new RollbackRequested())) });
        started = true;
        port.postMessage({ id, ok: true, result: null });
      }),
  ).then(
    () => {
      const end = ending.get(txId);
      ending.delete(txId);
      open.delete(txId);
      if (end !== undefined) port.postMessage({ id: end, ok: true, result: null });
    },
    (err) => {
      const end = ending.get(txId);
      ending.delete(txId);
      open.delete(txId);
      if (!started) port.postMessage({ id, ok: false, error: plainError(err) });
      else if (end !== undefined) port.postMessage(err instanceof RollbackRequested ? { id: end, ok: true, result: null } : { id: end, ok: false, error: plainError(err) });
    },
  );
}

/** The message id of each transaction's commit or rollback, answered once PGlite has ended it. */
/** @type {Map<number, number>} */
const ending = new Map();

port.on('message', (/** @type {any} */ msg) => {
  const { id, op } = msg;
  switch (op) {
    case 'query':
      void answer(id, async () => (msg.tx === undefined ? (await pg.query(msg.sql, msg.params)).rows : (await txOf(msg.tx).tx.query(msg.sql, msg.params)).rows));
      return;
    case 'exec':
      void answer(id, async () => {
        await (msg.tx === undefined ? pg.exec(msg.sql) : txOf(msg.tx).tx.exec(msg.sql));
        return null;
      });
      return;
    case 'begin':
      begin(id, msg.tx);
      return;
    case 'commit':
    case 'rollback': {
      const t = open.get(msg.tx);
      if (!t) {
        port.postMessage({ id, ok: false, error: { name: 'Error', message: `transaction ${msg.tx} is not open` } });
        return;
      }
      ending.set(msg.tx, id);
      t.end(op === 'commit');
      return;
    }
    case 'dump':
      void (async () => {
        try {
          const buf = await (await pg.dumpDataDir('none')).arrayBuffer();
          port.postMessage({ id, ok: true, result: buf }, [buf]);
        } catch (err) {
          port.postMessage({ id, ok: false, error: plainError(err) });
        }
      })();
      return;
    case 'stats':
      void answer(id, async () => ({ cpuMs: threadCpuMs(), elu: performance.eventLoopUtilization() }));
      return;
    case 'close':
      void answer(id, async () => {
        if (!pg.closed) await pg.close();
        return null;
      });
      return;
    default:
      port.postMessage({ id, ok: false, error: { name: 'Error', message: `unknown operation ${String(op)}` } });
  }
});

port.postMessage({ op: 'ready' });

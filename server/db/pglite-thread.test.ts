import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_TIMEOUT_MS } from '../test/timeouts';
import { openPglite, type PgliteDb } from './pglite';
import { DatabaseThreadError, openPgliteThread, type PgliteThreadDb } from './pglite-thread';

/** Bounded: a call the thread never answers would otherwise hang this test. */
function within<T>(p: Promise<T>, ms = 10_000): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);
}

const TYPES_SQL = `SELECT 42::int AS i4, 9007199254740993::int8 AS i8, 12345678901234567890.0123::numeric AS num, 1.5::float8 AS f8,
  true AS b, 'x'::text AS t, NULL::text AS nothing, '2026-11-24T10:00:00.123Z'::timestamptz AS ts, '2026-11-24'::date AS d,
  '\\x00ff10'::bytea AS bin, '{"a":[1,{"b":null}],"s":"é"}'::jsonb AS j, '{"k":1}'::json AS js, ARRAY[1,2,3] AS arr, ARRAY['a',NULL] AS tarr,
  $1::timestamptz AS p_ts, $2::bytea AS p_bin, $3::jsonb AS p_j, $4::int8 AS p_i8, $5::text[] AS p_arr, $6::uuid AS p_uuid, $7::text AS p_null`;
const TYPES_PARAMS = [new Date('2026-01-02T03:04:05.006Z'), new Uint8Array([1, 2, 255]), { n: 1, list: ['a'] }, 9007199254740993n, ['x', 'y'], '3f2b8c1e-0000-4000-8000-000000000001', null];

describe('the embedded database in its own thread (pglite-thread.ts)', () => {
  let db: PgliteThreadDb;
  let local: PgliteDb;

  beforeAll(async () => {
    [db, local] = await Promise.all([openPgliteThread('memory://'), openPglite('memory://')]);
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL CONSTRAINT t_name_short CHECK (length(name) < 10))');
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([db?.close(), local?.close()]);
  }, SERVER_TIMEOUT_MS);

  it('rows and parameters cross the thread with their types, exactly as the in-thread driver gives them', async () => {
    const [remote] = await db.query<Record<string, unknown>>(TYPES_SQL, TYPES_PARAMS);
    const [same] = await local.query<Record<string, unknown>>(TYPES_SQL, TYPES_PARAMS);
    expect(remote).toEqual(same);
    expect(remote?.ts).toBeInstanceOf(Date);
    expect((remote?.ts as Date).toISOString()).toBe('2026-11-24T10:00:00.123Z');
    expect(remote?.p_ts).toEqual(new Date('2026-01-02T03:04:05.006Z'));
    expect(remote?.bin).toBeInstanceOf(Uint8Array);
    expect([...(remote?.bin as Uint8Array)]).toEqual([0, 255, 16]);
    expect([...(remote?.p_bin as Uint8Array)]).toEqual([1, 2, 255]);
    expect(remote?.j).toEqual({ a: [1, { b: null }], s: 'é' });
    expect(remote?.p_j).toEqual({ n: 1, list: ['a'] });
    expect(remote?.i8).toBe(same?.i8);
    expect(String(remote?.p_i8)).toBe('9007199254740993');
    expect(String(remote?.num)).toBe('12345678901234567890.0123');
    expect(remote?.nothing).toBeNull();
    expect(remote?.p_arr).toEqual(['x', 'y']);
  });

  it('a failing statement rejects with PostgreSQL’s fields (code, constraint, detail) and the thread goes on', async () => {
    await db.query("INSERT INTO t VALUES (1, 'one')");
    const dup = await db.query("INSERT INTO t VALUES (1, 'again')").catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(Error);
    expect(dup).toMatchObject({ code: '23505', constraint: 't_pkey', message: expect.stringContaining('duplicate key') });
    expect((dup as { detail?: string }).detail).toContain('(id)=(1)');
    await expect(db.query("INSERT INTO t VALUES (2, 'much too long')")).rejects.toMatchObject({ code: '23514', constraint: 't_name_short' });
    await expect(db.exec('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    // A parameter that cannot be cloned fails that call only.
    await expect(db.query('SELECT $1::text', [() => 1])).rejects.toThrow();
    expect(await db.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 1 }]);
  });

  it('a transaction commits when its callback resolves and rolls back when it throws', async () => {
    const out = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (10, 'ten')");
      await tx.exec("INSERT INTO t VALUES (11, 'eleven')");
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id >= 10'))[0]?.n;
    });
    expect(out).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (12, 'twelve')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query('SELECT id FROM t WHERE id >= 10 ORDER BY id')).toEqual([{ id: 10 }, { id: 11 }]);
  });

  it('a transaction whose statement failed cannot commit what came after (25P02), like the in-thread driver', async () => {
    for (const d of [db, local]) {
      if (d === local) await local.exec('CREATE TABLE IF NOT EXISTS t (id int PRIMARY KEY, name text NOT NULL)');
      const run = d.transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (20, 'twenty')");
        await tx.query("INSERT INTO t VALUES (20, 'twenty')").catch(() => undefined);
        return 'done';
      });
      await expect(run).rejects.toMatchObject({ code: '25P02' });
      expect(await d.query('SELECT id FROM t WHERE id = 20')).toEqual([]);
    }
  });

  it('an open transaction holds the one connection: statements of others wait for its end and see its commit', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const tx = db.transaction(async (t) => {
      await t.query("INSERT INTO t VALUES (30, 'thirty')");
      await gate;
      order.push('tx end');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 30').then((rows) => {
      order.push('outside');
      return rows;
    });
    const second = db.transaction(async (t) => {
      order.push('second tx');
      return t.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 30');
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual([]);
    release();
    await within(tx);
    expect(await within(outside)).toEqual([{ n: 1 }]);
    expect(await within(second)).toEqual([{ n: 1 }]);
    expect(order[0]).toBe('tx end');
  });

  it('change versions move on this thread once a statement or transaction has ended', async () => {
    const s0 = db.changes.stamp(['t']);
    await db.query('SELECT * FROM t');
    expect(db.changes.stamp(['t'])).toBe(s0);
    await db.query("UPDATE t SET name = 'uno' WHERE id = 1");
    const s1 = db.changes.stamp(['t']);
    expect(s1).not.toBe(s0);
    let during = '';
    await db.transaction(async (tx) => {
      await tx.query("UPDATE t SET name = 'eins' WHERE id = 1");
      during = db.changes.stamp(['t']);
    });
    expect(during).toBe(s1);
    expect(db.changes.stamp(['t'])).not.toBe(s1);
  });

  it('a snapshot opens as another database, in this thread or in another', async () => {
    const snap = await db.snapshot();
    const copies = await Promise.all([openPglite('memory://', snap), openPgliteThread('memory://', snap)]);
    try {
      for (const copy of copies) expect(await copy.query<{ name: string }>('SELECT name FROM t WHERE id = 1')).toEqual([{ name: 'eins' }]);
    } finally {
      await Promise.all(copies.map((c) => c.close()));
    }
  });

  it('a data folder keeps what was committed across a close and a new thread', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    try {
      const first = await openPgliteThread(join(dir, 'db'));
      await first.exec('CREATE TABLE kept (v text)');
      await first.transaction((tx) => tx.query("INSERT INTO kept VALUES ('yes')"));
      await first.close();
      await expect(first.query('SELECT 1')).rejects.toThrow(DatabaseThreadError);
      const again = await openPgliteThread(join(dir, 'db'));
      expect(await again.query('SELECT v FROM kept')).toEqual([{ v: 'yes' }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, SERVER_TIMEOUT_MS);

  it('the database thread’s CPU time is reported (the bench uses it)', async () => {
    const stats = await db.stats();
    expect(stats.elu.active).toBeGreaterThan(0);
    if (process.platform === 'linux') expect(stats.cpuMs).toBeGreaterThan(0);
  });

  it('when the thread dies, pending calls and later ones are rejected at once, never left hanging', async () => {
    const doomed = await openPgliteThread('memory://');
    const running = doomed.query('SELECT pg_sleep(2)');
    const queued = doomed.query('SELECT 1');
    const inTx = doomed.transaction((tx) => tx.query('SELECT pg_sleep(2)'));
    await new Promise((r) => setTimeout(r, 100));
    await doomed.kill();
    await expect(within(running, 3_000)).rejects.toThrow(DatabaseThreadError);
    await expect(within(queued, 3_000)).rejects.toThrow(/embedded database thread exited/);
    await expect(within(inTx, 3_000)).rejects.toThrow(DatabaseThreadError);
    await expect(within(doomed.query('SELECT 1'), 1_000)).rejects.toThrow(DatabaseThreadError);
    await expect(doomed.close()).resolves.toBeUndefined();
  }, SERVER_TIMEOUT_MS);
});

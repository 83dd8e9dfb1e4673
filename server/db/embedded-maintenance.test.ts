import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedMaintenance, maintainEmbedded } from './embedded-maintenance';
import { openPglite, type PgliteDb } from './pglite';

/** The planner's row estimate for a query (EXPLAIN's first line). */
async function estimate(db: PgliteDb, sql: string): Promise<number> {
  const [row] = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`);
  return Number(/rows=(\d+)/.exec(row?.['QUERY PLAN'] ?? '')?.[1] ?? -1);
}

describe('embedded database maintenance (autovacuum’s analyse, which PGlite lacks)', () => {
  let db: PgliteDb | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
  });

  it('analyses the tables that grew by a tenth since their statistics, and only those; vacuums the upkeep queue', async () => {
    db = await openPglite('memory://');
    await db.exec(`CREATE TABLE grown (id int PRIMARY KEY, kind text);
      CREATE TABLE steady (id int PRIMARY KEY, pad text);
      CREATE TABLE tiny (id int);
      CREATE TABLE player_upkeep_pending (id bigserial PRIMARY KEY, players text[]);`);
    await db.exec(`INSERT INTO steady SELECT g, repeat('x', 100) FROM generate_series(1, 5000) g; ANALYZE steady;`);
    await db.exec(`INSERT INTO grown SELECT g, CASE WHEN g % 100 = 0 THEN 'rare' ELSE 'common' END FROM generate_series(1, 20000) g; INSERT INTO tiny VALUES (1);`);
    // Never analysed: the planner knows nothing of grown's values.
    const before = await estimate(db, `SELECT * FROM grown WHERE kind = 'rare'`);
    const first = await maintainEmbedded(db);
    expect(first.analyzed).toEqual(['public.grown']);
    expect(first.vacuumed).toEqual([]);
    // Now it knows 1 % of the rows are rare.
    expect(before).not.toBe(200);
    expect(await estimate(db, `SELECT * FROM grown WHERE kind = 'rare'`)).toBeGreaterThan(100);
    expect(await estimate(db, `SELECT * FROM grown WHERE kind = 'rare'`)).toBeLessThan(400);

    // Nothing grew: nothing to do.
    expect(await maintainEmbedded(db)).toEqual({ analyzed: [], vacuumed: [] });
    // A little growth (< 10 %): still nothing; a tenth more: again.
    await db.exec(`INSERT INTO grown SELECT g, 'common' FROM generate_series(20001, 20500) g`);
    expect((await maintainEmbedded(db)).analyzed).toEqual([]);
    await db.exec(`INSERT INTO grown SELECT g, 'common' FROM generate_series(20501, 24000) g`);
    expect((await maintainEmbedded(db)).analyzed).toEqual(['public.grown']);

    // The upkeep queue holds rows: vacuumed (and analysed) at the tick.
    await db.exec(`INSERT INTO player_upkeep_pending (players) VALUES ('{a,b}')`);
    expect((await maintainEmbedded(db)).vacuumed).toEqual(['public.player_upkeep_pending']);
  });

  it('does nothing on PostgreSQL (autovacuum does it there), and a failed tick is logged, not thrown', async () => {
    const calls: string[] = [];
    const pg = { kind: 'postgres' as const, query: async () => { calls.push('query'); return []; }, exec: async () => { calls.push('exec'); } };
    const m = new EmbeddedMaintenance(pg, () => undefined, 10);
    m.start();
    await new Promise((r) => setTimeout(r, 40));
    await m.close();
    expect(calls).toEqual([]);

    const errors: unknown[] = [];
    const broken = { kind: 'pglite' as const, query: async () => Promise.reject(new Error('disk gone')), exec: async () => undefined };
    const m2 = new EmbeddedMaintenance(broken, (e) => errors.push(e), 60_000);
    m2.start();
    await m2.tick();
    await m2.close();
    expect(errors.length).toBeGreaterThanOrEqual(1);
  });
});

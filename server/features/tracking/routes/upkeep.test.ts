import { createHmac } from 'node:crypto';
import pgDriver from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingCredentials, trackResult } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { drainPlayerUpkeep, upkeepBacklog } from '../../players/domain/upkeep';
import { ALL_AGREE, keptVersusRaw } from '../../players/domain/upkeep-reference';
import { EventWriter, type StoredEvent } from '../domain/ingest';
import { startTestServerWithContext, type TestServer } from '../../../testing';
import { call, expectData, login, SERVER_TIMEOUT_MS, suiteServer } from '../../../test/helpers';
import { startPostgres, type TestPostgres } from '../../../test/postgres-server';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * The player upkeep (migration 057): the ingestion statement only queues; the upkeep derives
 * registrations, devices, device accounts, active days, cohorts, retention and accounts after the commit.
 * Every kept table is compared both ways with a computation from the raw events (keptVersusRaw). A run
 * that dies before its commit (rolled back; on PostgreSQL its backend terminated mid-transaction) leaves
 * its rows queued and the next run does the work once; rows worked twice change nothing.
 */

const DAY = 86_400_000;
const rand = prng(57);

interface Ev {
  uuid: string;
  event: string;
  distinct_id: string;
  time: string;
  properties: Record<string, string | number>;
}

/** A history of 60 players over 20 days: registers (channel, device), logins (device), level-ups; later days first. */
function history(tag: string): Ev[] {
  const now = Date.now() - 10 * 60_000;
  const out: Ev[] = [];
  for (let p = 0; p < 60; p++) {
    const player = `${tag}-${p}`;
    const device = { device_id: `${tag}-dev-${p % 40}`, device_model: p % 2 ? 'HUAWEI Mate 60' : 'iPhone 15', os: p % 2 ? 'android' : 'ios', os_version: p % 2 ? '14' : '17.1' };
    const start = now - Math.floor((5 + rand() * 15) * DAY);
    if (p % 5 !== 4) out.push({ uuid: uuidFrom(rand), event: 'register', distinct_id: player, time: new Date(start).toISOString(), properties: { channel: ['tap', 'huawei', 'apple'][p % 3] ?? '', ...device } });
    for (let d = 0; d < 20; d++) {
      const t = start + d * DAY + Math.floor(rand() * 3_600_000);
      if (t > now || rand() < 0.45) continue;
      out.push({ uuid: uuidFrom(rand), event: 'login', distinct_id: player, time: new Date(t).toISOString(), properties: p % 3 === 0 ? {} : device });
      out.push({ uuid: uuidFrom(rand), event: 'level_up', distinct_id: player, time: new Date(t + 60_000).toISOString(), properties: { level: d + 1 } });
    }
  }
  // Later days first: cohorts move earlier when a player's first day arrives late.
  return out.sort((a, b) => (a.time < b.time ? 1 : -1));
}

async function send(srv: TestServer, creds: { app_key: string; secret: string }, events: Ev[]): Promise<void> {
  for (let i = 0; i < events.length; i += 120) {
    const raw = JSON.stringify({ events: events.slice(i, i + 120) });
    const res = await call(srv, '/api/embed/track/', { method: 'POST', raw, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(raw).digest('hex') } });
    expect(expectData(res, trackResult).rejected).toEqual([]);
  }
}

async function credentials(srv: TestServer, game: number) {
  const sa = (await login(srv, 'superadmin', 'admin123456', false)).access;
  const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
  return expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
}

const count = async (ctx: AppContext, table: string) => Number((await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);

describe('player upkeep (embedded database)', () => {
  let srv: TestServer;
  let ctx: AppContext;

  suiteServer([], (s) => ({ srv, ctx } = s));
  beforeAll(async () => {
    // This suite works the queue itself, step by step.
    await ctx.playerUpkeep.close();
  }, SERVER_TIMEOUT_MS);

  it('ingestion only queues; the upkeep then keeps every player table exactly as the raw events say', async () => {
    const creds = await credentials(srv, 1);
    const events = history('u1');
    // Neither the ingestion (with its queue row) nor the upkeep drops the console's caches (server/db/changes.ts).
    const stamp = ctx.db.changes.stamp();
    await send(srv, creds, events.slice(0, Math.floor(events.length / 2)));
    expect(ctx.db.changes.stamp()).toBe(stamp);
    // Stored and rolled up at once; the players wait in the queue.
    expect(await count(ctx, 'tracking_events')).toBe(Math.floor(events.length / 2));
    const backlog = await upkeepBacklog(ctx.db);
    expect(backlog.rows).toBeGreaterThan(0);
    expect(backlog.oldest).not.toBeNull();
    expect(await count(ctx, 'player_registrations')).toBe(0);
    expect(await count(ctx, 'player_active_days')).toBe(0);
    expect(await drainPlayerUpkeep(ctx.db)).toBe(backlog.rows);
    expect(ctx.db.changes.stamp()).toBe(stamp);
    expect(await keptVersusRaw(ctx.db, ctx.config.analyticsTz)).toEqual(ALL_AGREE);
    // The rest (earlier days: cohorts move), some batches sent twice (duplicates are not queued again).
    await send(srv, creds, events.slice(Math.floor(events.length / 2)));
    await send(srv, creds, events.slice(0, 240));
    await drainPlayerUpkeep(ctx.db);
    expect((await upkeepBacklog(ctx.db)).rows).toBe(0);
    expect(await count(ctx, 'player_cohorts')).toBe(60);
    expect(await keptVersusRaw(ctx.db, ctx.config.analyticsTz)).toEqual(ALL_AGREE);
  });

  it('a run that dies before its commit leaves its rows queued; the next run does them once; rows worked twice change nothing', async () => {
    const creds = await credentials(srv, 2);
    await send(srv, creds, history('u2'));
    const queued = (await upkeepBacklog(ctx.db)).rows;
    expect(queued).toBeGreaterThan(0);
    // Dies mid-way: the work of players_upkeep is done in the transaction, then the transaction is lost.
    await expect(
      ctx.db.transaction(async (tx) => {
        expect(Number((await tx.query<{ n: number }>('SELECT players_upkeep(1000) AS n'))[0]?.n)).toBe(queued);
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect((await upkeepBacklog(ctx.db)).rows).toBe(queued);
    const before = await ctx.db.query("SELECT count(*)::int AS n FROM player_cohorts WHERE distinct_id LIKE 'u2-%'");
    expect(before).toEqual([{ n: 0 }]);
    await drainPlayerUpkeep(ctx.db);
    expect(await keptVersusRaw(ctx.db, ctx.config.analyticsTz)).toEqual(ALL_AGREE);
    // The same rows once more (as if a run's delete had been lost after its work): nothing changes.
    const snapshot = async () => ({
      d: await ctx.db.query('SELECT * FROM cohort_daily ORDER BY 1, 2, 3'),
      r: await ctx.db.query('SELECT * FROM retention_daily ORDER BY 1, 2, 3, 4'),
      v: await ctx.db.query('SELECT device_id, accounts, first_seen, last_seen FROM player_devices ORDER BY 1'),
      a: await ctx.db.query('SELECT * FROM player_accounts ORDER BY 1'),
    });
    const kept = await snapshot();
    await ctx.db.query(`
      INSERT INTO player_upkeep_pending (games, days, players)
        SELECT array_agg(game), array_agg(day), array_agg(distinct_id) FROM player_active_days`);
    await ctx.db.query(`
      INSERT INTO player_upkeep_pending (e_games, e_players, e_events, e_times, e_props)
        SELECT array_agg(game), array_agg(distinct_id), array_agg(event), array_agg(time), array_agg(properties) FROM tracking_events WHERE event IN ('register', 'login')`);
    expect(await drainPlayerUpkeep(ctx.db)).toBe(2);
    expect(await snapshot()).toEqual(kept);
  });

  it('the server works the queue by itself after a commit (no drain)', async () => {
    const upkeep = new (ctx.playerUpkeep.constructor as typeof import('../../players/domain/upkeep').PlayerUpkeep)(ctx.db, (err) => {
      throw err;
    }, 10, 60_000);
    const creds = await credentials(srv, 3);
    await send(srv, creds, history('u3').slice(0, 200));
    upkeep.kick();
    const deadline = Date.now() + 30_000;
    while ((await upkeepBacklog(ctx.db)).rows > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await upkeep.close();
    expect((await upkeepBacklog(ctx.db)).rows).toBe(0);
    expect(await keptVersusRaw(ctx.db, ctx.config.analyticsTz)).toEqual(ALL_AGREE);
  });
});

describe('on PostgreSQL', () => {
  let pg: TestPostgres;
  let srv: TestServer;
  let ctx: AppContext;

  beforeAll(async () => {
    pg = await startPostgres();
    await pg.psql('CREATE DATABASE console_upkeep');
    ({ srv, ctx } = await startTestServerWithContext({ captcha: false, env: { DATABASE_URL: pg.urlFor('console_upkeep'), JWT_SECRET: 'upkeep-secret-0123456789abcdef' } }));
    await ctx.playerUpkeep.close();
  }, 120_000);
  afterAll(async () => {
    await srv?.close();
    await pg?.stop();
  }, 120_000);

  it('a backend killed in the middle of an upkeep run loses nothing and counts nothing twice', async () => {
    const creds = await credentials(srv, 1);
    await send(srv, creds, history('p1'));
    const queued = (await upkeepBacklog(ctx.db)).rows;
    expect(queued).toBeGreaterThan(0);
    // A session does the work, and is killed (as kill -9 of its server would end it) before it commits.
    const victim = new pgDriver.Client({ connectionString: pg.urlFor('console_upkeep') });
    await victim.connect();
    victim.on('error', () => undefined);
    try {
      await victim.query('BEGIN');
      expect(Number((await victim.query('SELECT players_upkeep(1000) AS n')).rows[0]?.n)).toBe(queued);
      const pid = Number((await victim.query('SELECT pg_backend_pid() AS pid')).rows[0]?.pid);
      // Meanwhile another run finds the upkeep busy (-1) and leaves it.
      expect(Number((await ctx.db.query<{ n: number }>('SELECT players_upkeep(10) AS n'))[0]?.n)).toBe(-1);
      await ctx.db.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await victim.end().catch(() => undefined);
    }
    expect((await upkeepBacklog(ctx.db)).rows).toBe(queued);
    await drainPlayerUpkeep(ctx.db);
    expect(await keptVersusRaw(ctx.db, ctx.config.analyticsTz)).toEqual(ALL_AGREE);
  });

  it('monthly partitions made by many statements at once on a fresh database: no duplicate error', async () => {
    // 8 statements at once for each of 6 months nobody made yet (2031).
    const months = Array.from({ length: 6 }, (_, m) => `2031-${String(m + 1).padStart(2, '0')}-15T00:00:00Z`);
    await Promise.all(months.flatMap((m) => Array.from({ length: 8 }, () => ctx.db.query('SELECT tracking_ensure_partition($1::timestamptz)', [m]))));
    const made = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_class WHERE relkind = 'r' AND relname LIKE 'tracking_events_2031_%'");
    expect(made[0]?.n).toBe(6);
    // The writer with 4 statements in flight, each group touching the same fresh month (2032-03).
    const writer = new EventWriter(ctx.db, ctx.config.analyticsTz, 4);
    const ev = (i: number): StoredEvent => ({ uuid: uuidFrom(rand), event: 'login', distinct_id: `w${i}`, time: new Date(Date.parse('2032-03-10T00:00:00Z') + i * 1000).toISOString(), properties: {} });
    const stored = await Promise.all(Array.from({ length: 8 }, (_, b) => writer.store(1, Array.from({ length: 50 }, (_, i) => ev(b * 50 + i)))));
    expect(stored).toEqual(Array.from({ length: 8 }, () => 50));
    expect((await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tracking_events_2032_03"))[0]?.n).toBe(400);
  });
});

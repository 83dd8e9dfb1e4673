import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../db/pglite';
import { appCredentials, KilledServer, sendThroughKills } from '../../../test/process-server';
import { drainPlayerUpkeep, upkeepBacklog } from '../../players/domain/upkeep';
import { ALL_AGREE, keptVersusRaw } from '../../players/domain/upkeep-reference';

/** Names (/proc comm) of every thread of the processes in a process group (Linux). */
function threadNames(pgid: number): string[] {
  const names: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) names.push(readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim());
    } catch {
      // gone meanwhile
    }
  }
  return names;
}

/**
 * kill -9 of the server while 4 clients send signed batches and retry every batch not acknowledged
 * (network error or no answer), as an SDK does: afterwards every acknowledged event is stored, none
 * twice, and the rollups equal the raw events. Real process, real data folder (PGlite).
 */
describe('ingestion survives kill -9', () => {
  const dir = mkdtempSync(join(tmpdir(), 'track-kill-'));
  const server = new KilledServer(dir);
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('0 acknowledged events lost, 0 counted twice, rollups equal raw', async () => {
    const current = await server.start();
    // What is proven here is the default: the embedded database in its own thread (PGLITE_THREAD=off: in the server's).
    if (process.platform === 'linux' && current.child.pid !== undefined) {
      expect(threadNames(current.child.pid).includes('pglite-db')).toBe(process.env.PGLITE_THREAD !== 'off');
    }
    const creds = await appCredentials(current.url, 1);

    const BATCHES = 32;
    const now = Date.now();
    const batches = Array.from({ length: BATCHES }, (_, b) => {
      // player upkeep: registers (channel, device) and logins with devices too, so the player upkeep has work.
      const device = (i: number) => ({ device_id: `d${(b * 7 + i) % 120}`, device_model: i % 2 ? 'iPhone 15' : 'HUAWEI Mate 60', os: i % 2 ? 'ios' : 'android', os_version: '17' });
      const events = Array.from({ length: 250 }, (_, i) => ({
        uuid: randomUUID(),
        event: i % 25 === 1 ? 'register' : i % 3 === 0 ? 'login' : i % 3 === 1 ? 'session_start' : 'level_up',
        distinct_id: `p${(b * 7 + i) % 300}`,
        time: new Date(now - ((b * 250 + i) % 2000) * 60_000).toISOString(),
        properties: i % 25 === 1 ? { channel: b % 2 ? 'tap' : 'huawei', ...device(i) } : i % 3 === 2 ? { level: 1 + (i % 40) } : i % 3 === 0 && i % 2 === 0 ? device(i) : {},
      }));
      const body = JSON.stringify({ events });
      return { body, signature: createHmac('sha256', creds.secret).update(body).digest('hex'), uuids: events.map((e) => e.uuid) };
    });
    // Two kills while batches are in flight, each followed by a restart on the same data folder.
    const { acknowledged, sends } = await sendThroughKills(server, '/api/embed/track/', creds.app_key, batches, {
      killAt: [6, 18],
      acknowledges: (answer) => {
        const json = answer as { code: number; data: { accepted: number } };
        return json.code === 2000 && json.data.accepted === 250;
      },
    });
    expect(acknowledged.size).toBe(BATCHES);
    expect(sends).toBeGreaterThan(BATCHES); // some batches were sent again
    await server.stop();

    const db = await openPglite(join(dir, 'db'));
    try {
      const all = batches.flatMap((b) => b.uuids);
      const stored = await db.query<{ n: number; d: number }>('SELECT count(*)::int AS n, count(DISTINCT uuid)::int AS d FROM tracking_events');
      expect(stored[0]).toEqual({ n: all.length, d: all.length });
      const missing = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM unnest($1::uuid[]) u WHERE NOT EXISTS (SELECT 1 FROM tracking_events e WHERE e.uuid = u)', [all]);
      expect(missing[0]?.n).toBe(0);
      const hourly = await db.query(`
        (SELECT game, event, hour, events, last_time FROM tracking_hourly
         EXCEPT SELECT game, event, date_trunc('hour', time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), max(time) FROM tracking_events GROUP BY 1, 2, 3)
        UNION ALL
        (SELECT game, event, date_trunc('hour', time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), max(time) FROM tracking_events GROUP BY 1, 2, 3
         EXCEPT SELECT game, event, hour, events, last_time FROM tracking_hourly)`);
      expect(hourly).toEqual([]);
      const daily = await db.query(`
        (SELECT game, event, day, events, players FROM tracking_daily
         EXCEPT SELECT game, event, (time AT TIME ZONE 'Asia/Shanghai')::date, count(*), count(DISTINCT distinct_id) FROM tracking_events GROUP BY 1, 2, 3)
        UNION ALL
        (SELECT game, event, (time AT TIME ZONE 'Asia/Shanghai')::date, count(*), count(DISTINCT distinct_id) FROM tracking_events GROUP BY 1, 2, 3
         EXCEPT SELECT game, event, day, events, players FROM tracking_daily)`);
      expect(daily).toEqual([]);
      // player upkeep: whatever the kills left queued is worked once now, and every player table then
      // equals the raw events (no player lost, none counted twice).
      await drainPlayerUpkeep(db);
      expect((await upkeepBacklog(db)).rows).toBe(0);
      expect(await keptVersusRaw(db, 'Asia/Shanghai')).toEqual(ALL_AGREE);
    } finally {
      await db.close();
    }
  }, 120_000);
});

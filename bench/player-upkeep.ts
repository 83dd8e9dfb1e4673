/**
 * player upkeep: the CPU an ingested event costs on the embedded database, in this process (so the
 * machine's load does not enter the figure the way wall time does): the ingestion statement of
 * domain/tracking/ingest.ts with 4,000-event merges, then the player upkeep of what those statements
 * queued (migration 057, drainPlayerUpkeep), per event. Workload of bench/tracking.ts: 6 event kinds,
 * 5,000 players per game over 4 games (the early merges bring mostly new players: the upkeep's costliest
 * case), times within the last day.
 *
 *   npx tsx bench/player-upkeep.ts [merges=12]
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { drainPlayerUpkeep } from '../server/features/players/domain/upkeep';
import { textArray } from '../server/features/tracking/domain/ingest';

const source = readFileSync(fileURLToPath(new URL('../server/features/tracking/domain/ingest.ts', import.meta.url)), 'utf8');
const statement = /const STORE_SQL = `([\s\S]*?)`;/.exec(source)?.[1] ?? '';
if (statement === '') throw new Error('the ingestion statement was not found');
const merges = Number(process.argv[2] ?? 12);
const MERGE = 4000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

const db = await openPglite('memory://');
await migrate(db);
const now = Date.now();
for (let m = 0; m < 2; m++) await db.query('SELECT tracking_ensure_partition($1::timestamptz)', [new Date(now - m * 20 * 86_400_000).toISOString()]);
const kinds = ['login', 'session_start', 'session_end', 'level_up', 'pay', 'register'];
const perStatement: number[] = [];
const perUpkeep: Array<{ events: number; ms: number }> = [];
let pendingEvents = 0;
for (let i = 0; i < merges; i++) {
  const rows = Array.from({ length: MERGE }, (_, j) => ({
    event: kinds[(j * 7 + i) % kinds.length] ?? 'login',
    who: `p${(j * 31 + i * 17) % 5000}`,
    time: new Date(now - ((j * 997 + i * 13) % 86_400) * 1000).toISOString(),
    props: j % 6 === 4 ? '{"amount":600,"currency":"CNY"}' : j % 6 === 3 ? '{"level":3}' : `{"channel":"tap","device_id":"d${(j * 31 + i * 17) % 7000}"}`,
  }));
  const params = [
    `{${rows.map(() => 0).join(',')}}`,
    'Asia/Shanghai',
    `{${rows.map(() => 1 + (i % 4)).join(',')}}`,
    `{${rows.map(() => randomUUID()).join(',')}}`,
    textArray(rows.map((r) => r.event)),
    textArray(rows.map((r) => r.who)),
    `{${rows.map((r) => r.time).join(',')}}`,
    textArray(rows.map((r) => r.props)),
  ];
  const c0 = process.cpuUsage();
  await db.query(statement, params);
  perStatement.push(cpuMs(c0) / MERGE);
  pendingEvents += MERGE;
  // The upkeep as the server runs it: after a few statements (its 250 ms debounce), everything queued.
  if (i % 4 === 3 || i === merges - 1) {
    const c1 = process.cpuUsage();
    await drainPlayerUpkeep(db);
    perUpkeep.push({ events: pendingEvents, ms: cpuMs(c1) });
    pendingEvents = 0;
  }
}
const upkeepTotal = perUpkeep.reduce((a, u) => a + u.ms, 0);
console.log(`ingestion statement: median ${(median(perStatement) * 1000).toFixed(1)} µs CPU per event (${merges} merges of ${MERGE})`);
console.log(`player upkeep: ${((upkeepTotal * 1000) / (merges * MERGE)).toFixed(1)} µs CPU per event (drains: ${perUpkeep.map((u) => `${u.events} events ${u.ms.toFixed(0)} ms`).join(', ')})`);
await db.close();

/**
 * player upkeep: what the banned flag costs the ingestion statement (docs/players.md, "Upkeep"). The
 * statement of domain/tracking/ingest.ts, run in-process on an embedded database with 4,000-event merges
 * (new players every merge, 200 bans in force), alternating: the lookup as the statement has it, the
 * correlated EXISTS, the hashed IN, and `banned` = false. Prints the median ms per merge and µs per event.
 *
 *   npx tsx bench/banned-flag.ts [merges=16]
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../server/db/pglite';
import { migrate } from '../server/db/migrate';
import { textArray } from '../server/features/tracking/domain/ingest';

const source = readFileSync(fileURLToPath(new URL('../server/features/tracking/domain/ingest.ts', import.meta.url)), 'utf8');
const withFlag = /const STORE_SQL = `([\s\S]*?)`;/.exec(source)?.[1] ?? '';
const lookup = /\n(\s*)(EXISTS \(SELECT 1 FROM account_bans[^\n]*\)|fresh\.distinct_id IN \(SELECT[^\n]*account_bans[^\n]*\))\n/;
if (!lookup.test(withFlag)) throw new Error('the statement or its banned lookup was not found');
const variants = {
  'as it is': withFlag,
  'correlated EXISTS (one index probe per event)': withFlag.replace(lookup, "\n$1EXISTS (SELECT 1 FROM account_bans k WHERE k.distinct_id = fresh.distinct_id AND k.lifted_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now()))\n"),
  'IN (hashed: the bans in force read once per statement)': withFlag.replace(lookup, "\n$1fresh.distinct_id IN (SELECT k.distinct_id FROM account_bans k WHERE k.lifted_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now()))\n"),
  'banned = false (no lookup)': withFlag.replace(lookup, '\n$1false\n'),
};
const names = Object.keys(variants) as Array<keyof typeof variants>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const merges = Number(process.argv[2] ?? 16);
const db = await openPglite('memory://');
await migrate(db);
const now = Date.now();
for (let m = 0; m < 2; m++) await db.query('SELECT tracking_ensure_partition($1::timestamptz)', [new Date(now - m * 20 * 86_400_000).toISOString()]);
await db.query("INSERT INTO account_bans (distinct_id, reason) SELECT 'p' || i * 37, 'bench' FROM generate_series(1, 200) i");
const times = new Map<string, number[]>(names.map((k) => [k, []]));
for (let i = 0; i < merges * names.length; i++) {
  const kind = names[i % names.length] ?? 'as it is';
  const n = 4000;
  const rows = Array.from({ length: n }, (_, j) => ({ uuid: randomUUID(), event: j % 3 ? 'login' : 'level_up', who: `p${i * n + j}`, time: new Date(now - (j % 1440) * 60_000).toISOString(), props: j % 3 ? '{"channel":"tap"}' : '{"level":3}' }));
  const params = [`{${rows.map(() => 0).join(',')}}`, 'Asia/Shanghai', `{${rows.map(() => 1).join(',')}}`, `{${rows.map((r) => r.uuid).join(',')}}`, textArray(rows.map((r) => r.event)), textArray(rows.map((r) => r.who)), `{${rows.map((r) => r.time).join(',')}}`, textArray(rows.map((r) => r.props))];
  const t0 = performance.now();
  await db.query(variants[kind], params);
  times.get(kind)?.push(performance.now() - t0);
}
for (const [k, xs] of times) console.log(`${k}: median ${median(xs).toFixed(1)} ms per 4,000-event merge = ${((median(xs) * 1000) / 4000).toFixed(1)} µs per event`);
await db.close();

import { beforeAll, describe, expect, it } from 'vitest';
import { attributionResult, performanceResult, type AttributionRow } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { serverOn } from '../../../test/cluster';
import type { TestServer } from '../../../testing';
import { call, expectData, SERVER_TIMEOUT_MS } from '../../../test/helpers';
import { prng } from '../../../test/tracking-reference';

/**
 * The stored attribution (ad_installs, migration 056: each install's last click within 30 days, kept by
 * triggers; the window applied when read) against an independent computation from the raw
 * player_registrations and ad_clicks rows, after each kind of change arrives in an awkward order:
 * clicks before the installs (many of a device in one statement), installs in bulk, late clicks (before
 * and after their install), ties on the click time (the later-recorded click wins), earlier register
 * events moving installs (the upsert ingestion makes), a device changing, a click exactly on the window's
 * edge, a deleted campaign (its clicks cascade) and a deleted registration. Every window the pages offer
 * (1, 3, 7, 14, 30) and two others: the attribution list (all pages), its summary and the campaign
 * installs must equal the reference. On the embedded database and on PostgreSQL.
 */

const DAY = 86_400_000;
let srv: TestServer;
let ctx: AppContext;
let sa: string;
let tz = 'Asia/Shanghai';
let now = 0;
let start = '';
let end = '';
const campaigns: Array<{ id: number; game: number; channel: string }> = [];
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const rand = prng(56);
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const iso = (ms: number) => new Date(ms).toISOString();

async function insertClicks(rows: Array<{ campaign: { id: number; game: number; channel: string }; device: string; time: number }>): Promise<void> {
  if (rows.length === 0) return;
  await ctx.db.query(
    `INSERT INTO ad_clicks (campaign, game, channel, device_id, time)
     SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::varchar[], $5::timestamptz[])`,
    [rows.map((r) => r.campaign.id), rows.map((r) => r.campaign.game), rows.map((r) => r.campaign.channel), rows.map((r) => r.device), rows.map((r) => iso(r.time))],
  );
}

/** As the event ingestion writes registrations: a new player inserted, an earlier register event moving it. */
async function register(rows: Array<{ game: number; player: string; device: string; time: number }>): Promise<void> {
  await ctx.db.query(
    `INSERT INTO player_registrations AS r (game, distinct_id, time, channel, device_id)
     SELECT g, p, t, 'reg', d FROM unnest($1::int[], $2::varchar[], $3::timestamptz[], $4::varchar[]) AS x(g, p, t, d)
     ON CONFLICT (game, distinct_id) DO UPDATE SET time = excluded.time, device_id = excluded.device_id WHERE excluded.time < r.time`,
    [rows.map((r) => r.game), rows.map((r) => r.player), rows.map((r) => iso(r.time)), rows.map((r) => r.device)],
  );
}

interface Ref {
  game: number;
  player: string;
  device: string;
  time: number;
  campaign: number | null;
  click: number | null;
}

/** The reference, from the raw rows read now: the latest click (ties: higher id) of the same game and device within the window before each install of start..end. */
async function reference(windowDays: number): Promise<Ref[]> {
  const regs = await ctx.db.query<{ game: number; distinct_id: string; device_id: string; time: Date | string }>('SELECT game, distinct_id, device_id, time FROM player_registrations');
  const clicks = await ctx.db.query<{ id: string; campaign: number; game: number; device_id: string; time: Date | string }>('SELECT id::text, campaign, game, device_id, time FROM ad_clicks');
  const out: Ref[] = [];
  for (const r of regs) {
    const time = new Date(r.time).getTime();
    if (dayOf(time) < start || dayOf(time) > end) continue;
    let best: { id: number; campaign: number; time: number } | null = null;
    if (r.device_id !== '') {
      for (const k of clicks) {
        const kt = new Date(k.time).getTime();
        if (k.game !== r.game || k.device_id !== r.device_id || kt > time || kt < time - windowDays * DAY) continue;
        const id = Number(k.id);
        if (!best || kt > best.time || (kt === best.time && id > best.id)) best = { id, campaign: k.campaign, time: kt };
      }
    }
    out.push({ game: r.game, player: r.distinct_id, device: r.device_id, time, campaign: best?.campaign ?? null, click: best?.time ?? null });
  }
  return out;
}

/** The API's answers for a window equal the reference: every row of every page, the summary, the campaign installs. */
async function expectMatches(windowDays: number): Promise<void> {
  const ref = await reference(windowDays);
  const rows: AttributionRow[] = [];
  for (let page = 1; ; page++) {
    const r = expectData(await call(srv, `/api/advertisement/attribution/?start=${start}&end=${end}&window=${windowDays}&limit=100&page=${page}`, { token: sa }), attributionResult.strict());
    if (page === 1) expect(r.summary, `window ${windowDays}`).toEqual({ installs: ref.length, attributed: ref.filter((x) => x.campaign !== null).length, organic: ref.filter((x) => x.campaign === null).length });
    rows.push(...r.rows);
    if (r.rows.length < 100) break;
  }
  // Newest first, as the pages walk the index.
  for (let i = 1; i < rows.length; i++) expect(Date.parse((rows[i - 1] as AttributionRow).install_time) >= Date.parse((rows[i] as AttributionRow).install_time)).toBe(true);
  const got = new Map(rows.map((r) => [`${r.game}:${r.distinct_id}`, r]));
  expect(got.size).toBe(ref.length);
  for (const x of ref) {
    const g = got.get(`${x.game}:${x.player}`);
    expect([g?.device_id, g?.install_time, g?.campaign, g?.click_time, g?.match], `${x.player} window ${windowDays}`).toEqual([
      x.device,
      iso(x.time),
      x.campaign,
      x.click === null ? null : iso(x.click),
      x.campaign === null ? 'organic' : 'last_click',
    ]);
  }
  const perf = expectData(await call(srv, `/api/advertisement/campaign/performance/?start=${start}&end=${end}&window=${windowDays}`, { token: sa }), performanceResult.strict());
  for (const c of perf.campaigns) expect(c.installs, `campaign ${c.campaign} window ${windowDays}`).toBe(ref.filter((x) => x.campaign === c.campaign).length);
  expect(perf.totals.organic_installs).toBe(ref.filter((x) => x.campaign === null).length);
}

const WINDOWS = [1, 3, 7, 14, 30, 2, 21];
async function expectAllWindows(): Promise<void> {
  for (const w of WINDOWS) await expectMatches(w);
}

// 40 devices per game; installs 1..18 days ago (some 2 players on a device, some without a device).
const installs: Array<{ game: number; player: string; device: string; time: number }> = [];
for (const game of [1, 2]) {
  for (let d = 0; d < 40; d++) {
    const time = now0() - DAY - Math.floor(rand() * 17 * DAY);
    installs.push({ game, player: `s-${game}-${d}`, device: d % 13 === 0 ? '' : `sd-${game}-${d}`, time });
    if (d % 9 === 0) installs.push({ game, player: `s-${game}-${d}-b`, device: `sd-${game}-${d}`, time: time + 2 * 3_600_000 });
  }
}
function now0(): number {
  return Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
}
const mine = (game: number) => campaigns.filter((c) => c.game === game);

describe.each(['pglite', 'postgres'] as const)('stored attribution (ad_installs) equals the raw rows (%s)', (kind) => {
  serverOn(kind, 'console_attribution', { JWT_SECRET: 'attribution-test-secret-0123456789abcdef' }, (instance) => ({ srv, ctx, sa } = instance), 3 * SERVER_TIMEOUT_MS);
  beforeAll(async () => {
    campaigns.length = 0;
    tz = ctx.config.analyticsTz;
    now = Date.now() - 10 * 60_000;
    start = dayOf(now - 20 * DAY);
    end = dayOf(now);
    for (const [game, channel] of [[1, 'tiktok'], [1, 'gdt'], [2, 'tiktok'], [2, 'kuaishou']] as const) {
      const [row] = await ctx.db.query<{ id: number }>(
        `INSERT INTO ad_campaigns (game, channel, name, budget, start_date, end_date, status, store_url)
         VALUES ($1, $2, $3, 1000000, $4::date, $5::date, 'active', 'https://store.example/x') RETURNING id`,
        [game, channel, `store-${game}-${channel}`, dayOf(now - 80 * DAY), dayOf(now + 10 * DAY)],
      );
      campaigns.push({ id: row?.id ?? 0, game, channel });
    }
  }, 3 * SERVER_TIMEOUT_MS); // a PGlite start took ~90 s at load average 16 on the shared box

  it('clicks first (several of a device in one statement), then the installs in bulk', async () => {
    const clicks = [];
    for (const i of installs.filter((x) => x.device !== '')) {
      // 0-4 clicks up to 35 days before the install (some outside every window), one on the other game.
      for (let k = Math.floor(rand() * 5); k > 0; k--) clicks.push({ campaign: pick(mine(i.game)), device: i.device, time: i.time - Math.floor(rand() * 35 * DAY) });
      if (rand() < 0.2) clicks.push({ campaign: pick(mine(3 - i.game)), device: i.device, time: i.time - 1000 });
    }
    await insertClicks(clicks);
    await register(installs);
    await expectAllWindows();
  });

  it('late clicks (before and after their install), ties on the time, the edge of the window', async () => {
    for (const i of installs.filter((x) => x.device !== '').slice(0, 50)) {
      const c = pick(mine(i.game));
      const r = rand();
      if (r < 0.3) await insertClicks([{ campaign: c, device: i.device, time: i.time - Math.floor(rand() * 3 * DAY) }]);
      else if (r < 0.45) await insertClicks([{ campaign: c, device: i.device, time: i.time + 60_000 }]);
      else if (r < 0.6) await insertClicks([{ campaign: c, device: i.device, time: i.time - 7 * DAY }, { campaign: c, device: i.device, time: i.time - 3 * DAY - 1 }]);
      else {
        // The same time as the device's latest click before the install: the later-recorded one wins.
        const [last] = await ctx.db.query<{ time: Date | string }>(
          'SELECT time FROM ad_clicks WHERE game = $1 AND device_id = $2 AND time <= $3::timestamptz ORDER BY time DESC LIMIT 1',
          [i.game, i.device, iso(i.time)],
        );
        if (last) await insertClicks([{ campaign: pick(mine(i.game)), device: i.device, time: new Date(last.time).getTime() }]);
      }
    }
    await expectAllWindows();
  });

  it('earlier register events move installs, a device changes; a later one changes nothing', async () => {
    const moved = installs.filter((_, k) => k % 4 === 1).map((i, k) => ({ ...i, time: i.time - Math.floor((0.5 + rand() * 4) * DAY), device: k % 5 === 0 && i.device !== '' ? `${i.device}-new` : i.device }));
    await register(moved);
    await register(installs.filter((_, k) => k % 4 === 2).map((i) => ({ ...i, time: i.time + DAY })));
    // A click for a changed device, before its moved install.
    const changed = moved.filter((m) => m.device.endsWith('-new'));
    await insertClicks(changed.map((m) => ({ campaign: pick(mine(m.game)), device: m.device, time: m.time - 3_600_000 })));
    await expectAllWindows();
  });

  it('a deleted campaign (its clicks cascade) and a deleted registration', async () => {
    const gone = campaigns[0] as (typeof campaigns)[number];
    const before = await reference(30);
    expect(before.some((x) => x.campaign === gone.id)).toBe(true);
    await ctx.db.query('DELETE FROM ad_campaigns WHERE id = $1', [gone.id]);
    campaigns.splice(0, 1);
    await ctx.db.query(`DELETE FROM player_registrations WHERE game = 2 AND distinct_id = 's-2-1'`);
    await expectAllWindows();
    const [n] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ad_installs WHERE game = 2 AND distinct_id = 's-2-1'`);
    expect(n?.n).toBe(0);
  });
});

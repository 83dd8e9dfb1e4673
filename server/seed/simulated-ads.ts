import { mulberry32 as random } from './random';

/**
 * The simulator's advertising side (advertisement/*): per simulated game, campaigns on the
 * ad channels the simulated players come from (douyin, kuaishou, bilibili), their daily spend, and the
 * clicks that preceded the players' installs — all through the real API as staff and ad networks use
 * it: campaigns by the resource (POST …/campaign/), spend by PUT …/{id}/spend/, past clicks by the
 * networks' click log (POST …/{id}/clicks/, each recorded by the same server function as the tracking
 * link), and one live click per campaign through the tracking link itself (GET …/click/, 302).
 *
 * The players and their devices are the simulator's own (gameEvents, handed in and replayed: it is
 * deterministic):
 * about 80 % of the installs from an ad channel get a click 5 minutes to 3 days before (attributed),
 * some a click 8–10 days before (outside the 7-day window: organic); other devices click and never
 * install. A campaign that already exists (a second run) is left as it is.
 */

interface Opts {
  baseUrl: string;
  token: string;
}

const AD_CHANNELS: Array<{ channel: string; label: string; store: string }> = [
  { channel: 'douyin', label: '抖音信息流', store: 'https://www.taptap.cn/app/' },
  { channel: 'kuaishou', label: '快手激励视频', store: 'https://apps.apple.com/cn/app/id' },
  { channel: 'bilibili', label: 'B站品牌专区', store: 'https://game.bilibili.com/' },
];
const DAY = 86_400_000;

async function call(opts: Opts, method: string, path: string, body?: unknown): Promise<{ code: number; msg: unknown; data: unknown }> {
  const res = await fetch(`${opts.baseUrl}${path}`, {
    method,
    headers: { authorization: `JWT ${opts.token}`, 'content-type': 'application/json', 'user-agent': 'tracking-simulator' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: unknown; data: unknown };
}

/** YYYY-MM-DD in Shanghai (the sample's analytics time zone; a campaign's period has a day to spare either side). */
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** What this side reads of the simulator's options and events (simulator.ts hands them in; declared here so neither module imports the other). */
interface SimScale {
  players: number;
  days: number;
  seed: number;
}
type GameEvents = (game: number, opts: SimScale, now: number) => ReadonlyArray<{ event: string; time: string; properties: Record<string, string | number | boolean> }>;

export async function simulateAds(opts: Opts & SimScale, games: number[], now: number, log: (line: string) => void, gameEvents: GameEvents): Promise<void> {
  let campaigns = 0;
  let clicks = 0;
  for (const game of games) {
    const rnd = random(opts.seed * 7919 + game);
    const ids = new Map<string, number>();
    for (const [i, ad] of AD_CHANNELS.entries()) {
      const created = await call(opts, 'POST', '/api/advertisement/campaign/', {
        game,
        channel: ad.channel,
        name: `${ad.label}-${game}`,
        budget: (3 + i) * 100_000,
        start_date: shanghaiDay(now - (opts.days + 12) * DAY),
        end_date: shanghaiDay(now + 30 * DAY),
        status: 'active',
        store_url: `${ad.store}${100_000 + game}`,
      });
      if (created.code !== 2000) continue;
      const id = (created.data as { id: number }).id;
      ids.set(ad.channel, id);
      campaigns++;
      // Daily spend of every day of the sample, 15–60 yuan (the sample's few hundred players pay a few hundred yuan a day).
      const days = [];
      for (let t = now - opts.days * DAY; t <= now; t += DAY) days.push({ day: shanghaiDay(t), amount: 1_500 + Math.floor(rnd() * 4_500) });
      await call(opts, 'PUT', `/api/advertisement/campaign/${id}/spend/`, { days });
    }
    if (ids.size === 0) continue;
    const byCampaign = new Map<number, Array<{ device: string; time: string }>>();
    const add = (campaign: number, device: string, t: number) => {
      const list = byCampaign.get(campaign) ?? [];
      list.push({ device, time: new Date(Math.min(t, now - 60_000)).toISOString() });
      byCampaign.set(campaign, list);
    };
    for (const e of gameEvents(game, opts, now)) {
      if (e.event !== 'register') continue;
      const campaign = ids.get(String(e.properties.channel));
      const device = e.properties.device_id;
      if (campaign === undefined || typeof device !== 'string') continue;
      const t = Date.parse(e.time);
      const r = rnd();
      if (r < 0.8) add(campaign, device, t - 300_000 - Math.floor(rnd() * 3 * DAY));
      else if (r < 0.9) add(campaign, device, t - 8 * DAY - Math.floor(rnd() * 2 * DAY));
      // A second, earlier click on another campaign now and then (the last click wins).
      if (rnd() < 0.15) add([...ids.values()][Math.floor(rnd() * ids.size)] as number, device, t - 1_800_000 - Math.floor(rnd() * 4 * DAY));
    }
    // Clicks that never became an install (about three per install).
    for (const campaign of ids.values()) {
      const n = (byCampaign.get(campaign)?.length ?? 0) * 3;
      for (let k = 0; k < n; k++) add(campaign, `dev-ad${game}-${Math.floor(rnd() * 1e9).toString(16)}`, now - Math.floor(rnd() * opts.days * DAY));
    }
    for (const [campaign, list] of byCampaign) {
      for (let i = 0; i < list.length; i += 1000) {
        const r = await call(opts, 'POST', `/api/advertisement/campaign/${campaign}/clicks/`, { clicks: list.slice(i, i + 1000) });
        if (r.code === 2000) clicks += (r.data as { accepted: number }).accepted;
      }
      // One live click through the tracking link (302 to the store).
      const live = await fetch(`${opts.baseUrl}/api/advertisement/click/?campaign=${campaign}&device=dev-live-${game}-${campaign}`, { redirect: 'manual', headers: { 'user-agent': 'tracking-simulator' } });
      if (live.status === 302) clicks++;
    }
  }
  log(`simulator: ${campaigns} ad campaigns, ${clicks} clicks`);
}

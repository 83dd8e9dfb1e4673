/**
 * The simulator's partner side: every partner of the simulated games gets a
 * revenue-share rate from twelve months back (60–75 %, by partner) and, for the first of them, a newer
 * rate from last month and the month before last confirmed (locked) — through the real API as staff
 * would do it on 合作报表, so `npm start` shows rates, a rate history and a locked month. Repeating it
 * changes nothing (the same month's rate is replaced by itself; a locked month refuses a second lock
 * and earlier rates, which is ignored here).
 */

interface Opts {
  baseUrl: string;
  token: string;
}

async function call(opts: Opts, path: string, body?: unknown): Promise<{ code: number; msg: unknown; data: unknown }> {
  const res = await fetch(`${opts.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `JWT ${opts.token}`, 'content-type': 'application/json', 'user-agent': 'tracking-simulator' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: unknown; data: unknown };
}

/** YYYY-MM of the month `back` months before `now`'s (UTC calendar; a day's difference does not matter here). */
const monthBack = (now: number, back: number) => {
  const d = new Date(now);
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
};

export async function simulatePartners(opts: Opts, games: number[], now: number, log: (line: string) => void): Promise<void> {
  const partners: number[] = [];
  for (const game of games) {
    const d = await call(opts, `/api/game/detail/${game}/`);
    const p = (d.data as { partner?: number | null } | null)?.partner;
    if (d.code === 2000 && typeof p === 'number' && !partners.includes(p)) partners.push(p);
  }
  let rates = 0;
  for (const [i, partner] of partners.entries()) {
    const r = await call(opts, '/api/cooperate/reports/rates/', { partner, effective_month: monthBack(now, 12), rate_bp: 7500 - (i % 4) * 500, note: '签约比例' });
    if (r.code === 2000) rates++;
  }
  const first = partners[0];
  if (first !== undefined) {
    if ((await call(opts, '/api/cooperate/reports/rates/', { partner: first, effective_month: monthBack(now, 1), rate_bp: 6500, note: '续约调整' })).code === 2000) rates++;
    await call(opts, '/api/cooperate/reports/lock/', { partner: first, month: monthBack(now, 2) });
  }
  log(`simulator: ${partners.length} partners, ${rates} revenue-share rates set`);
}

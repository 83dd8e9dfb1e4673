import type {
  LockIn,
  PartnerKpis,
  PartnerOverviewQuery,
  PartnerOverviewResult,
  PartnerSettlement,
  SettlementLine,
  SettlementQuery,
  SettlementResult,
  ShareRate,
  ShareRateIn,
} from '../../../../contracts/schemas';
import type { Db, Queryable } from '../../../db/db';
import { CrudError } from '../../../domain/crud/spec';
import { exact, revenue, type Figures } from '../../../domain/analytics/revenue';

/**
 * Partner settlements and KPIs (cooperate/*). Every revenue figure comes from `revenue()`
 * (domain/analytics/revenue.ts), per game; this module only maps games to partners, applies the rate in
 * effect (partner_share_rates, migration 047) and keeps locked months (settlement_locks/lines).
 * Definitions: contracts/schemas/cooperate/index.ts.
 */

const BP = 10_000;

/** revenue × rate_bp / 10000 in integers, half away from zero (negative revenue: negative amount). */
export function partnerAmount(revenueFen: number, rateBp: number): number {
  const n = BigInt(revenueFen) * BigInt(rateBp);
  const d = BigInt(BP);
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = a / d;
  const r = a % d;
  const rounded = r * 2n >= d ? q + 1n : q;
  return exact(neg ? -rounded : rounded);
}

/** The first and last day of a month `YYYY-MM`. */
export function monthBounds(month: string): { start: string; end: string; first: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}`, first: `${month}-01` };
}

interface PartnerRow {
  id: number;
  name: string;
  status: boolean;
}
interface GameRow {
  id: number;
  name: string;
  partner: number | null;
}

async function partnersOf(db: Queryable, partner: number | undefined): Promise<PartnerRow[]> {
  const rows = await db.query<PartnerRow>(
    `SELECT id, name, status FROM partners ${partner !== undefined ? 'WHERE id = $1' : ''} ORDER BY name COLLATE "C", id`,
    partner !== undefined ? [partner] : [],
  );
  if (partner !== undefined && rows.length === 0) throw new CrudError(`合作方 ${partner} 不存在`);
  return rows;
}

async function gamesOf(db: Queryable): Promise<GameRow[]> {
  return db.query<GameRow>('SELECT id, name, partner FROM games ORDER BY id');
}

/** The rate in effect in the month starting `first` per partner (absent: none set). */
async function ratesIn(db: Queryable, first: string, partner?: number): Promise<Map<number, number>> {
  const rows = await db.query<{ partner: number; rate_bp: number }>(
    `SELECT DISTINCT ON (partner) partner, rate_bp FROM partner_share_rates
     WHERE effective_month <= $1::date ${partner !== undefined ? 'AND partner = $2' : ''}
     ORDER BY partner, effective_month DESC`,
    partner !== undefined ? [first, partner] : [first],
  );
  return new Map(rows.map((r) => [r.partner, r.rate_bp]));
}

const zeroFigures = (): Figures => ({ revenue: 0, gross: 0, refunds: 0, orders: 0, refund_orders: 0, paying_players: 0, active_players: 0 });

function line(game: GameRow, f: Figures, rateBp: number): SettlementLine {
  const share = partnerAmount(f.revenue, rateBp);
  return {
    game: game.id,
    game_name: game.name,
    gross: f.gross,
    refunds: f.refunds,
    revenue: f.revenue,
    orders: f.orders,
    refund_orders: f.refund_orders,
    rate_bp: rateBp,
    partner_amount: share,
    platform_amount: f.revenue - share,
  };
}

function totalsOf(lines: SettlementLine[]): PartnerSettlement['totals'] {
  const t = { gross: 0, refunds: 0, revenue: 0, orders: 0, refund_orders: 0, partner_amount: 0, platform_amount: 0 };
  for (const l of lines) {
    t.gross += l.gross;
    t.refunds += l.refunds;
    t.revenue += l.revenue;
    t.orders += l.orders;
    t.refund_orders += l.refund_orders;
    t.partner_amount += l.partner_amount;
    t.platform_amount += l.platform_amount;
  }
  return t;
}

/** The open (not locked) settlement of partners for a month, computed now from revenue(). */
async function computeOpen(db: Db, month: string, partners: PartnerRow[]): Promise<Map<number, { lines: SettlementLine[]; rate: number | undefined }>> {
  const { start, end, first } = monthBounds(month);
  const [byGame, games, rates] = await Promise.all([revenue(db, { start, end, game: null }, 'game', { payers: false }), gamesOf(db), ratesIn(db, first)]);
  const out = new Map<number, { lines: SettlementLine[]; rate: number | undefined }>();
  for (const p of partners) {
    const rate = rates.get(p.id);
    const lines = games.filter((g) => g.partner === p.id).map((g) => line(g, byGame.get(String(g.id)) ?? zeroFigures(), rate ?? 0));
    out.set(p.id, { lines, rate });
  }
  return out;
}

interface LockRow {
  partner: number;
  locked_at: string;
  locked_by_name: string;
}

/** GET /api/cooperate/reports/: every partner's (or one's) settlement of a month, locked ones as confirmed. */
export async function settlements(db: Db, q: SettlementQuery): Promise<SettlementResult> {
  const { start, end, first } = monthBounds(q.month);
  const partners = await partnersOf(db, q.partner);
  const locks = await db.query<LockRow>(
    `SELECT partner, to_char(locked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS locked_at, locked_by_name FROM settlement_locks WHERE month = $1::date`,
    [first],
  );
  const locked = new Map(locks.map((l) => [l.partner, l]));
  const open = partners.filter((p) => !locked.has(p.id));
  const computed = open.length > 0 ? await computeOpen(db, q.month, open) : new Map<number, { lines: SettlementLine[]; rate: number | undefined }>();
  const stored = locks.length > 0
    ? await db.query<{ partner: number; game: number; game_name: string; gross: string; refunds: string; revenue: string; orders: number; refund_orders: number; rate_bp: number; partner_amount: string }>(
        'SELECT partner, game, game_name, gross::text, refunds::text, revenue::text, orders, refund_orders, rate_bp, partner_amount::text FROM settlement_lines WHERE month = $1::date ORDER BY game',
        [first],
      )
    : [];
  const lockedRates = locks.length > 0 ? await ratesIn(db, first) : new Map<number, number>();
  return {
    month: q.month,
    start,
    end,
    currency: 'CNY',
    partners: partners.map((p): PartnerSettlement => {
      const lock = locked.get(p.id);
      if (lock) {
        const lines = stored
          .filter((s) => s.partner === p.id)
          .map((s): SettlementLine => {
            const rev = exact(s.revenue);
            const share = exact(s.partner_amount);
            return { game: s.game, game_name: s.game_name, gross: exact(s.gross), refunds: exact(s.refunds), revenue: rev, orders: s.orders, refund_orders: s.refund_orders, rate_bp: s.rate_bp, partner_amount: share, platform_amount: rev - share };
          });
        const rate = lockedRates.get(p.id);
        return { partner: p.id, partner_name: p.name, month: q.month, rate_bp: rate ?? 0, rate_set: rate !== undefined, locked: true, locked_at: lock.locked_at, locked_by: lock.locked_by_name, games: lines, totals: totalsOf(lines) };
      }
      const c = computed.get(p.id) ?? { lines: [], rate: undefined };
      return { partner: p.id, partner_name: p.name, month: q.month, rate_bp: c.rate ?? 0, rate_set: c.rate !== undefined, locked: false, locked_at: null, locked_by: null, games: c.lines, totals: totalsOf(c.lines) };
    }),
  };
}

/** The calendar month (YYYY-MM) of today in the analytics time zone. */
async function currentMonth(db: Queryable, tz: string): Promise<string> {
  const [row] = await db.query<{ m: string }>(`SELECT to_char(now() AT TIME ZONE $1, 'YYYY-MM') AS m`, [tz]);
  return row?.m ?? new Date().toISOString().slice(0, 7);
}

/**
 * POST /api/cooperate/reports/lock/: confirms a partner's ended month. Its figures are computed from
 * revenue() first, then one transaction takes the partner row (serialises with a rate change), refuses
 * a month already locked, and stores the lock and the lines with the rate in effect read inside it.
 */
export async function lockMonth(db: Db, input: LockIn, who: { id: number; name: string }, tz: string): Promise<PartnerSettlement> {
  const [partner] = await partnersOf(db, input.partner);
  if (!partner) throw new CrudError(`合作方 ${input.partner} 不存在`);
  if (input.month >= (await currentMonth(db, tz))) throw new CrudError(`${input.month} 尚未结束，只能锁定已结束的月份`);
  const { first } = monthBounds(input.month);
  const figures = (await computeOpen(db, input.month, [partner])).get(partner.id)?.lines ?? [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM partners WHERE id = $1 FOR UPDATE', [partner.id]);
    const inserted = await tx.query(
      'INSERT INTO settlement_locks (partner, month, locked_by, locked_by_name) VALUES ($1, $2::date, $3, $4) ON CONFLICT (partner, month) DO NOTHING RETURNING partner',
      [partner.id, first, who.id, who.name],
    );
    if (inserted.length === 0) throw new CrudError(`合作方「${partner.name}」的 ${input.month} 已锁定，不能再次锁定`);
    const rate = (await ratesIn(tx, first, partner.id)).get(partner.id) ?? 0;
    for (const l of figures) {
      const share = partnerAmount(l.revenue, rate);
      await tx.query(
        `INSERT INTO settlement_lines (partner, month, game, game_name, gross, refunds, revenue, orders, refund_orders, rate_bp, partner_amount)
         VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [partner.id, first, l.game, l.game_name, l.gross, l.refunds, l.revenue, l.orders, l.refund_orders, rate, share],
      );
    }
  });
  const result = await settlements(db, { month: input.month, partner: partner.id });
  const one = result.partners[0];
  if (!one) throw new CrudError(`合作方 ${input.partner} 不存在`);
  return one;
}

const rateView = (r: { id: number; partner: number; effective_month: string; rate_bp: number; note: string; create_datetime: string }): ShareRate => r;

const RATE_SELECT = `SELECT id, partner, to_char(effective_month, 'YYYY-MM') AS effective_month, rate_bp, note,
  to_char(create_datetime AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS create_datetime FROM partner_share_rates`;

/** GET /api/cooperate/reports/rates/?partner=: the partner's rates, newest effective month first. */
export async function listRates(db: Db, partner: number): Promise<ShareRate[]> {
  await partnersOf(db, partner);
  const rows = await db.query<ShareRate>(`${RATE_SELECT} WHERE partner = $1 ORDER BY effective_month DESC`, [partner]);
  return rows.map(rateView);
}

/**
 * POST /api/cooperate/reports/rates/: the rate from a month on (the same month again replaces that
 * month's rate). Refused when the partner has a locked month at or after it: a locked month never moves.
 */
export async function setRate(db: Db, input: ShareRateIn, who: { id: number }): Promise<ShareRate> {
  const { first } = monthBounds(input.effective_month);
  return db.transaction(async (tx) => {
    const [partner] = await tx.query<{ id: number; name: string }>('SELECT id, name FROM partners WHERE id = $1 FOR UPDATE', [input.partner]);
    if (!partner) throw new CrudError(`合作方 ${input.partner} 不存在`);
    const [lock] = await tx.query<{ m: string }>(
      `SELECT to_char(max(month), 'YYYY-MM') AS m FROM settlement_locks WHERE partner = $1 AND month >= $2::date HAVING count(*) > 0`,
      [partner.id, first],
    );
    if (lock) throw new CrudError(`合作方「${partner.name}」的 ${lock.m} 已锁定，分成比例只能从 ${nextMonth(lock.m)} 起生效`);
    await tx.query(
      `INSERT INTO partner_share_rates (partner, effective_month, rate_bp, note, creator) VALUES ($1, $2::date, $3, $4, $5)
       ON CONFLICT (partner, effective_month) DO UPDATE SET rate_bp = EXCLUDED.rate_bp, note = EXCLUDED.note, creator = EXCLUDED.creator, create_datetime = now()`,
      [partner.id, first, input.rate_bp, input.note ?? '', who.id],
    );
    const [row] = await tx.query<ShareRate>(`${RATE_SELECT} WHERE partner = $1 AND effective_month = $2::date`, [partner.id, first]);
    if (!row) throw new CrudError('分成比例保存失败');
    return rateView(row);
  });
}

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** GET /api/cooperate/overview/: per partner games, players, revenue, its share of the total, current rate. */
export async function partnerOverview(db: Db, q: PartnerOverviewQuery): Promise<PartnerOverviewResult> {
  const range = { start: q.start, end: q.end, game: null };
  const [byGame, games, partners, rates] = await Promise.all([
    revenue(db, range, 'game', { active: true }),
    gamesOf(db),
    partnersOf(db, undefined),
    ratesIn(db, `${q.end.slice(0, 7)}-01`),
  ]);
  let totalRevenue = 0;
  let totalPlayers = 0;
  for (const f of byGame.values()) {
    totalRevenue += f.revenue;
    totalPlayers += f.active_players;
  }
  const kpis = (partner: number | null, name: string, status: boolean): PartnerKpis => {
    const mine = games.filter((g) => g.partner === partner);
    const k = { players: 0, paying_players: 0, revenue: 0, gross: 0, refunds: 0 };
    for (const g of mine) {
      const f = byGame.get(String(g.id));
      if (!f) continue;
      k.players += f.active_players;
      k.paying_players += f.paying_players;
      k.revenue += f.revenue;
      k.gross += f.gross;
      k.refunds += f.refunds;
    }
    return {
      partner,
      partner_name: name,
      status,
      games: mine.length,
      ...k,
      share: totalRevenue > 0 ? Math.round((k.revenue / totalRevenue) * 1e6) / 1e6 : 0,
      rate_bp: partner === null ? null : (rates.get(partner) ?? null),
    };
  };
  const rows = partners.map((p) => kpis(p.id, p.name, p.status));
  if (games.some((g) => g.partner === null)) rows.push(kpis(null, '', true));
  rows.sort((a, b) => b.revenue - a.revenue || (a.partner ?? Infinity) - (b.partner ?? Infinity));
  return { start: q.start, end: q.end, currency: 'CNY', total: { revenue: totalRevenue, players: totalPlayers, games: games.length }, partners: rows };
}

/** The export's rows (amounts in fen, as the orders export): one per (partner, game) of the month, then each partner's total. */
export const SETTLEMENT_EXPORT_HEADER = ['合作方', '月份', '游戏', '流水(分, CNY)', '退款(分, CNY)', '收入(分, CNY)', '订单数', '退款单数', '分成比例', '合作方分成(分, CNY)', '平台收入(分, CNY)', '状态'];

const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

export function settlementSheet(result: SettlementResult): Array<Array<string | number>> {
  const rows: Array<Array<string | number>> = [];
  for (const p of result.partners) {
    const status = p.locked ? `已锁定 ${p.locked_at ?? ''} ${p.locked_by ?? ''}`.trim() : '未锁定';
    for (const g of p.games) {
      rows.push([p.partner_name, p.month, g.game_name, g.gross, g.refunds, g.revenue, g.orders, g.refund_orders, percent(g.rate_bp), g.partner_amount, g.platform_amount, status]);
    }
    const t = p.totals;
    rows.push([p.partner_name, p.month, '合计', t.gross, t.refunds, t.revenue, t.orders, t.refund_orders, percent(p.rate_bp), t.partner_amount, t.platform_amount, status]);
  }
  return rows;
}

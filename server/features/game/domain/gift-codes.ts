import type { Db, Queryable } from '../../../db/db';
import { CrudError } from '../../../domain/crud/spec';
import { writeXlsx, type Cell } from '../../../domain/crud/xlsx';
import { formatDatetime } from '../../../domain/time';
import type { Account } from '../../../domain/users';
import { batchCodes, cryptoRandom, generateStem, stemRange, type Generator, type RandomBytes } from './code-generator';

export type BatchState = 'pending' | 'active' | 'expired' | 'void';
export type CodeStatus = 'unused' | 'redeemed' | 'expired' | 'void';

interface BatchFacts {
  id: number;
  stem: string;
  game: number;
  game_name: string;
  count: number;
  redeemed: number;
  status: 'active' | 'void';
  start_time: Date | string;
  end_time: Date | string;
  reward: string;
  prefix: string;
}

/** A batch as it stands at `now`: voided, not started, past its end, or running. */
export function batchState(b: { status: string; start_time: Date | string; end_time: Date | string }, now = Date.now()): BatchState {
  if (b.status === 'void') return 'void';
  if (now >= new Date(b.end_time).getTime()) return 'expired';
  if (now < new Date(b.start_time).getTime()) return 'pending';
  return 'active';
}

/** The status of a code nobody redeemed, in a batch of that state. */
function unredeemedStatus(state: BatchState): CodeStatus {
  return state === 'void' ? 'void' : state === 'expired' ? 'expired' : 'unused';
}

/**
 * A stem no other batch has: prefix + the generator's stamp and random digits, drawn again while
 * taken (10,000 per prefix and day for `short`, 100 per prefix and second for `date`).
 */
export async function pickStem(tx: Queryable, prefix: string, generator: Generator, at: Date | number = Date.now(), random: RandomBytes = cryptoRandom): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const stem = generateStem(prefix, generator, at, random);
    const taken = await tx.query('SELECT 1 FROM gift_code_batches WHERE stem = $1', [stem]);
    if (taken.length === 0) return stem;
  }
  throw new CrudError(`前缀 ${prefix || '（空）'} 在这个时间的批次太多，没有可用的兑换码段了，请换一个前缀或稍后再试。`);
}

/**
 * Inserts the codes of a batch (inside the batch's transaction): its stem followed by `count`
 * distinct random tails, sorted, in one statement. The stem is the batch's own, so the codes are new
 * to the platform; the primary key would refuse (and roll the batch back) if one were not.
 */
export async function insertBatchCodes(tx: Queryable, batch: number, stem: string, count: number, random: RandomBytes = cryptoRandom): Promise<void> {
  await tx.query('INSERT INTO gift_codes (code, batch) SELECT unnest($1::text[]), $2', [batchCodes(stem, count, random), batch]);
}

/** Deletes the codes of batches (their key ranges), before the batches themselves go. */
export async function deleteBatchCodes(tx: Queryable, ids: number[]): Promise<void> {
  const batches = await tx.query<{ id: number; stem: string }>('SELECT id, stem FROM gift_code_batches WHERE id = ANY($1::int[])', [ids]);
  for (const b of batches) {
    const [from, to] = stemRange(b.stem);
    await tx.query('DELETE FROM gift_codes WHERE code >= $1 AND code < $2 AND batch = $3', [from, to, b.id]);
  }
}

async function batchFacts(db: Queryable, id: number): Promise<BatchFacts | null> {
  const rows = await db.query<BatchFacts>(
    `SELECT b.id, b.stem, b.game, g.name AS game_name, b.count, b.redeemed, b.status, b.start_time, b.end_time, b.reward, b.prefix
     FROM gift_code_batches b JOIN games g ON g.id = b.game WHERE b.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export interface CodeListQuery {
  page: number;
  limit: number;
  status?: CodeStatus;
  search?: string;
  ordering?: 'code' | '-code' | 'redeem_time' | '-redeem_time';
}

/** How many characters of a masked code's random tail stay readable (its last ones). */
const SHOWN_TAIL = 2;

/**
 * An unredeemed code as a caller without the batch's Export right sees it: the batch's stem (shown on
 * the batch row anyway) and the last characters of the random tail, the rest as `*`, so a read-only
 * account can tell rows apart without being able to redeem them.
 */
export function maskCode(code: string, stem: string): string {
  const tail = code.startsWith(stem) ? code.slice(stem.length) : code;
  const head = code.slice(0, code.length - tail.length);
  return head + '*'.repeat(Math.max(0, tail.length - SHOWN_TAIL)) + tail.slice(-SHOWN_TAIL);
}

const ORDER: Record<NonNullable<CodeListQuery['ordering']>, string> = {
  code: 'code',
  '-code': 'code DESC',
  redeem_time: 'redeem_time NULLS LAST, code',
  '-redeem_time': 'redeem_time DESC NULLS LAST, code',
};

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The codes of one batch, paged, with their status; null when the batch does not exist. `whole`: the
 * caller holds the batch's Export right and sees every code in full; otherwise unredeemed codes are
 * masked (`maskCode`) and a search matches them only by their whole code (a substring search would
 * spell them out character by character), redeemed ones and players as usual.
 */
export async function listBatchCodes(db: Db, id: number, q: CodeListQuery, now = Date.now(), whole = true) {
  const batch = await batchFacts(db, id);
  if (!batch) return null;
  const idle = unredeemedStatus(batchState(batch, now));
  // The batch's key range of the primary key, and its id (another batch's stem may extend this one's).
  const [from, to] = stemRange(batch.stem);
  const where = ['code >= $1', 'code < $2', 'batch = $3'];
  const params: unknown[] = [from, to, id];
  if (q.status === 'redeemed') where.push('player IS NOT NULL');
  else if (q.status === idle) where.push('player IS NULL');
  else if (q.status) where.push('false');
  if (q.search) {
    params.push(`%${escapeLike(q.search.toUpperCase())}%`);
    const like = params.length;
    if (whole) where.push(`(code LIKE $${like} ESCAPE '\\' OR player ILIKE $${like} ESCAPE '\\')`);
    else {
      params.push(q.search.trim().toUpperCase());
      where.push(`(code = $${params.length} OR (player IS NOT NULL AND (code LIKE $${like} ESCAPE '\\' OR player ILIKE $${like} ESCAPE '\\')))`);
    }
  }
  const clause = where.join(' AND ');
  // Without a search the batch's own counters give the total (a 100,000-code batch is not counted per page).
  const total =
    q.search === undefined
      ? q.status === undefined
        ? batch.count
        : q.status === 'redeemed'
          ? batch.redeemed
          : q.status === idle
            ? batch.count - batch.redeemed
            : 0
      : ((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM gift_codes WHERE ${clause}`, params))[0]?.n ?? 0);
  const rows = await db.query<{ code: string; player: string | null; redeem_time: Date | null }>(
    `SELECT code, player, redeem_time FROM gift_codes WHERE ${clause} ORDER BY ${ORDER[q.ordering ?? 'code']} LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    params,
  );
  return {
    page: q.page,
    limit: q.limit,
    total,
    is_next: q.page * q.limit < total,
    is_previous: q.page > 1,
    data: rows.map((r) => ({
      code: whole || r.player !== null ? r.code : maskCode(r.code, batch.stem),
      status: (r.player === null ? idle : 'redeemed') as CodeStatus,
      player: r.player,
      redeem_time: r.redeem_time ? formatDatetime(r.redeem_time) : null,
    })),
  };
}

const STATUS_NAMES: Record<CodeStatus, string> = { unused: '未使用', redeemed: '已兑换', expired: '已过期', void: '已作废' };

/** The whole batch as an xlsx sheet (code, status, player, redeem time); null when the batch does not exist. */
export async function exportBatchCodes(db: Db, id: number, now = Date.now()): Promise<{ file: Buffer; name: string } | null> {
  const batch = await batchFacts(db, id);
  if (!batch) return null;
  const idle = unredeemedStatus(batchState(batch, now));
  const [from, to] = stemRange(batch.stem);
  const rows = await db.query<{ code: string; player: string | null; redeem_time: Date | null }>(
    'SELECT code, player, redeem_time FROM gift_codes WHERE code >= $1 AND code < $2 AND batch = $3 ORDER BY code',
    [from, to, id],
  );
  const cells: Cell[][] = rows.map((r) => [r.code, STATUS_NAMES[r.player === null ? idle : 'redeemed'], r.player, r.redeem_time ? formatDatetime(r.redeem_time) : null]);
  const stamp = formatDatetime(now).replace(/[-: ]/g, '');
  return {
    file: await writeXlsx(`兑换码批次${id}`, ['兑换码', '状态', '玩家', '兑换时间'], cells, [30, 10, 24, 20]),
    name: `兑换码-${batch.game_name}-批次${id}-${stamp}.xlsx`,
  };
}

/** Voids a batch: its unredeemed codes can no longer be redeemed. False when the batch does not exist. */
export async function voidBatch(db: Db, id: number, account: Account): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ status: string }>('SELECT status FROM gift_code_batches WHERE id = $1 FOR UPDATE', [id]);
    const row = rows[0];
    if (!row) return false;
    if (row.status === 'void') throw new CrudError('该批次已经作废。');
    await tx.query("UPDATE gift_code_batches SET status = 'void', void_time = now(), modifier = $2, update_datetime = now() WHERE id = $1", [id, String(account.id)]);
    return true;
  });
}

/** The one refusal of a code that cannot be redeemed, whatever the reason (see redeemCode). */
export const redeemRefusal = (code: string) => `兑换码 ${code} 无效或已不可兑换（不存在、已被使用、已作废或不在兑换期内）。`;

/**
 * Redeems one code for one player: a single conditional UPDATE, so of any number of concurrent
 * attempts exactly one finds the code unredeemed (PostgreSQL re-checks `player IS NULL` after the
 * row lock; PGlite runs one transaction at a time). The batch's counter moves in the same
 * transaction. Any other attempt gets one refusal that does not say whether the code exists (`redeemRefusal`),
 * except to the player who already redeemed it.
 */
export async function redeemCode(db: Db, input: { code: string; player: string }) {
  const code = input.code.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const done = await tx.query<{ code: string; player: string; redeem_time: Date; batch: number }>(
      `UPDATE gift_codes c SET player = $2, redeem_time = now()
       FROM gift_code_batches b
       WHERE c.code = $1 AND c.player IS NULL AND b.id = c.batch AND b.status = 'active' AND b.start_time <= now() AND b.end_time > now()
       RETURNING c.code, c.player, c.redeem_time, c.batch`,
      [code, input.player],
    );
    const hit = done[0];
    if (hit) {
      await tx.query('UPDATE gift_code_batches SET redeemed = redeemed + 1 WHERE id = $1', [hit.batch]);
      const batch = await batchFacts(tx, hit.batch);
      return {
        code: hit.code,
        player: hit.player,
        redeem_time: formatDatetime(hit.redeem_time),
        batch: hit.batch,
        game: batch?.game ?? 0,
        game_name: batch?.game_name ?? '',
        reward: batch?.reward ?? '',
      };
    }
    // Why it failed is told only to the player who already holds the code: a missing, used, voided,
    // expired or not yet started code all get one refusal, so guesses learn nothing about which codes exist.
    const mine = (await tx.query<{ redeem_time: Date | null }>('SELECT redeem_time FROM gift_codes WHERE code = $1 AND player = $2', [code, input.player]))[0];
    if (mine) throw new CrudError(`兑换码 ${code} 已被该玩家兑换过（${mine.redeem_time ? formatDatetime(mine.redeem_time) : ''}），不能重复兑换。`);
    throw new CrudError(redeemRefusal(code));
  });
}

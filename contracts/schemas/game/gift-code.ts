import { z } from 'zod';
import { datetime } from '../envelope';
import { auditInput, auditRow, AUDIT_LABELS } from '../system/common';
import { datetimeInput, datetimeInputToIso } from './fields';
import { gameKind } from './game';
import { BATCH_STATES, BATCH_STATUSES, CODE_GENERATORS, CODE_STATUSES, MAX_BATCH_CODES } from './values';


/**
 * The spec's two code generators (§9): `date` = a date-based code (yyyyMMddHHmmss) plus a 2-digit
 * random number; `short` = a short date (yyMMdd) plus 4 random digits. A batch's codes start with its
 * stem (the prefix and the generator's output, unique among batches) and end with 8 random letters
 * and digits unique in the batch: unique platform-wide.
 */
export const codeGenerator = z.enum(CODE_GENERATORS);

export const codeStatus = z.enum(CODE_STATUSES);

/** GET /api/game/code/ rows: one batch each. */
export const batchRow = z.object({
  ...auditRow,
  game: z.number().int(),
  game_name: z.string(),
  game_kind: gameKind,
  name: z.string().nullable(),
  count: z.number().int(),
  prefix: z.string(),
  /** What every code of the batch starts with: the prefix and the generator's output (date stamp and random digits). */
  stem: z.string(),
  generator: codeGenerator,
  start_time: datetime,
  end_time: datetime,
  reward: z.string(),
  status: z.enum(BATCH_STATUSES),
  state: z.enum(BATCH_STATES),
  void_time: datetime.nullable(),
  redeemed: z.number().int(),
});
export type BatchRow = z.infer<typeof batchRow>;

const prefix = z
  .string()
  .trim()
  .max(8)
  .regex(/^[A-Za-z0-9]*$/, '只能包含字母和数字。')
  .transform((v) => v.toUpperCase());

const endsAfterStart = (v: { start_time?: string | null; end_time?: string | null }) => {
  if (!v.start_time || !v.end_time) return true;
  return (datetimeInputToIso(v.end_time) ?? '') > (datetimeInputToIso(v.start_time) ?? '');
};

/** POST /api/game/code/ `{ game, count, prefix, start_time, end_time, reward }` → data.id (the batch row). */
export const batchInput = z
  .object({
    game: z.number().int().positive(),
    count: z.number().int().min(1).max(MAX_BATCH_CODES),
    prefix: prefix.optional(),
    generator: codeGenerator.optional(),
    name: z.string().trim().max(64).nullable().optional(),
    start_time: datetimeInput,
    end_time: datetimeInput,
    reward: z.string().trim().min(1).max(200),
    ...auditInput,
  })
  .refine(endsAfterStart, { message: '结束时间:必须晚于开始时间。', path: ['end_time'] });
export type BatchInput = z.infer<typeof batchInput>;

/** PUT /api/game/code/{id}/: the reward, the name, the end time and the remark may change. */
export const batchUpdateInput = z.object({
  name: z.string().trim().max(64).nullable().optional(),
  end_time: datetimeInput.optional(),
  reward: z.string().trim().min(1).max(200).optional(),
  ...auditInput,
});

/** GET /api/game/code/{id}/codes/?page&limit rows. */
export const giftCodeRow = z.object({
  code: z.string(),
  status: codeStatus,
  player: z.string().nullable(),
  redeem_time: datetime.nullable(),
});
export type GiftCodeRow = z.infer<typeof giftCodeRow>;

/** A player id as game servers send it. */
export const playerId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:@-]+$/, '只能包含字母、数字和 _ . : @ - 字符。');

/** POST /api/game/code/redeem/ `{ code, player }`. */
export const redeemInput = z.object({ code: z.string().trim().min(1).max(40), player: playerId });
export type RedeemInput = z.infer<typeof redeemInput>;

/** The answer of a successful redemption (code 2000, once per code). */
export const redeemResult = z.object({
  code: z.string(),
  player: z.string(),
  redeem_time: datetime,
  batch: z.number().int(),
  game: z.number().int(),
  game_name: z.string(),
  reward: z.string(),
});
export type RedeemResult = z.infer<typeof redeemResult>;

export const BATCH_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  game: '游戏',
  count: '数量',
  prefix: '前缀',
  generator: '生成规则',
  name: '批次名称',
  start_time: '开始时间',
  end_time: '结束时间',
  reward: '奖励内容',
  code: '兑换码',
  player: '玩家',
  status: '状态',
};

/** Query of GET /api/game/code/{id}/codes/. */
export const batchCodesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(999).default(10),
  status: codeStatus.optional(),
  search: z.string().trim().min(1).max(64).optional(),
  ordering: z.enum(['code', '-code', 'redeem_time', '-redeem_time']).optional(),
});
export type BatchCodesQuery = z.infer<typeof batchCodesQuery>;

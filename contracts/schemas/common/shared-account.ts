import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS } from '../system/common';
import { httpUrl } from '../game/fields';
import { ACCOUNT_PROVIDER_NAMES, PROVIDER_TYPES } from '../game/values';

export const accountProvider = z.enum(ACCOUNT_PROVIDER_NAMES);
export const providerType = z.enum(PROVIDER_TYPES);

/**
 * GET /api/common/account/ rows. The secret itself is never in a row: `has_secret` says whether one
 * is stored and `secret_mask` is what the console shows (SECRET_MASK, or '' without one).
 */
export const sharedAccountRow = z.object({
  ...auditRow,
  provider: accountProvider,
  provider_type: providerType,
  name: z.string(),
  account: z.string(),
  url: z.string().nullable(),
  status: z.boolean(),
  games: z.array(z.number().int()),
  game_info: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string() })),
  has_secret: z.boolean(),
  secret_mask: z.string(),
});
export type SharedAccountRow = z.infer<typeof sharedAccountRow>;

/**
 * POST /api/common/account/ and PUT /api/common/account/{id}/. `secret`: a new credential (stored
 * encrypted); left out keeps the stored one; null removes it.
 */
export const sharedAccountInput = z.object({
  provider: accountProvider,
  name: z.string().trim().min(1).max(64),
  account: z.string().trim().min(1).max(128),
  secret: z.string().min(1).max(4000).nullable().optional(),
  url: httpUrl(255).nullable().optional(),
  status: z.boolean().optional(),
  games: z.array(z.number().int().positive()).max(1000).optional(),
  ...auditInput,
});
export type SharedAccountInput = z.infer<typeof sharedAccountInput>;

/** POST /api/common/account/{id}/reveal/: the stored secret in clear (written to the operation log, masked). */
export const revealedSecret = z.object({ id: z.number().int(), secret: z.string() });
export type RevealedSecret = z.infer<typeof revealedSecret>;

export const SHARED_ACCOUNT_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  provider: '平台',
  name: '名称',
  account: '账号',
  secret: '密钥',
  url: '后台地址',
  status: '状态',
  games: '使用的游戏',
};

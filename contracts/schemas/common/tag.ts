import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS } from '../system/common';

/** A tag as other rows carry it (games' `tag_info`). */
export const tagBrief = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type TagBrief = z.infer<typeof tagBrief>;

/** GET /api/common/tag/ rows: `game_count` = games carrying the tag. */
export const tagRow = z.object({
  ...auditRow,
  name: z.string(),
  color: z.string(),
  sort: z.number().int(),
  game_count: z.number().int(),
});
export type TagRow = z.infer<typeof tagRow>;

/** A colour as #rrggbb (stored in lower case). */
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, '应为 #RRGGBB 格式的颜色。');

/** POST /api/common/tag/ and PUT /api/common/tag/{id}/. */
export const tagInput = z.object({
  name: z.string().trim().min(1).max(32),
  color: hexColor,
  sort: z.number().int().min(0).max(9999).optional(),
  ...auditInput,
});
export type TagInput = z.infer<typeof tagInput>;

export const TAG_LABELS: Record<string, string> = { ...AUDIT_LABELS, name: '标签名称', color: '颜色', sort: '排序' };

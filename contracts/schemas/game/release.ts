import { z } from 'zod';
import { datetime } from '../envelope';
import { auditInput, auditRow, AUDIT_LABELS } from '../system/common';
import { datetimeInput, semver } from './fields';
import { gameKind } from './game';
import { RELEASE_CHANNELS, RELEASE_STATUSES } from './values';

export const releaseChannel = z.enum(RELEASE_CHANNELS);
export const releaseStatus = z.enum(RELEASE_STATUSES);

/** GET /api/game/history/ rows. `size` and `sha256` are what the server computed from the uploaded package. */
export const releaseRow = z.object({
  ...auditRow,
  game: z.number().int(),
  game_name: z.string(),
  game_kind: gameKind,
  version: z.string(),
  build: z.number().int(),
  changelog: z.string().nullable(),
  file: z.number().int().nullable(),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  channels: z.array(releaseChannel),
  release_time: datetime,
  status: releaseStatus,
  publish_time: datetime.nullable(),
  is_current: z.boolean(),
});
export type ReleaseRow = z.infer<typeof releaseRow>;

const channels = z
  .array(releaseChannel)
  .max(RELEASE_CHANNELS.length)
  .refine((list) => new Set(list).size === list.length, '渠道不能重复。');

/**
 * POST /api/game/history/: a new release of a game. `build` must be greater than every build of the
 * game; `file` is the id of a package uploaded with POST /api/game/upload/package/ (required
 * for android and soft games). Created as a draft: publish it to make it the current version.
 */
export const releaseInput = z.object({
  game: z.number().int().positive(),
  version: semver,
  build: z.number().int().min(1).max(2_000_000_000),
  changelog: z.string().max(5000).nullable().optional(),
  file: z.number().int().positive().nullable().optional(),
  channels: channels.optional(),
  release_time: datetimeInput.nullable().optional(),
  ...auditInput,
});
export type ReleaseInput = z.infer<typeof releaseInput>;

/** PUT /api/game/history/{id}/: what may change after creation (version, build and package stay). */
export const releaseUpdateInput = z.object({
  changelog: z.string().max(5000).nullable().optional(),
  channels: channels.optional(),
  release_time: datetimeInput.nullable().optional(),
  ...auditInput,
});
export type ReleaseUpdateInput = z.infer<typeof releaseUpdateInput>;

export const RELEASE_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  game: '游戏',
  version: '版本号',
  build: '构建号',
  changelog: '更新说明',
  file: '安装包',
  channels: '发布渠道',
  release_time: '发布时间',
  status: '状态',
};

import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS } from '../system/common';
import { tagBrief } from '../common/tag';
import { httpUrl, mediaOrHttpUrl } from './fields';
import { CODE_CHARACTERS, GAME_KINDS, GAME_STATUSES, MINI_PLATFORMS, PACKAGE_ID, SOFT_CATEGORIES, type GameKind, type GameStatus } from './values';

export const gameKind = z.enum(GAME_KINDS);
export const gameStatus = z.enum(GAME_STATUSES);
export const miniPlatform = z.enum(MINI_PLATFORMS);
export const softCategory = z.enum(SOFT_CATEGORIES);

/** GET /api/game/<kind>/ rows: the common fields, the kind's own (null for the other kinds), the current release. */
export const gameRow = z.object({
  ...auditRow,
  kind: gameKind,
  name: z.string(),
  icon: z.string().nullable(),
  status: gameStatus,
  partner: z.number().int().nullable(),
  partner_name: z.string().nullable(),
  tags: z.array(z.number().int()),
  tag_info: z.array(tagBrief),
  package_id: z.string().nullable(),
  min_sdk: z.number().int().nullable(),
  url: z.string().nullable(),
  code: z.string().nullable(),
  platform: miniPlatform.nullable(),
  app_id: z.string().nullable(),
  category: softCategory.nullable(),
  current_release: z.number().int().nullable(),
  current_version: z.string().nullable(),
  current_build: z.number().int().nullable(),
  release_count: z.number().int(),
});
export type GameRow = z.infer<typeof gameRow>;

/** Reverse-DNS package id (com.example.game): two or more segments, each starting with a letter. */
export const packageId = z
  .string()
  .trim()
  .min(3)
  .max(150)
  .regex(PACKAGE_ID, '应为反向域名格式，例如 com.example.game。');

/** An H5 game's code, unique platform-wide (case-insensitive): it names the game in /preview?code=. */
export const h5Code = z
  .string()
  .trim()
  .min(2)
  .max(32)
  .regex(CODE_CHARACTERS, '只能包含字母、数字、下划线和短横线。');

const common = {
  name: z.string().trim().min(1).max(64),
  icon: mediaOrHttpUrl(255).nullable().optional(),
  status: gameStatus.optional(),
  partner: z.number().int().positive().nullable().optional(),
  tags: z.array(z.number().int().positive()).max(50).optional(),
  ...auditInput,
};

/** POST /api/game/android/ and PUT /api/game/android/{id}/. */
export const androidGameInput = z.object({ ...common, package_id: packageId, min_sdk: z.number().int().min(1).max(99) });
/** POST /api/game/h5/ `{ name, url, code, status }` (+ optional fields); `url` must be http(s). */
export const h5GameInput = z.object({ ...common, url: httpUrl(500), code: h5Code });
/** POST /api/game/mini/: the mini-program platform and its app id. */
export const miniGameInput = z.object({
  ...common,
  platform: miniPlatform,
  app_id: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(CODE_CHARACTERS, '只能包含字母、数字、下划线和短横线。'),
});
/** POST /api/game/soft/: a category. */
export const softGameInput = z.object({ ...common, category: softCategory });

export const GAME_INPUTS = { android: androidGameInput, h5: h5GameInput, mini: miniGameInput, soft: softGameInput } as const;
export type GameInput = z.infer<(typeof GAME_INPUTS)[GameKind]>;

export const GAME_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  name: '游戏名称',
  icon: '图标',
  status: '状态',
  partner: '合作方',
  tags: '标签',
  package_id: '包名',
  min_sdk: '最低 SDK 版本',
  url: '入口地址',
  code: '游戏代码',
  platform: '平台',
  app_id: 'AppID',
  category: '分类',
  kind: '类型',
  tag: '标签',
};

/** Chinese names of the enumerations, as the server writes them into exports and messages. */
export const GAME_KIND_NAMES: Record<GameKind, string> = { android: '安卓游戏', h5: 'H5 游戏', mini: '小游戏', soft: '软件' };
export const GAME_STATUS_NAMES: Record<GameStatus, string> = { developing: '开发中', testing: '测试中', online: '已上线', offline: '已下线' };
export const MINI_PLATFORM_NAMES: Record<(typeof MINI_PLATFORMS)[number], string> = { wechat: '微信', douyin: '抖音', alipay: '支付宝' };
export const SOFT_CATEGORY_NAMES: Record<(typeof SOFT_CATEGORIES)[number], string> = {
  tool: '工具',
  office: '办公',
  media: '影音',
  education: '教育',
  security: '安全',
  social: '社交',
  other: '其他',
};

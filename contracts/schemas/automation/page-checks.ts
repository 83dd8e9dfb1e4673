import { z } from 'zod';
import { datetime, listPage } from '../envelope';
import { auditInput, auditRow, AUDIT_LABELS } from '../system/common';

/**
 * Page checks of H5 games (menu automation/webElement): element locators per H5 game
 * (a CSS selector and what to expect of the first matching element), evaluated on the server by the
 * task `pages.check`, with a result per locator per run.
 */

export const CHECK_KINDS = ['exists', 'text', 'attribute'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
export const MATCH_MODES = ['contains', 'equals'] as const;

/** Arguments of the task `pages.check`: one game (null: every H5 game with enabled locators) or one locator. */
export const pagesCheckArgs = z
  .object({
    game: z.number().int().positive().nullable().default(null),
    locator: z.number().int().positive().nullable().default(null),
  })
  .strict();
export type PagesCheckArgs = z.infer<typeof pagesCheckArgs>;

const locatorFields = {
  game: z.number().int().positive(),
  name: z.string().trim().min(1, '名称不能为空。').max(64),
  /** A page of its own (http or https); null or empty: the game's entry URL. */
  url: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  selector: z.string().trim().min(1, 'CSS 选择器不能为空。').max(500),
  check_kind: z.enum(CHECK_KINDS),
  attribute: z.string().trim().max(64).nullable().optional(),
  expected: z.string().max(500).nullable().optional(),
  match: z.enum(MATCH_MODES),
  enabled: z.boolean(),
  ...auditInput,
};

export const locatorInput = z.object({
  ...locatorFields,
  check_kind: locatorFields.check_kind.default('exists'),
  match: locatorFields.match.default('contains'),
  enabled: locatorFields.enabled.default(true),
});
export type LocatorInput = z.infer<typeof locatorInput>;
/** An update names only what changes (no defaults: an absent field keeps its value). */
export const locatorUpdate = z.object(locatorFields).partial();

export const locatorRow = z.object({
  ...auditRow,
  game: z.number().int(),
  game_name: z.string(),
  game_url: z.string().nullable(),
  name: z.string(),
  url: z.string().nullable(),
  selector: z.string(),
  check_kind: z.enum(CHECK_KINDS),
  attribute: z.string().nullable(),
  expected: z.string().nullable(),
  match: z.enum(MATCH_MODES),
  enabled: z.boolean(),
  last_checked: datetime.nullable(),
  last_passed: z.boolean().nullable(),
  last_actual: z.string().nullable(),
  last_message: z.string().nullable(),
});
export type LocatorRow = z.infer<typeof locatorRow>;

export const LOCATOR_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  game: '游戏',
  name: '名称',
  url: '页面地址',
  selector: 'CSS 选择器',
  check_kind: '检查方式',
  attribute: '属性',
  expected: '期望值',
  match: '匹配方式',
  enabled: '启用',
};

/** One evaluation of one locator. */
export const pageCheckResult = z.object({
  id: z.number().int(),
  run: z.string().nullable(),
  game: z.number().int(),
  locator: z.number().int(),
  url: z.string(),
  http_status: z.number().int().nullable(),
  passed: z.boolean(),
  actual: z.string().nullable(),
  message: z.string().nullable(),
  duration_ms: z.number().int(),
  checked_at: datetime,
});
export type PageCheckResult = z.infer<typeof pageCheckResult>;

export const pageCheckResults = listPage(pageCheckResult);

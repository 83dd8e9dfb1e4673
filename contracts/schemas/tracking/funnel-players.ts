import { z } from 'zod';
import { funnelQuery, intIn } from './funnel';

/**
 * The players behind one step of a funnel (漏斗分析's drill-down): GET /api/data_embed/funnel/players/
 * with the funnel's own parameters (funnel, start, end, breakdown) plus the step (1-based) and which
 * players: `converted` = those who reached that step (their number is the step's `players`), `dropped`
 * = those who reached it and not the next one (the step's players minus the next step's; none after
 * the last step). With `breakdown` and `group`, only the players of that breakdown group (the value on
 * the entering event; `__other__` = the values outside the top 10, `__none__` = absent).
 * `…/players/export_data/` gives every such player as xlsx (same parameters, no paging).
 */

export const FUNNEL_PLAYER_KINDS = ['converted', 'dropped'] as const;
export type FunnelPlayerKind = (typeof FUNNEL_PLAYER_KINDS)[number];

/** The breakdown group key of players whose entering event lacked the property. */
export const BREAKDOWN_NONE = '__none__';

export const DRILL_PAGE_MAX = 100;

export const funnelPlayersExportQuery = funnelQuery.extend({
  step: intIn('step', 1, 10),
  kind: z.enum(FUNNEL_PLAYER_KINDS, { error: 'kind 只能是 converted 或 dropped' }).default('converted'),
  group: z.string({ error: 'group 必须是分组值' }).max(1000, { error: 'group 不能超过 1000 个字符' }).optional(),
});
export type FunnelPlayersExportQuery = z.infer<typeof funnelPlayersExportQuery>;

export const funnelPlayersQuery = funnelPlayersExportQuery.extend({
  page: intIn('page', 1, 1_000_000).default(1),
  limit: intIn('limit', 1, DRILL_PAGE_MAX).default(20),
});
export type FunnelPlayersQuery = z.infer<typeof funnelPlayersQuery>;

export const funnelPlayerRow = z.object({
  distinct_id: z.string(),
  /** The entering step-1 event's time (ISO). */
  entered_at: z.string(),
  /** When the player reached the chosen step (ISO). */
  reached_at: z.string(),
  /** When they reached the next step (ISO); null for those who dropped (and after the last step). */
  next_at: z.string().nullable(),
});
export type FunnelPlayerRow = z.infer<typeof funnelPlayerRow>;

export const funnelPlayersPage = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().min(0),
  is_next: z.boolean(),
  is_previous: z.boolean(),
  /** The chosen step's event, for the dialog's title. */
  event: z.string(),
  data: z.array(funnelPlayerRow),
});
export type FunnelPlayersPage = z.infer<typeof funnelPlayersPage>;

import { z } from 'zod';
import { datetime } from '../envelope';

/**
 * The workbench (menu dashboard/workbench): each signed-in user's own grid of widgets,
 * stored on the server (reference server only). The grid has WORKBENCH_COLS columns and at most
 * WORKBENCH_ROWS rows; a widget is placed by integer x/y (top-left cell) and w/h (cells).
 *
 * Widget kinds are the registry's keys (src/pages/dashboard/workbench/widgets.tsx renders them). A new
 * kind is one entry here (kind + size limits + single/multi) and one entry in the page's registry.
 */
export const WORKBENCH_COLS = 12;
export const WORKBENCH_ROWS = 48;
export const WORKBENCH_MAX_WIDGETS = 24;

// 'realtime' (the realtime mini-chart of dashboard/realtime's figures).
export const WIDGET_KINDS = ['welcome', 'counts', 'shortcuts', 'logins', 'messages', 'trend', 'realtime', 'game_kpis'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** Per kind: smallest and largest size in cells, and whether a user may place it more than once. */
export const WIDGET_RULES: Readonly<Record<WidgetKind, { minW: number; minH: number; maxW: number; maxH: number; multiple: boolean; w: number; h: number }>> = {
  welcome: { minW: 3, minH: 2, maxW: 12, maxH: 6, multiple: false, w: 8, h: 3 },
  counts: { minW: 3, minH: 2, maxW: 12, maxH: 6, multiple: false, w: 4, h: 3 },
  shortcuts: { minW: 3, minH: 3, maxW: 12, maxH: 10, multiple: false, w: 4, h: 5 },
  logins: { minW: 3, minH: 3, maxW: 12, maxH: 10, multiple: false, w: 4, h: 5 },
  messages: { minW: 3, minH: 3, maxW: 12, maxH: 10, multiple: false, w: 4, h: 5 },
  // A trend may be placed twice (e.g. a wide one and a small one): it is the only multi-instance kind.
  trend: { minW: 3, minH: 3, maxW: 12, maxH: 10, multiple: true, w: 8, h: 5 },
  // the realtime widget
  realtime: { minW: 3, minH: 3, maxW: 12, maxH: 10, multiple: false, w: 6, h: 4 },
  // today's game KPIs (active players, revenue, new players, top games)
  game_kpis: { minW: 3, minH: 3, maxW: 12, maxH: 10, multiple: false, w: 6, h: 5 },
};

const cell = z.number().int().min(0);

/** One placed widget. `i` is the widget's id within the layout (letters, digits, - and _). */
export const workbenchWidget = z
  .object({
    i: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, '小组件标识只能包含字母、数字、- 和 _（最长 40 个字符）。'),
    kind: z.enum(WIDGET_KINDS, { error: '未知的小组件类型。' }),
    x: cell.max(WORKBENCH_COLS - 1),
    y: cell.max(WORKBENCH_ROWS - 1),
    w: z.number().int().min(1).max(WORKBENCH_COLS),
    h: z.number().int().min(1).max(WORKBENCH_ROWS),
  })
  .strict();
export type WorkbenchWidget = z.infer<typeof workbenchWidget>;

/** The checks across widgets: inside the grid, within the kind's size, unique ids, single kinds once. */
function checkLayout(widgets: WorkbenchWidget[], ctx: z.RefinementCtx): void {
  const ids = new Set<string>();
  const kinds = new Set<WidgetKind>();
  widgets.forEach((wd, index) => {
    const rule = WIDGET_RULES[wd.kind];
    const at = ['widgets', index];
    if (wd.x + wd.w > WORKBENCH_COLS) ctx.addIssue({ code: 'custom', path: at, message: `小组件超出网格宽度（共 ${WORKBENCH_COLS} 列）。` });
    if (wd.y + wd.h > WORKBENCH_ROWS) ctx.addIssue({ code: 'custom', path: at, message: `小组件超出网格高度（共 ${WORKBENCH_ROWS} 行）。` });
    if (wd.w < rule.minW || wd.w > rule.maxW || wd.h < rule.minH || wd.h > rule.maxH) {
      ctx.addIssue({ code: 'custom', path: at, message: `小组件 ${wd.kind} 的尺寸应在 ${rule.minW}×${rule.minH} 到 ${rule.maxW}×${rule.maxH} 之间。` });
    }
    if (ids.has(wd.i)) ctx.addIssue({ code: 'custom', path: at, message: `小组件标识重复：${wd.i}。` });
    ids.add(wd.i);
    if (!rule.multiple && kinds.has(wd.kind)) ctx.addIssue({ code: 'custom', path: at, message: `小组件 ${wd.kind} 只能放置一个。` });
    kinds.add(wd.kind);
  });
}

/** PUT /api/system/workbench/layout/ body. */
export const workbenchLayoutInput = z
  .object({
    widgets: z.array(workbenchWidget).max(WORKBENCH_MAX_WIDGETS, `最多放置 ${WORKBENCH_MAX_WIDGETS} 个小组件。`),
  })
  .strict()
  .superRefine((v, ctx) => checkLayout(v.widgets, ctx));
export type WorkbenchLayoutInput = z.infer<typeof workbenchLayoutInput>;

/** GET/PUT/DELETE /api/system/workbench/layout/ data: the user's layout, or the default one (`saved` false). */
export const workbenchLayout = z.object({
  widgets: z.array(workbenchWidget),
  saved: z.boolean(),
  update_datetime: datetime.nullable(),
});
export type WorkbenchLayout = z.infer<typeof workbenchLayout>;

/** The layout a user gets before saving one (and after 恢复默认). */
export const DEFAULT_WORKBENCH: readonly WorkbenchWidget[] = [
  { i: 'welcome', kind: 'welcome', x: 0, y: 0, w: 8, h: 3 },
  { i: 'counts', kind: 'counts', x: 8, y: 0, w: 4, h: 3 },
  { i: 'trend', kind: 'trend', x: 0, y: 3, w: 8, h: 5 },
  { i: 'shortcuts', kind: 'shortcuts', x: 8, y: 3, w: 4, h: 5 },
  { i: 'messages', kind: 'messages', x: 0, y: 8, w: 6, h: 5 },
  { i: 'logins', kind: 'logins', x: 6, y: 8, w: 6, h: 5 },
];

/** A console route as the tab store names it: starts with /, no query, at most 200 characters. */
export const visitPath = z.string().max(200).regex(/^\/[A-Za-z0-9_\-/.]*$/, '页面路径不合法。');

/** POST /api/system/workbench/visit/ body: one page opened by the signed-in user. */
export const workbenchVisitInput = z.object({ path: visitPath }).strict();

/** GET /api/system/workbench/shortcuts/ data: the user's most-opened pages, most first. */
export const workbenchShortcut = z.object({ path: z.string(), visits: z.number().int().min(1), last_visit: datetime });
export type WorkbenchShortcut = z.infer<typeof workbenchShortcut>;
export const WORKBENCH_SHORTCUTS = 12;

/** GET /api/system/workbench/my_logins/ data: the user's own latest sign-ins, newest first. */
export const myLogin = z.object({
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  create_datetime: datetime,
});
export type MyLogin = z.infer<typeof myLogin>;
export const WORKBENCH_LOGINS = 8;

// ---- game KPIs (the `game_kpis` widget)

/**
 * GET /api/system/datav/game_kpis/ (reference server only; any signed-in user): today's game figures
 * in the analytics time zone, from the rollups every report reads. Definitions:
 * - active_players: distinct (game, player) with a tracked event or a paid order today;
 * - new_players: players whose cohort day (first active day, per game) is today;
 * - revenue: gross − refunds today (fen, integer), `orders` paid today — null when the caller may not
 *   open 收入概览 (`revenue_allowed` false);
 * - top_games: up to GAME_KPI_TOP games, by revenue when the caller may see revenue, else by active
 *   players (ties by game id).
 */
export const GAME_KPI_TOP = 5;
const kpiCount = z.number().int().nonnegative();
export const gameKpiGame = z.object({
  game: z.number().int(),
  name: z.string(),
  active_players: kpiCount,
  new_players: kpiCount,
  revenue: z.number().int().nullable(),
});
export type GameKpiGame = z.infer<typeof gameKpiGame>;
export const gameKpis = z.object({
  /** Today (YYYY-MM-DD) in `timezone`, and when the figures were read (ISO 8601 UTC). */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  timezone: z.string(),
  at: z.string(),
  currency: z.literal('CNY'),
  active_players: kpiCount,
  new_players: kpiCount,
  revenue_allowed: z.boolean(),
  revenue: z.number().int().nullable(),
  orders: kpiCount.nullable(),
  top_by: z.enum(['revenue', 'active_players']),
  top_games: z.array(gameKpiGame).max(GAME_KPI_TOP),
});
export type GameKpis = z.infer<typeof gameKpis>;

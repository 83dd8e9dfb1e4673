/**
 * The workbench (dashboard/workbench): its paths. The calls are the dashboard port's (dashboard.ts),
 * JSON requests on the adapter's own transport (REST; the gateway's rest / restWrite), each answer
 * parsed by contracts/schemas/dashboard/workbench.
 */

export type { GameKpiGame, GameKpis } from '../../../../contracts/schemas/dashboard/workbench';
export type { MyLogin, WidgetKind, WorkbenchLayout, WorkbenchShortcut, WorkbenchWidget } from '../../../../contracts/schemas/dashboard/workbench';

export const WORKBENCH_PATH = {
  layout: '/api/system/workbench/layout/',
  visit: '/api/system/workbench/visit/',
  shortcuts: '/api/system/workbench/shortcuts/',
  myLogins: '/api/system/workbench/my_logins/',
} as const;

/** The game KPI widget's read (a datav call of the reference server). */
export const GAME_KPIS_PATH = '/api/system/datav/game_kpis/';

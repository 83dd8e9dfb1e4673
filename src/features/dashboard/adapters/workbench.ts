/**
 * The workbench (issue 17 §8, dashboard/workbench): the calls, and the answers parsed by
 * contracts/schemas/workbench (a drifted wire shape is a clear "malformed" error). Both adapters send
 * them as JSON requests on their own transport (REST; the gateway's rest / restWrite). This module
 * loads with the first workbench call (not in the login page's chunk).
 */
import { z } from 'zod';
import { myLogin, workbenchLayout, workbenchShortcut, type MyLogin, type WorkbenchLayout, type WorkbenchShortcut, type WorkbenchWidget } from '../../../../contracts/schemas/dashboard/workbench';

export type { MyLogin, WidgetKind, WorkbenchLayout, WorkbenchShortcut, WorkbenchWidget } from '../../../../contracts/schemas/dashboard/workbench';

export const WORKBENCH_PATH = {
  layout: '/api/system/workbench/layout/',
  visit: '/api/system/workbench/visit/',
  shortcuts: '/api/system/workbench/shortcuts/',
  myLogins: '/api/system/workbench/my_logins/',
} as const;

export const WORKBENCH_PARSERS = {
  layout: (data: unknown): WorkbenchLayout | null => workbenchLayout.safeParse(data).data ?? null,
  shortcuts: (data: unknown): WorkbenchShortcut[] | null => z.array(workbenchShortcut).safeParse(data).data ?? null,
  myLogins: (data: unknown): MyLogin[] | null => z.array(myLogin).safeParse(data).data ?? null,
};

/** The calls of the workbench page and of the tab bar's page-open counter. */
export interface WorkbenchApi {
  workbenchLayout(): Promise<WorkbenchLayout>;
  saveWorkbenchLayout(widgets: WorkbenchWidget[]): Promise<WorkbenchLayout>;
  resetWorkbenchLayout(): Promise<WorkbenchLayout>;
  /** Counts one opening of a console page (quiet: a failure shows nothing). */
  recordVisit(path: string): Promise<void>;
  workbenchShortcuts(): Promise<WorkbenchShortcut[]>;
  myLogins(): Promise<MyLogin[]>;
}

import { z } from 'zod';
import { gameKpis, myLogin, workbenchLayout, workbenchLayoutInput, workbenchShortcut, workbenchVisitInput, WORKBENCH_COLS, WORKBENCH_MAX_WIDGETS, WORKBENCH_ROWS } from '../../../../contracts/schemas/dashboard/workbench';
import type { Operation } from '../../../openapi/operation';

const rules = `Any signed-in user, own rows only. Grid ${WORKBENCH_COLS} columns × ${WORKBENCH_ROWS} rows; integer x/y/w/h inside it and within the kind's size limits; at most ${WORKBENCH_MAX_WIDGETS} widgets; unique ids; every kind but trend at most once. A bad layout is refused whole (nothing stored). See docs/dashboard.md.`;

/** The workbench (menu dashboard/workbench) for the OpenAPI document. */
export const WORKBENCH_OPERATIONS: readonly Operation[] = [
  { method: 'get', path: '/api/system/workbench/layout/', summary: "The caller's workbench layout (the default one, saved false, until one is saved)", tag: 'workbench', auth: true, data: workbenchLayout, notes: rules },
  { method: 'put', path: '/api/system/workbench/layout/', summary: "Replace the caller's workbench layout", tag: 'workbench', auth: true, body: workbenchLayoutInput, data: workbenchLayout, notes: rules },
  { method: 'delete', path: '/api/system/workbench/layout/', summary: 'Forget the saved layout (back to the default)', tag: 'workbench', auth: true, data: workbenchLayout },
  { method: 'post', path: '/api/system/workbench/visit/', summary: 'Count one opening of a console page by the caller', tag: 'workbench', auth: true, body: workbenchVisitInput, data: z.null(), notes: 'Not written to the operation log.' },
  { method: 'get', path: '/api/system/workbench/shortcuts/', summary: "The caller's most-opened pages, most first (12)", tag: 'workbench', auth: true, data: z.array(workbenchShortcut) },
  { method: 'get', path: '/api/system/workbench/my_logins/', summary: "The caller's own latest sign-ins (8)", tag: 'workbench', auth: true, data: z.array(myLogin) },
  {
    method: 'get',
    path: '/api/system/datav/game_kpis/',
    summary: "Today's game KPIs in the analytics time zone: active players, new players, revenue (fen) and orders, top games",
    tag: 'workbench',
    auth: true,
    data: gameKpis,
    notes: 'From the rollups of every report. Revenue and orders are null (top games by active players) unless the caller may open center_income/overview.',
  },
];

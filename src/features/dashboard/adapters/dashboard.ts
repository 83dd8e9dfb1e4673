/**
 * The dashboard port: the live dashboards (dashboard/realtime, dashboard/monitor: reads like the
 * revenue reports, REST GET or the gateway's resourceList) and the workbench (JSON requests on the
 * adapter's transport), each answer parsed by its contract schema (a drifted wire shape is a clear
 * "malformed" error). Written once over the adapters' seam; loads with the first dashboard call (not in
 * the login page's chunk).
 */
import { z } from 'zod';
import { monitorResult, realtimeSnapshot, type MonitorResult, type RealtimeSnapshot } from '../../../../contracts/schemas/dashboard/live';
import { monitorSeries, monitorThresholds, type MonitorRange, type MonitorSeries, type MonitorThreshold, type MonitorThresholds } from '../../../../contracts/schemas/dashboard/monitor';
import { gameKpis, myLogin, workbenchLayout, workbenchShortcut, type MyLogin, type WorkbenchLayout, type WorkbenchShortcut, type WorkbenchWidget, type GameKpis } from '../../../../contracts/schemas/dashboard/workbench';
import { readParsed, requestParsed, type PortTransport } from '../../../adapters/port';
import { DASHBOARD_LIVE_PATH } from './dashboard-live';
import { GAME_KPIS_PATH, WORKBENCH_PATH } from './workbench';

/** The calls of the live dashboards, the workbench page and the tab bar's page-open counter. */
export interface DashboardPort {
  /** dashboard/realtime's figures (also pushed on the socket; this is the polling fallback). */
  realtime(): Promise<RealtimeSnapshot>;
  /** dashboard/monitor: every server instance's figures and recent history. */
  monitor(): Promise<MonitorResult>;
  /** One instance's history over a range, downsampled by the server (instance: the answering one when null). */
  monitorSeries(range: MonitorRange, instance: string | null): Promise<MonitorSeries>;
  /** The alert thresholds, whether the caller may change them, and the open breaches. */
  thresholds(): Promise<MonitorThresholds>;
  saveThresholds(thresholds: MonitorThreshold[]): Promise<MonitorThresholds>;
  /** Today's game KPIs for the workbench (revenue null without 收入概览). */
  gameKpis(): Promise<GameKpis>;
  layout(): Promise<WorkbenchLayout>;
  saveLayout(widgets: WorkbenchWidget[]): Promise<WorkbenchLayout>;
  resetLayout(): Promise<WorkbenchLayout>;
  /** Counts one opening of a console page (quiet: a failure shows nothing). */
  recordVisit(path: string): Promise<void>;
  shortcuts(): Promise<WorkbenchShortcut[]>;
  myLogins(): Promise<MyLogin[]>;
}

const shortcutList = z.array(workbenchShortcut);
const loginList = z.array(myLogin);

/** The dashboard port over an adapter's transport. */
export function createDashboardPort(transport: PortTransport): DashboardPort {
  const W = WORKBENCH_PATH;
  return {
    realtime: () => readParsed(transport, DASHBOARD_LIVE_PATH.realtime, [], realtimeSnapshot),
    monitor: () => readParsed(transport, DASHBOARD_LIVE_PATH.monitor, [], monitorResult),
    monitorSeries: (range, instance) => readParsed(transport, DASHBOARD_LIVE_PATH.series, instance === null ? [['range', range]] : [['range', range], ['instance', instance]], monitorSeries),
    thresholds: () => requestParsed(transport, { path: DASHBOARD_LIVE_PATH.thresholds }, monitorThresholds),
    saveThresholds: (thresholds) => requestParsed(transport, { method: 'PUT', path: DASHBOARD_LIVE_PATH.thresholds, body: { thresholds } }, monitorThresholds),
    gameKpis: () => requestParsed(transport, { path: GAME_KPIS_PATH }, gameKpis),
    layout: () => requestParsed(transport, { path: W.layout }, workbenchLayout),
    saveLayout: (widgets) => requestParsed(transport, { method: 'PUT', path: W.layout, body: { widgets } }, workbenchLayout),
    resetLayout: () => requestParsed(transport, { method: 'DELETE', path: W.layout }, workbenchLayout),
    async recordVisit(path) {
      await transport.request({ method: 'POST', path: W.visit, body: { path }, quiet: true });
    },
    shortcuts: () => requestParsed(transport, { path: W.shortcuts }, shortcutList),
    myLogins: () => requestParsed(transport, { path: W.myLogins }, loginList),
  };
}

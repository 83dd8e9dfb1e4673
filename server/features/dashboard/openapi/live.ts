import { monitorResult, realtimeSnapshot } from '../../../../contracts/schemas';
import type { Operation } from '../../../openapi/operation';

/** dashboard/realtime and dashboard/monitor for the OpenAPI document. docs/dashboard.md. */
export const DASHBOARD_LIVE_OPERATIONS: readonly Operation[] = [
  {
    method: 'get',
    path: '/api/dashboard/realtime/',
    summary: 'Players online, logins and payments per minute (last hour), revenue today, top games now',
    tag: 'dashboard',
    auth: true,
    data: realtimeSnapshot,
    notes:
      'Definitions in contracts/schemas/dashboard-live.ts. Revenue today comes from the revenue rollups (the function of center_income/*), fen. The same figures are pushed on the socket as {"type":"dashboard.realtime","realtime":{…}} at most once per second to sockets that sent {"type":"subscribe","topic":"dashboard.realtime"} and whose user holds the Retrieve button of dashboard/realtime; the console polls this call while its socket is down.',
  },
  {
    method: 'get',
    path: '/api/dashboard/monitor/',
    summary: 'Every server instance: request rate, errors, latency p50/p95/p99, event-loop lag, memory, CPU, sockets, database pool, slow statements, job queue depth, recent history',
    tag: 'dashboard',
    auth: true,
    data: monitorResult,
    notes: 'Each instance samples its figures every 5 s into monitor_samples (kept 1 hour); an instance silent for 20 s is lost. The answering instance shows its live figures. GET /metrics carries the same figures in Prometheus text format.',
  },
];

import { monitorResult, realtimeSnapshot } from '../../../../contracts/schemas';
import { monitorSeries, monitorSeriesQuery, monitorThresholds, monitorThresholdsInput } from '../../../../contracts/schemas/dashboard/monitor';
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
    notes: 'Each instance samples its figures every 5 s into monitor_samples (kept 24 hours); an instance silent for 20 s is lost. The answering instance shows its live figures. GET /metrics carries the same figures in Prometheus text format.',
  },
  {
    method: 'get',
    path: '/api/dashboard/monitor/series/',
    summary: "One instance's history over 15m / 1h / 6h / 24h, downsampled by the server to at most 180 points",
    tag: 'dashboard',
    auth: true,
    query: monitorSeriesQuery,
    data: monitorSeries,
    notes: 'Buckets of a whole number of 5-second periods; request rate, p50 and CPU averaged, p95/p99, event-loop lag and memory the maximum, error rate = errors / requests. Without instance: the answering one. Bad query: code 4000. By the Retrieve button of dashboard/monitor.',
  },
  {
    method: 'get',
    path: '/api/dashboard/monitor/thresholds/',
    summary: 'The alert thresholds (cpu, memory, event-loop lag, latency p99, error rate), whether the caller may change them, and the open breaches',
    tag: 'dashboard',
    auth: true,
    data: monitorThresholds,
  },
  {
    method: 'put',
    path: '/api/dashboard/monitor/thresholds/',
    summary: 'Change alert thresholds (any subset of the metrics, each once)',
    tag: 'dashboard',
    auth: true,
    body: monitorThresholdsInput,
    data: monitorThresholds,
    notes: 'Superusers or the Update button of dashboard/monitor. Refused whole with code 4000 and the reason (limit or sustain out of range, unknown or repeated metric, extra keys). A breach (every sample above the limit for sustain_seconds) sends one message to the active superusers; again only after recovery.',
  },
];

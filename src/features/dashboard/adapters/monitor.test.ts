// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { monitorSeries, monitorThresholds, defaultThresholds } from '../../../../contracts/schemas/dashboard/monitor';
import { gameKpis } from '../../../../contracts/schemas/dashboard/workbench';
import { executeGateway } from '../../../../server/gateway/gateway';
import { standInUpstream, type AdapterKind } from '../../../test/stand-in-upstream';
import { ApiError } from '../../../adapters/errors';

/**
 * Part of the shared adapter suite: the monitor's range series and thresholds and the workbench's game
 * KPIs over both adapters (the GraphQL one through the real gateway: resourceList with the query
 * pairs, rest, restWrite). The server side: server/features/dashboard/routes/{monitor-history,game-kpis}.test.ts.
 */

const SERIES = monitorSeries.parse({
  range: '6h',
  instance: 'console-a',
  from: '2026-12-02T10:00:00.000Z',
  to: '2026-12-02T16:00:00.000Z',
  bucket_seconds: 120,
  points: [{ at: '2026-12-02T10:00:00.000Z', samples: 24, request_rate: 3.5, error_rate: 0.01, latency_p50_ms: 4, latency_p95_ms: 20, latency_p99_ms: 80, event_loop_lag_p99_ms: 12, cpu: 0.2, rss_bytes: 1000, heap_used_bytes: 500 }],
});
const THRESHOLDS = monitorThresholds.parse({ thresholds: defaultThresholds(), editable: true, alerts: [], update_datetime: null });
const KPIS = gameKpis.parse({ day: '2026-12-03', timezone: 'Asia/Shanghai', at: '2026-12-02T18:00:00.000Z', currency: 'CNY', active_players: 12, new_players: 5, revenue_allowed: true, revenue: 65_400, orders: 4, top_by: 'revenue', top_games: [{ game: 2, name: '消消乐园', active_players: 3, new_players: 3, revenue: 52_600 }] });

const upstream = standInUpstream(executeGateway, ({ url, method, body }, { ok, refuse }) => {
  if (url.pathname === '/api/dashboard/monitor/series/') return ok({ ...SERIES, range: url.searchParams.get('range'), instance: url.searchParams.get('instance') ?? 'self' });
  if (url.pathname === '/api/dashboard/monitor/thresholds/' && method === 'GET') return ok(THRESHOLDS);
  if (url.pathname === '/api/dashboard/monitor/thresholds/' && method === 'PUT') {
    const b = JSON.parse(body) as { thresholds: Array<{ limit: number }> };
    if ((b.thresholds[0]?.limit ?? 0) > 1600) return refuse('告警阈值:cpu 的阈值必须在 1 到 1600 % 之间');
    return ok({ ...THRESHOLDS, thresholds: b.thresholds });
  }
  if (url.pathname === '/api/system/datav/game_kpis/') return ok(KPIS);
});
const { seen } = upstream;

describe.each<AdapterKind>(['rest', 'graphql'])('the monitor and KPI calls over %s', (kind) => {
  it('series with its range and instance, thresholds read and save, game KPIs: the REST routes, the schema shapes', async () => {
    const { api, callbacks } = upstream.adapter(kind, 'mon-token');
    seen.length = 0;
    await expect(api.dashboard.monitorSeries('6h', 'console-b')).resolves.toEqual({ ...SERIES, instance: 'console-b' });
    await expect(api.dashboard.monitorSeries('24h', null)).resolves.toEqual({ ...SERIES, range: '24h', instance: 'self' });
    await expect(api.dashboard.thresholds()).resolves.toEqual(THRESHOLDS);
    const changed = THRESHOLDS.thresholds.map((t) => (t.metric === 'cpu' ? { ...t, limit: 75 } : t));
    await expect(api.dashboard.saveThresholds(changed)).resolves.toEqual({ ...THRESHOLDS, thresholds: changed });
    await expect(api.dashboard.gameKpis()).resolves.toEqual(KPIS);
    expect(seen.map((s) => [s.method, s.path, s.body ? (JSON.parse(s.body) as unknown) : null])).toEqual([
      ['GET', '/api/dashboard/monitor/series/', null],
      ['GET', '/api/dashboard/monitor/series/', null],
      ['GET', '/api/dashboard/monitor/thresholds/', null],
      ['PUT', '/api/dashboard/monitor/thresholds/', { thresholds: changed }],
      ['GET', '/api/system/datav/game_kpis/', null],
    ]);
    expect(new URLSearchParams(seen[0]?.query).toString()).toBe('range=6h&instance=console-b');
    expect(new URLSearchParams(seen[1]?.query).toString()).toBe('range=24h');
    expect(seen.every((s) => s.auth === 'JWT mon-token')).toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('a refused save is an ApiError with the server message', async () => {
    const { api } = upstream.adapter(kind, 'mon-token');
    const error = await api.dashboard.saveThresholds([{ metric: 'cpu', enabled: true, limit: 5000, sustain_seconds: 60 }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('告警阈值:cpu 的阈值必须在 1 到 1600 % 之间');
  });
});

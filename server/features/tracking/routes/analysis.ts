import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { funnelQuery, type FunnelResult } from '../../../../contracts/schemas/tracking/funnel';
import { sessionsExportQuery, sessionsQuery, type SessionsResult } from '../../../../contracts/schemas/tracking/sessions';
import type { AppContext } from '../../../context';
import { CrudError } from '../../../domain/crud/spec';
import { writeXlsx, type Cell } from '../../../domain/crud/xlsx';
import { formatDatetime } from '../../../domain/time';
import { checkRange } from '../../../domain/analytics/day-range';
import { analyzeFunnel, funnelPlayers, loadFunnel } from '../domain/funnel';
import { funnelPlayersExportQuery, funnelPlayersQuery, type FunnelPlayersExportQuery } from '../../../../contracts/schemas/tracking/funnel-players';
import { analyzeSessions } from '../domain/sessions';
import { eventCountsOf, eventPropertiesOf } from '../domain/properties';
import { eventCountsQuery, propertiesQuery } from '../../../../contracts/schemas/tracking/properties';
import { ok } from '../../../http/envelope';
import { isRecord } from '../../../is-record';
import { guarded, sendFile } from '../../../http/crud-routes';

/**
 * Funnel and session analysis (menu data_embed/*): GET /api/data_embed/funnel/ and
 * /api/data_embed/sessions/, each with `export/` (the table as xlsx, same parameters); the analysis
 * pickers' GET /api/data_embed/properties/ and /api/data_embed/event_counts/. The access
 * check (server/http/access.ts) guards them like every screen: the screen's Search button grants the
 * GET, its Export button the export (domain/permissions.ts).
 */

export const FUNNEL_NOT_FOUND = '漏斗不存在';
const BAD_QUERY = '查询参数格式不正确';
/** At most this many players in one drill-down export. */
export const FUNNEL_PLAYERS_EXPORT_MAX = 100_000;

/** The query string checked against a contract schema: the first problem → code 4000 with its message. */
function parseQuery<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  const q: unknown = req.query ?? {};
  if (!isRecord(q)) throw new CrudError(BAD_QUERY);
  const res = schema.safeParse(q);
  if (!res.success) throw new CrudError(res.error.issues[0]?.message ?? BAD_QUERY);
  return res.data;
}

function stamp(): string {
  return formatDatetime(Date.now()).replace(/[-: ]/g, '').slice(0, 14);
}

const pct = (x: number) => Math.round(x * 10000) / 100;
const secs = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

/** The funnel table: one row per step (per breakdown group, when there is one). */
export async function funnelSheet(r: FunnelResult, breakdown: string | null): Promise<{ file: Buffer; name: string }> {
  const header = ['步骤', '事件', '人数', '总体转化率(%)', '步骤转化率(%)', '距上一步中位耗时(秒)'];
  const rowsOf = (steps: FunnelResult['steps'], group: Cell[]): Cell[][] =>
    steps.map((s, i) => [...group, i + 1, s.event, s.players, pct(s.conversion), pct(s.step_conversion), secs(s.median_seconds)]);
  const rows = breakdown
    ? [...rowsOf(r.steps, ['全部']), ...(r.breakdown ?? []).flatMap((g) => rowsOf(g.steps, [g.value === '__other__' ? '其他' : (g.value ?? '(无)')]))]
    : rowsOf(r.steps, []);
  const name = `漏斗分析-${r.funnel.name}-${r.start}_${r.end}-${stamp()}.xlsx`;
  return { file: await writeXlsx('漏斗分析', breakdown ? [breakdown, ...header] : header, rows), name };
}

/** The session table by day (default) or by game. */
export async function sessionsSheet(r: SessionsResult, table: 'days' | 'games'): Promise<{ file: Buffer; name: string }> {
  const name = `会话分析-${table === 'days' ? '按日' : '按游戏'}-${r.start}_${r.end}-${stamp()}.xlsx`;
  if (table === 'games') {
    return {
      file: await writeXlsx('会话分析', ['游戏编号', '游戏', '会话数', '玩家数', '平均时长(秒)', '中位时长(秒)'], r.games.map((g) => [g.game, g.game_name, g.sessions, g.players, secs(g.avg_seconds), secs(g.median_seconds)])),
      name,
    };
  }
  return {
    file: await writeXlsx(
      '会话分析',
      ['日期', '会话数', '平均时长(秒)', '中位时长(秒)', '每会话事件数'],
      [...r.days.map((d) => [d.day, d.sessions, secs(d.avg_seconds), secs(d.median_seconds), secs(d.events_per_session)]), ['合计', r.sessions, secs(r.avg_seconds), secs(r.median_seconds), secs(r.events_per_session)]],
    ),
    name,
  };
}

export function dataEmbedAnalysisRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Calendar days of every analysis: ANALYTICS_TZ (server/config.ts), as the rollups use.
  const tz = () => ctx.config.analyticsTz;

  const funnel = async (req: FastifyRequest) => {
    const q = parseQuery(funnelQuery, req);
    checkRange(q.start, q.end);
    const def = await loadFunnel(ctx.db, q.funnel);
    if (!def) throw new CrudError(FUNNEL_NOT_FOUND, 404);
    return { q, result: await analyzeFunnel(ctx.db, def, q.start, q.end, tz(), q.breakdown ?? null) };
  };
  app.get('/api/data_embed/funnel/', async (req, reply) => guarded(reply, async () => ok((await funnel(req)).result)));
  app.get('/api/data_embed/funnel/export/', async (req, reply) =>
    guarded(reply, async () => {
      const { q, result } = await funnel(req);
      return sendFile(reply, await funnelSheet(result, q.breakdown ?? null));
    }),
  );

  // The players behind a step (漏斗分析's drill-down): the funnel's parameters plus step, kind, group.
  const drill = async (q: FunnelPlayersExportQuery, page: { page: number; limit: number } | null) => {
    checkRange(q.start, q.end);
    if (q.group !== undefined && q.breakdown === undefined) throw new CrudError('group 需要同时给出 breakdown');
    const def = await loadFunnel(ctx.db, q.funnel);
    if (!def) throw new CrudError(FUNNEL_NOT_FOUND, 404);
    if (q.step > def.steps.length) throw new CrudError(`step 必须是 1 到 ${def.steps.length} 的整数`);
    const choice = { step: q.step, kind: q.kind, group: q.group };
    return { def, ...(await funnelPlayers(ctx.db, def, q.start, q.end, tz(), q.breakdown ?? null, choice, page)) };
  };
  app.get('/api/data_embed/funnel/players/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseQuery(funnelPlayersQuery, req);
      const { def, total, rows } = await drill(q, { page: q.page, limit: q.limit });
      const event = def.steps[q.step - 1]?.event ?? '';
      return ok({ page: q.page, limit: q.limit, total, is_next: (q.page - 1) * q.limit + rows.length < total, is_previous: q.page > 1, event, data: rows });
    }),
  );
  app.get('/api/data_embed/funnel/players/export_data/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseQuery(funnelPlayersExportQuery, req);
      const { def, rows } = await drill(q, { page: 1, limit: FUNNEL_PLAYERS_EXPORT_MAX });
      const kind = q.kind === 'dropped' ? '流失' : '转化';
      const name = `漏斗玩家-${def.name}-第${q.step}步${kind}-${q.start}_${q.end}-${stamp()}.xlsx`;
      const file = await writeXlsx('漏斗玩家', ['玩家', '进入时间(北京时间)', '到达本步时间(北京时间)', '到达下一步时间(北京时间)'], rows.map((r) => [r.distinct_id, formatDatetime(r.entered_at), formatDatetime(r.reached_at), r.next_at === null ? null : formatDatetime(r.next_at)]), [28, 22, 22, 22]);
      return sendFile(reply, { file, name });
    }),
  );

  const sessions = async (q: z.infer<typeof sessionsQuery>) => {
    checkRange(q.start, q.end);
    return analyzeSessions(ctx.db, q.start, q.end, tz(), q.game ?? null, { fresh: q.fresh === '1', keeper: ctx.sessionKeeper });
  };
  app.get('/api/data_embed/sessions/', async (req, reply) => guarded(reply, async () => ok(await sessions(parseQuery(sessionsQuery, req)))));
  app.get('/api/data_embed/sessions/export/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseQuery(sessionsExportQuery, req);
      return sendFile(reply, await sessionsSheet(await sessions(q), q.table ?? 'days'));
    }),
  );

  // The analysis pickers: the properties seen on the chosen events, the events with data (granted by the event or funnel analysis' Search).
  app.get('/api/data_embed/properties/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseQuery(propertiesQuery, req);
      checkRange(q.start, q.end);
      return ok(await eventPropertiesOf(ctx.db, q, tz()));
    }),
  );
  app.get('/api/data_embed/event_counts/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseQuery(eventCountsQuery, req);
      checkRange(q.start, q.end);
      return ok(await eventCountsOf(ctx.db, q));
    }),
  );
}

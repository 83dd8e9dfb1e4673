import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { attributionQuery, campaignInstallsExportQuery, campaignInstallsQuery, clickBatchInput, clickQuery, performanceQuery, spendInput } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { attribution, campaignInstalls, performance } from '../domain/attribution';
import { formatDatetime } from '../../../domain/time';
import { importClicks, recordClick } from '../domain/clicks';
import { getSpend, parseSpendSheet, setSpend } from '../domain/spend';
import { CrudResource } from '../../../domain/crud/resource';
import { adCampaignSpec } from '../resources/ad-campaign';
import { CrudError } from '../../../domain/crud/spec';
import { writeXlsx } from '../../../domain/crud/xlsx';
import { ok } from '../../../http/envelope';
import { RateLimited } from '../../../http/rate-limit';
import { isRecord } from '../../../is-record';
import { parseReportQuery } from '../../../http/report-query';
import { guarded, ID, registerResource, rowId, sendFile } from '../../../http/crud-routes';

/** Clicks per client IP per minute on the open tracking link (all instances together, counted in the database). */
export const AD_CLICKS_PER_MINUTE = 300;
const SPEND_SHEET_MAX_BYTES = 2 * 1024 * 1024;
/** The columns of a campaign's installs export. */
export const CAMPAIGN_INSTALLS_HEADER = ['计划编号', '广告计划', '游戏', '玩家', '设备', '渠道', '激活时间', '点击时间'] as const;

function parseBody<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  if (!isRecord(req.body)) throw new CrudError('请求数据格式不正确，应为 JSON 对象。');
  const res = schema.safeParse(req.body);
  if (!res.success) throw new CrudError(res.error.issues[0]?.message ?? '请求数据不合法。');
  return res.data;
}

const campaignId = (req: FastifyRequest) => {
  const id = rowId(req);
  if (id === null) throw new CrudError('广告计划编号不正确。');
  return id;
};

/**
 * Advertising (advertisement/*): campaigns as a declarative resource (the CRUD routes and
 * export), their daily spend (JSON or an xlsx sheet), the campaign figures, the attribution list, and
 * the open, rate-limited tracking link GET /api/advertisement/click/ (302 to the store URL).
 */
export async function advertisingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tz = ctx.config.analyticsTz;
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: SPEND_SHEET_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    const campaigns = new CrudResource(adCampaignSpec(tz), ctx.db);
    const db = ctx.db;

    const limiter = (scope as unknown as { rateLimit: (o: object) => preHandlerAsyncHookHandler }).rateLimit({
      max: AD_CLICKS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (req: FastifyRequest) => `adclick:${req.clientIp || req.ip}`,
      errorResponseBuilder: (_req: FastifyRequest, context: { ttl: number }) => new RateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
    scope.get('/api/advertisement/click/', { preHandler: limiter }, async (req, reply) =>
      guarded(reply, async () => {
        const click = parseReportQuery(clickQuery, req);
        const { store_url } = await recordClick(db, { ...click, ip: req.clientIp || req.ip }, tz);
        // The stored address may hold non-ASCII characters: the Location header carries its encoded form.
        return reply.header('Cache-Control', 'no-store').redirect(new URL(store_url).href, 302);
      }),
    );

    scope.get('/api/advertisement/campaign/performance/', async (req, reply) => guarded(reply, async () => ok(await performance(db, parseReportQuery(performanceQuery, req), tz))));
    // 广告计划's drill-down: the installs behind a campaign's figure (granted like the screen), and their
    // export (the screen's Export button) — domain/permissions.ts drillEquivalents.
    scope.get('/api/advertisement/campaign/installs/', async (req, reply) =>
      guarded(reply, async () => {
        const q = parseReportQuery(campaignInstallsQuery, req);
        const r = await campaignInstalls(db, q, tz, { page: q.page, limit: q.limit });
        return ok({ page: q.page, limit: q.limit, total: r.total, is_next: (q.page - 1) * q.limit + r.rows.length < r.total, is_previous: q.page > 1, window_days: r.window_days, data: r.rows });
      }),
    );
    scope.get('/api/advertisement/campaign/installs/export_data/', async (req, reply) =>
      guarded(reply, async () => {
        const q = parseReportQuery(campaignInstallsExportQuery, req);
        const r = await campaignInstalls(db, q, tz, null);
        const rows = r.rows.map((o) => [o.campaign, o.campaign_name, o.game_name, o.distinct_id, o.device_id, o.channel, formatDatetime(Date.parse(o.install_time)), o.click_time === null ? null : formatDatetime(Date.parse(o.click_time))]);
        const name = `广告计划激活-${q.campaign}-${q.start}-${q.end}-${formatDatetime(Date.now()).replace(/[-: ]/g, '').slice(0, 14)}.xlsx`;
        const file = await writeXlsx('广告计划激活', [...CAMPAIGN_INSTALLS_HEADER], rows, [10, 20, 16, 24, 24, 12, 20, 20]);
        return sendFile(reply.header('X-Export-Rows', String(rows.length)), { file, name });
      }),
    );
    scope.get('/api/advertisement/attribution/', async (req, reply) => guarded(reply, async () => ok(await attribution(db, parseReportQuery(attributionQuery, req), tz))));

    scope.post(`/api/advertisement/campaign/${ID}/clicks/`, async (req, reply) => guarded(reply, async () => ok(await importClicks(db, campaignId(req), parseBody(clickBatchInput, req), tz))));
    scope.get(`/api/advertisement/campaign/${ID}/spend/`, async (req, reply) => guarded(reply, async () => ok(await getSpend(db, campaignId(req)))));
    scope.put(`/api/advertisement/campaign/${ID}/spend/`, async (req, reply) => guarded(reply, async () => ok(await setSpend(db, campaignId(req), parseBody(spendInput, req)), '保存成功')));
    scope.get('/api/advertisement/campaign/spend_template/', async (_req, reply) =>
      sendFile(reply, { file: await writeXlsx('每日花费', ['日期', '花费（元）'], [['2026-11-01', 1234.5]], [14, 14]), name: '广告花费导入模板.xlsx' }),
    );
    scope.post(`/api/advertisement/campaign/${ID}/spend/import/`, async (req, reply) =>
      guarded(reply, async () => {
        const id = campaignId(req);
        if (!req.isMultipart()) throw new CrudError('请上传 xlsx 文件（表单字段 file）。');
        let buf: Buffer;
        try {
          const part = await req.file();
          if (!part) throw new CrudError('请上传 xlsx 文件（表单字段 file）。');
          buf = await part.toBuffer();
        } catch (err) {
          if (err instanceof CrudError) throw err;
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new CrudError(`文件过大（上限 ${SPEND_SHEET_MAX_BYTES / 1024 / 1024} MB）。`);
          throw new CrudError('请上传 xlsx 文件（表单字段 file）。');
        }
        const input = await parseSpendSheet(buf);
        return ok(await setSpend(db, id, input), `导入成功，共 ${input.days.length} 天`);
      }),
    );

    registerResource(scope, ctx, campaigns, { noImport: true });
  });
}

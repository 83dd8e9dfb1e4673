import type { ClickBatchInput, ClickBatchResult, ClickQuery } from '../../../../contracts/schemas';
import type { Db, Queryable } from '../../../db/db';
import { CrudError } from '../../../domain/crud/spec';

/**
 * The tracking link's click (GET /api/advertisement/click/): recorded only for a campaign that is
 * running at the click's time (status active, the click's calendar day in ANALYTICS_TZ within the
 * period); anything else is refused with nothing stored. One statement: the check and the insert see
 * the same campaign row. The simulator records its clicks through this same function (with a past time).
 */
export async function recordClick(db: Queryable, click: ClickQuery & { ip?: string; time?: string }, tz: string): Promise<{ id: number; store_url: string }> {
  const time = click.time ?? new Date().toISOString();
  if (Date.parse(time) > Date.now() + 60_000) throw new CrudError('点击时间不能晚于当前时间。');
  const rows = await db.query<{ id: string | null; store_url: string; status: string; in_period: boolean }>(
    `WITH c AS (
       SELECT id, game, channel, store_url, status,
         (($3::timestamptz AT TIME ZONE $5)::date BETWEEN start_date AND end_date) AS in_period
       FROM ad_campaigns WHERE id = $1
     ), ins AS (
       INSERT INTO ad_clicks (campaign, game, channel, device_id, time, ip)
       SELECT id, game, channel, $2, $3::timestamptz, $4 FROM c WHERE status = 'active' AND in_period
       RETURNING id
     )
     SELECT (SELECT id::text FROM ins) AS id, store_url, status, in_period FROM c`,
    [click.campaign, click.device, time, (click.ip ?? '').slice(0, 64), tz],
  );
  const r = rows[0];
  if (!r) throw new CrudError(`广告计划 ${click.campaign} 不存在。`);
  if (r.id === null) {
    if (r.status !== 'active') throw new CrudError(`广告计划 ${click.campaign} ${r.status === 'paused' ? '已暂停' : '已结束'}，不记录点击。`);
    throw new CrudError(`广告计划 ${click.campaign} 不在投放期内，不记录点击。`);
  }
  return { id: Number(r.id), store_url: r.store_url };
}

/**
 * Click logs an ad network reports for a campaign (POST …/{id}/clicks/): each click through
 * recordClick, as if its device had opened the tracking link at that time (the same rule as the link: the campaign is active
 * and the click's day within its period). Refused clicks are listed; the others are kept.
 */
export async function importClicks(db: Db, campaign: number, input: ClickBatchInput, tz: string): Promise<ClickBatchResult> {
  const rejected: ClickBatchResult['rejected'] = [];
  let accepted = 0;
  for (const [index, c] of input.clicks.entries()) {
    try {
      await recordClick(db, { campaign, device: c.device, time: new Date(c.time).toISOString() }, tz);
      accepted++;
    } catch (err) {
      if (!(err instanceof CrudError)) throw err;
      // An unknown campaign refuses the whole call.
      if (index === 0 && /不存在/.test(err.message)) throw err;
      rejected.push({ index, reason: err.message });
    }
  }
  return { accepted, rejected };
}

import { CAMPAIGN_LABELS, campaignInput, campaignUpdateInput } from '../../../../contracts/schemas';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { datetimeCol, listFields, namedCol, readOnlyCol, requireRow, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const CAMPAIGN_COLUMNS = ['game', 'channel', 'name', 'status', 'store_url'];
const STATUS_NAMES: Record<string, string> = { active: '投放中', paused: '已暂停', ended: '已结束' };
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * advertisement/campaign: ad campaigns per game and channel (budget in CNY fen, period as calendar
 * days in the analytics time zone, status, the store URL the tracking link redirects to). `running`:
 * active and today within the period (the tracking link records clicks only then). Spend, clicks and
 * the attributed figures are actions (server/domain/advertising/). A campaign keeps its game (its
 * clicks were made for that game).
 */
export function adCampaignSpec(tz: string): ResourceSpec {
  const today = `(now() AT TIME ZONE ${quote(tz)})::date`;
  return {
    path: 'campaign',
    base: '/api/advertisement/campaign/',
    title: '广告计划',
    table: 'ad_campaigns',
    from: 'ad_campaigns t JOIN games g ON g.id = t.game',
    select: selectOf(CAMPAIGN_COLUMNS, [
      'g.name AS game_name',
      't.budget::text AS budget',
      "to_char(t.start_date, 'YYYY-MM-DD') AS start_date",
      "to_char(t.end_date, 'YYYY-MM-DD') AS end_date",
      `(t.status = 'active' AND ${today} BETWEEN t.start_date AND t.end_date) AS running`,
    ]),
    view: (r) => ({
      ...viewOf(CAMPAIGN_COLUMNS)(r),
      game_name: r.game_name,
      budget: Number(r.budget),
      start_date: r.start_date,
      end_date: r.end_date,
      running: r.running === true,
    }),
    fields: listFields({ game: 'int', channel: 'exact', name: 'icontains', status: 'exact', budget: 'sort', start_date: 'sort', end_date: 'sort' }),
    defaultOrder: '-create_datetime',
    search: ['g.name', 't.name', 't.channel'],
    createSchema: campaignInput,
    updateSchema: campaignUpdateInput,
    labels: CAMPAIGN_LABELS,
    columns: writeColumns(['game', 'channel', 'name', 'budget', 'start_date', 'end_date', 'status', 'store_url']),
    uniques: [{ fields: ['game', 'name'], message: '同一游戏下已有同名的广告计划。' }],
    beforeWrite: async ({ tx }, input, values, id) => {
      if (id === null) {
        await requireRow(tx, 'games', input.game, `游戏:id 为 ${String(input.game)} 的游戏不存在。`);
        values.status ??= 'active';
        return;
      }
      // A partial update: the period must still hold with the stored end the update leaves alone.
      if (typeof values.start_date === 'string' || typeof values.end_date === 'string') {
        const cur = (await tx.query<{ s: string; e: string }>("SELECT to_char(start_date, 'YYYY-MM-DD') AS s, to_char(end_date, 'YYYY-MM-DD') AS e FROM ad_campaigns WHERE id = $1", [id]))[0];
        if (cur) {
          const s = typeof values.start_date === 'string' ? values.start_date : cur.s;
          const e = typeof values.end_date === 'string' ? values.end_date : cur.e;
          if (e < s) throw new CrudError('结束日期:不能早于开始日期。');
        }
      }
    },
    sheet: [
      readOnlyCol('id', '计划ID'),
      readOnlyCol('game_name', '游戏', 20),
      text('channel', '渠道'),
      text('name', '计划名称', 20),
      { field: 'budget', title: '预算（分）', width: 14, format: (v) => (typeof v === 'number' ? v : null) },
      readOnlyCol('start_date', '开始日期', 12),
      readOnlyCol('end_date', '结束日期', 12),
      namedCol('status', '状态', STATUS_NAMES),
      text('store_url', '商店地址', 40),
      datetimeCol('create_datetime', '创建时间'),
    ],
  };
}

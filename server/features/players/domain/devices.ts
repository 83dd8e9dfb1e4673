import { DEVICE_ORDERINGS, type DeviceRow, type ListPage } from '../../../../contracts/schemas';
import type { Queryable } from '../../../db/db';
import { Conditions } from '../../../domain/crud/query';
import { CrudError } from '../../../domain/crud/spec';
import { choice, escapeLike, int, iso, one, paging, text } from './query-params';

/** center_users/devices: the devices list (contracts/schemas/players) over player_devices / device_accounts (migration 046). */

export const DEVICE_PAGE_MAX = 100;
const ACCOUNTS_SHOWN = 10;
type Ordering = (typeof DEVICE_ORDERINGS)[number];

export interface DeviceQuery {
  page: number;
  limit: number;
  ordering: Ordering;
  search?: string;
  os?: string;
  game?: number;
  distinct_id?: string;
  shared?: boolean;
}

/** The list's query string, checked: the first problem → code 4000. */
export function parseDeviceQuery(q: Record<string, unknown>): DeviceQuery {
  const out: DeviceQuery = { ...paging(q, DEVICE_PAGE_MAX), ordering: '-last_seen' };
  const search = text(q, 'search', '搜索内容 search ');
  if (search !== undefined) out.search = search;
  const os = text(q, 'os', '系统 os ');
  if (os !== undefined) out.os = os;
  const game = int(q, 'game', 1, 2_147_483_647, 'game 必须是游戏编号');
  if (game !== undefined) out.game = game;
  const player = text(q, 'distinct_id', '玩家 distinct_id ');
  if (player !== undefined) out.distinct_id = player;
  const shared = one(q, 'shared');
  if (shared !== undefined) {
    if (shared !== '1' && shared !== '0') throw new CrudError('shared 只能是 1 或 0');
    out.shared = shared === '1';
  }
  out.ordering = choice(q, 'ordering', DEVICE_ORDERINGS) ?? out.ordering;
  return out;
}

const ORDER_SQL: Record<Ordering, string> = {
  '-last_seen': 'd.last_seen DESC, d.id DESC',
  last_seen: 'd.last_seen ASC, d.id ASC',
  '-first_seen': 'd.first_seen DESC, d.id DESC',
  first_seen: 'd.first_seen ASC, d.id ASC',
  '-accounts': 'd.accounts DESC, d.id DESC',
  accounts: 'd.accounts ASC, d.id ASC',
};

export async function listDevices(db: Queryable, q: DeviceQuery): Promise<ListPage<DeviceRow>> {
  const c = new Conditions();
  if (q.search !== undefined) {
    const like = `%${escapeLike(q.search.toLowerCase())}%`;
    c.add(`(lower(d.device_id) LIKE ? ESCAPE '\\' OR lower(d.device_model) LIKE ? ESCAPE '\\')`, like, like);
  }
  if (q.os !== undefined) c.add('d.os = ?', q.os);
  if (q.shared !== undefined) c.raw(q.shared ? 'd.accounts >= 2' : 'd.accounts < 2');
  if (q.game !== undefined || q.distinct_id !== undefined) {
    const parts: string[] = ['a.device_id = d.device_id'];
    const params: unknown[] = [];
    if (q.game !== undefined) {
      params.push(q.game);
      parts.push(`a.game = $${c.params.length + params.length}`);
    }
    if (q.distinct_id !== undefined) {
      params.push(q.distinct_id);
      parts.push(`a.distinct_id = $${c.params.length + params.length}`);
    }
    c.parts.push(`EXISTS (SELECT 1 FROM device_accounts a WHERE ${parts.join(' AND ')})`);
    c.params.push(...params);
  }
  const where = c.where();
  const [count] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM player_devices d ${where}`, c.params);
  const total = Number(count?.n ?? 0);
  const offset = (q.page - 1) * q.limit;
  const rows = await db.query<{ id: string; device_id: string; device_model: string; os: string; os_version: string; first_seen: string; last_seen: string; accounts: number; account_list: DeviceRow['account_list'] | null }>(
    `SELECT d.id::text AS id, d.device_id, d.device_model, d.os, d.os_version, ${iso('d.first_seen')} AS first_seen, ${iso('d.last_seen')} AS last_seen, d.accounts,
       (SELECT json_agg(x ORDER BY x.first_seen, x.game, x.distinct_id) FROM (
          SELECT a.game, COALESCE(g.name, '#' || a.game) AS game_name, a.distinct_id, ${iso('a.first_seen')} AS first_seen, ${iso('a.last_seen')} AS last_seen
          FROM device_accounts a LEFT JOIN games g ON g.id = a.game WHERE a.device_id = d.device_id ORDER BY a.first_seen, a.game, a.distinct_id LIMIT ${ACCOUNTS_SHOWN}) x) AS account_list
     FROM player_devices d ${where} ORDER BY ${ORDER_SQL[q.ordering]} LIMIT ${q.limit} OFFSET ${offset}`,
    c.params,
  );
  return {
    page: q.page,
    limit: q.limit,
    total,
    is_next: offset + rows.length < total,
    is_previous: q.page > 1,
    data: rows.map((r) => ({ ...r, id: Number(r.id), accounts: Number(r.accounts), account_list: r.account_list ?? [] })),
  };
}

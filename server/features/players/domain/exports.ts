import { ACCOUNT_PAGE_MAX, type AccountRow, type DeviceRow, type GameUserRow, type ListPage } from '../../../../contracts/schemas';
import type { Db } from '../../../db/db';
import type { Cell } from '../../../domain/crud/xlsx-stream';
import { formatDatetime } from '../../../domain/time';
import { listAccounts, type AccountQuery } from './accounts';
import { DEVICE_PAGE_MAX, listDevices, type DeviceQuery } from './devices';
import { listGameUsers, type GameUserQuery } from './game-users';

/**
 * The exports of center_users/accounts, devices and game_users (`…/export_data/`, the screen's Export
 * button): every row the list shows for the same filters and ordering, page after page of the list
 * itself (so a row of the sheet is a row of the list), at most EXPORT_MAX rows, as sheet cells.
 */

/** The most rows one export holds (as the CRUD kit's exports). */
export const EXPORT_MAX = 100_000;

/** One sheet: its title (file name too), header, column widths and the rows as they are read. */
export interface PlayersExport {
  title: string;
  header: string[];
  widths: number[];
  /** The number of rows the sheet will hold (known before the first byte: X-Export-Rows). */
  rows: number;
  chunks: AsyncIterable<Cell[][]>;
}

const STATUS = { normal: '正常', banned: '封禁' } as const;
const when = (iso: string) => (iso ? formatDatetime(iso) : '');

/** The list's pages from the first on, as cells, until the list ends or `max` rows are out. */
async function paged<T>(list: (page: number) => Promise<ListPage<T>>, cells: (row: T) => Cell[], max = EXPORT_MAX): Promise<{ rows: number; chunks: AsyncIterable<Cell[][]> }> {
  const first = await list(1);
  const rows = Math.min(first.total, max);
  async function* chunks(): AsyncGenerator<Cell[][]> {
    let page = first;
    let out = 0;
    for (;;) {
      const take = page.data.slice(0, rows - out);
      out += take.length;
      if (take.length > 0) yield take.map(cells);
      if (!page.is_next || out >= rows || take.length === 0) return;
      page = await list(page.page + 1);
    }
  }
  return { rows, chunks: chunks() };
}

export const ACCOUNT_EXPORT_HEADER = ['玩家ID', '状态', '首次活跃', '最近活跃', '游戏数', '游戏', '累计付费(分, CNY)', '订单数'];

export const accountCells = (r: AccountRow): Cell[] => [
  r.distinct_id,
  STATUS[r.status],
  r.first_seen,
  r.last_seen,
  r.games,
  r.game_list.map((g) => g.game_name).join('、'),
  r.total_paid,
  r.orders,
];

export async function exportAccounts(db: Db, q: AccountQuery, max = EXPORT_MAX): Promise<PlayersExport> {
  const { rows, chunks } = await paged((page) => listAccounts(db, { ...q, page, limit: ACCOUNT_PAGE_MAX }), accountCells, max);
  return { title: '平台账号', header: ACCOUNT_EXPORT_HEADER, widths: [28, 8, 12, 12, 8, 40, 18, 8], rows, chunks };
}

export const DEVICE_EXPORT_HEADER = ['设备ID', '型号', '系统', '系统版本', '首次出现(北京时间)', '最近出现(北京时间)', '账号数', '账号'];

export const deviceCells = (r: DeviceRow): Cell[] => [
  r.device_id,
  r.device_model,
  r.os,
  r.os_version,
  when(r.first_seen),
  when(r.last_seen),
  r.accounts,
  r.account_list.map((a) => `${a.distinct_id}（${a.game_name}）`).join('、'),
];

export async function exportDevices(db: Db, q: DeviceQuery, max = EXPORT_MAX): Promise<PlayersExport> {
  const { rows, chunks } = await paged((page) => listDevices(db, { ...q, page, limit: DEVICE_PAGE_MAX }), deviceCells, max);
  return { title: '设备管理', header: DEVICE_EXPORT_HEADER, widths: [28, 20, 10, 10, 20, 20, 8, 50], rows, chunks };
}

export const GAME_USER_EXPORT_HEADER = ['游戏', '玩家ID', '状态', '首次活跃', '最近活跃', '活跃天数', '渠道', '注册设备', '系统', '累计付费(分, CNY)', '订单数'];

export const gameUserCells = (r: GameUserRow): Cell[] => [
  r.game_name,
  r.distinct_id,
  STATUS[r.status],
  r.first_seen,
  r.last_seen,
  r.active_days,
  r.channel,
  r.device_model,
  r.os,
  r.total_paid,
  r.orders,
];

export async function exportGameUsers(db: Db, q: GameUserQuery, max = EXPORT_MAX): Promise<PlayersExport> {
  const { rows, chunks } = await paged((page) => listGameUsers(db, { ...q, page, limit: ACCOUNT_PAGE_MAX }), gameUserCells, max);
  return { title: '游戏用户', header: GAME_USER_EXPORT_HEADER, widths: [16, 28, 8, 12, 12, 10, 12, 20, 10, 18, 8], rows, chunks };
}

import {
  GAME_INPUTS,
  GAME_KIND_NAMES,
  GAME_LABELS,
  GAME_STATUS_NAMES,
  MINI_PLATFORM_NAMES,
  SOFT_CATEGORY_NAMES,
  type GameKind,
} from '../../../../contracts/schemas';
import type { Queryable, Row } from '../../../db/db';
import { CrudError, type FieldSpec, type ResourceSpec, type SheetColumn } from '../../../domain/crud/spec';
import { datetimeCol, int, listFields, namedCol, namesCol, readOnlyCol, requireRow, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

/** Columns of the games table the rows carry (the kind-specific ones are null for other kinds). */
export const GAME_COLUMNS = ['kind', 'name', 'icon', 'status', 'partner', 'package_id', 'min_sdk', 'url', 'code', 'platform', 'app_id', 'category', 'current_release'];

/** FROM of a game row: its partner's name and its current release. */
export const GAME_FROM = 'games t LEFT JOIN partners p ON p.id = t.partner LEFT JOIN game_releases cr ON cr.id = t.current_release';

export const GAME_SELECT = selectOf(GAME_COLUMNS, [
  'p.name AS partner_name',
  'cr.version AS current_version',
  'cr.build AS current_build',
  '(SELECT count(*)::int FROM game_releases r WHERE r.game = t.id) AS release_count',
  // The game's tags ride along in the same statement.
  `COALESCE((SELECT json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) ORDER BY tg.sort, tg.id)
     FROM game_tags gt JOIN tags tg ON tg.id = gt.tag_id WHERE gt.game_id = t.id), '[]'::json) AS tag_info`,
]);

interface TagInfo {
  id: number;
  name: string;
  color: string;
}

/** The tag_info column as it comes from the driver (parsed json; text on a driver that leaves it raw). */
function tagInfoOf(raw: unknown): TagInfo[] {
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return Array.isArray(value) ? (value as TagInfo[]) : [];
}

/** A database row of GAME_SELECT → the wire row. */
export function gameView(r: Row): Record<string, unknown> {
  const tags = tagInfoOf(r.tag_info).map((t) => ({ id: t.id, name: t.name, color: t.color }));
  return {
    ...viewOf(GAME_COLUMNS)(r),
    partner_name: r.partner_name ?? null,
    current_version: r.current_version ?? null,
    current_build: r.current_build ?? null,
    release_count: r.release_count ?? 0,
    tags: tags.map((t) => t.id),
    tag_info: tags,
  };
}

/** Filters every game list has (name, status, partner, tag, ...). */
export const GAME_FIELDS: Record<string, FieldSpec> = listFields({
  name: 'icontains',
  status: 'exact',
  partner: { filter: 'int', nullable: true },
  kind: 'exact',
  tag: { sql: 'EXISTS (SELECT 1 FROM game_tags gt WHERE gt.game_id = t.id AND gt.tag_id = ANY(?::int[]))', filter: 'intAny', sortable: false },
  // The kind-specific columns (null for the other kinds).
  package_id: 'icontains', min_sdk: 'int', url: 'icontains', code: 'icontains', platform: 'exact', app_id: 'icontains', category: 'exact',
  current_version: { sql: 'cr.version', filter: 'icontains' },
  release_count: { sql: '(SELECT count(*) FROM game_releases r WHERE r.game = t.id)' },
});

/** Input key → column of each kind (kind is set by the screen, current_release by publishing). */
const KIND_COLUMNS: Record<GameKind, string[]> = {
  android: ['package_id', 'min_sdk'],
  h5: ['url', 'code'],
  mini: ['platform', 'app_id'],
  soft: ['category'],
};

const KIND_SHEET: Record<GameKind, SheetColumn[]> = {
  android: [text('package_id', '包名', 28), int('min_sdk', '最低 SDK 版本')],
  h5: [text('code', '游戏代码'), text('url', '入口地址', 40)],
  mini: [namedCol('platform', '平台', MINI_PLATFORM_NAMES), text('app_id', 'AppID', 24)],
  soft: [namedCol('category', '分类', SOFT_CATEGORY_NAMES)],
};

/** Checks the partner and tags an input names (same transaction): a clear refusal for unknown ids. */
export async function checkGameReferences(tx: Queryable, input: Record<string, unknown>): Promise<void> {
  if (typeof input.partner === 'number') await requireRow(tx, 'partners', input.partner, `合作方:id 为 ${input.partner} 的合作方不存在。`);
  if (Array.isArray(input.tags) && input.tags.length > 0) {
    const ids = [...new Set(input.tags as number[])];
    const found = await tx.query<{ id: number }>('SELECT id FROM tags WHERE id = ANY($1::int[])', [ids]);
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0) throw new CrudError(`标签:id 为 ${missing.join('、')} 的标签不存在。`);
  }
}

/** Replaces a game's tags when the input names them. */
export async function writeGameTags(tx: Queryable, id: number, input: Record<string, unknown>): Promise<void> {
  if (!Array.isArray(input.tags)) return;
  await tx.query('DELETE FROM game_tags WHERE game_id = $1', [id]);
  const ids = [...new Set(input.tags as number[])];
  if (ids.length > 0) await tx.query('INSERT INTO game_tags (game_id, tag_id) SELECT $1, unnest($2::int[])', [id, ids]);
}

/** The uniqueness rules of each kind, checked in the writing transaction with their own message. */
async function checkKindUniques(tx: Queryable, kind: GameKind, input: Record<string, unknown>, id: number | null): Promise<void> {
  const other = id ?? 0;
  if (kind === 'android' && typeof input.package_id === 'string') {
    const taken = await tx.query<{ name: string }>('SELECT name FROM games WHERE package_id = $1 AND id <> $2 LIMIT 1', [input.package_id, other]);
    if (taken[0]) throw new CrudError(`包名 ${input.package_id} 已被游戏「${taken[0].name}」使用，请换一个。`);
  }
  if (kind === 'h5' && typeof input.code === 'string') {
    const taken = await tx.query<{ name: string }>('SELECT name FROM games WHERE lower(code) = lower($1) AND id <> $2 LIMIT 1', [input.code, other]);
    if (taken[0]) throw new CrudError(`游戏代码 ${input.code} 已被游戏「${taken[0].name}」使用，请换一个。`);
  }
  if (kind === 'mini' && (typeof input.platform === 'string' || typeof input.app_id === 'string')) {
    // A partial update names one of the pair: the other is the stored one.
    const current = id === null ? undefined : (await tx.query<{ platform: string; app_id: string }>('SELECT platform, app_id FROM games WHERE id = $1', [id]))[0];
    const platform = typeof input.platform === 'string' ? input.platform : current?.platform;
    const appId = typeof input.app_id === 'string' ? input.app_id : current?.app_id;
    const taken = await tx.query<{ name: string }>('SELECT name FROM games WHERE platform = $1 AND app_id = $2 AND id <> $3 LIMIT 1', [platform, appId, other]);
    if (taken[0]) throw new CrudError(`该平台下的 AppID ${appId} 已被游戏「${taken[0].name}」使用，请换一个。`);
  }
}

/**
 * game/<kind>: the games of one kind (one table, `kind` fixed by the screen). Name, icon, status,
 * partner, tags and remark for all; Android: package id (reverse-DNS, unique) and min SDK; H5: entry
 * URL (http/https) and a unique code; mini: platform and app id; soft: category.
 */
export function gameSpec(kind: GameKind): ResourceSpec {
  const own = KIND_COLUMNS[kind];
  return {
    path: kind,
    base: `/api/game/${kind}/`,
    title: GAME_KIND_NAMES[kind],
    table: 'games',
    from: GAME_FROM,
    baseWhere: `t.kind = '${kind}'`,
    select: GAME_SELECT,
    view: gameView,
    fields: GAME_FIELDS,
    defaultOrder: '-create_datetime',
    search: ['t.name', 't.package_id', 't.code', 't.app_id', 'p.name'],
    createSchema: GAME_INPUTS[kind],
    labels: GAME_LABELS,
    columns: writeColumns(['name', 'icon', 'status', 'partner', ...own]),
    beforeWrite: async ({ tx }, input, values, id) => {
      if (id === null) values.kind = kind;
      await checkGameReferences(tx, input);
      await checkKindUniques(tx, kind, input, id);
    },
    afterWrite: async ({ tx }, id, input) => writeGameTags(tx, id, input),
    beforeDelete: async ({ tx }, ids) => {
      const batches = await tx.query<{ name: string; n: number }>(
        'SELECT g.name, count(b.id)::int AS n FROM games g JOIN gift_code_batches b ON b.game = g.id WHERE g.id = ANY($1::int[]) GROUP BY g.name ORDER BY g.name LIMIT 1',
        [ids],
      );
      if (batches[0]) throw new CrudError(`游戏「${batches[0].name}」还有 ${batches[0].n} 个兑换码批次，不能删除。请先删除这些批次，或把游戏设为已下线。`);
    },
    sheet: [
      text('name', '游戏名称', 24),
      ...KIND_SHEET[kind],
      namedCol('status', '状态', GAME_STATUS_NAMES),
      readOnlyCol('partner_name', '合作方', 20),
      namesCol('tag_info', '标签', 24),
      readOnlyCol('current_version', '当前版本'),
      readOnlyCol('release_count', '版本数'),
      text('description', '备注', 30),
      datetimeCol('create_datetime', '创建时间'),
    ],
  };
}

/** game/detail's list: every game whatever its kind (the pickers of the release, batch and account forms; `ids`, `search`, `kind`). */
export function allGamesSpec(): ResourceSpec {
  return { ...gameSpec('android'), path: 'detail', base: '/api/game/detail/', title: '游戏', baseWhere: undefined };
}

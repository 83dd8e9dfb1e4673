import { datetimeInputToIso, GAME_KIND_NAMES, RELEASE_LABELS, releaseInput, releaseUpdateInput, type GameKind } from '../../../../contracts/schemas';
import type { Queryable } from '../../../db/db';
import { dt } from '../../../domain/crud/resource';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { datetimeCol, int, listFields, namedCol, readOnlyCol, selectOf, text, viewOf, writeColumns, yesNoCol } from '../../../domain/crud/resource-helpers';

const RELEASE_COLUMNS = ['game', 'version', 'build', 'changelog', 'file', 'file_url', 'file_name', 'size', 'sha256', 'channels', 'release_time', 'status', 'publish_time'];

export const RELEASE_FROM = 'game_releases t JOIN games g ON g.id = t.game';
export const RELEASE_SELECT = selectOf(RELEASE_COLUMNS, ['g.name AS game_name', 'g.kind AS game_kind', 'COALESCE(g.current_release = t.id, false) AS is_current']);

/** A database row of RELEASE_SELECT → the wire row. */
export function releaseView(r: Record<string, unknown>): Record<string, unknown> {
  return {
    ...viewOf(RELEASE_COLUMNS)(r),
    size: r.size === null || r.size === undefined ? null : Number(r.size),
    channels: Array.isArray(r.channels) ? r.channels : [],
    release_time: dt(r.release_time),
    publish_time: dt(r.publish_time),
    game_name: r.game_name,
    game_kind: r.game_kind,
    is_current: r.is_current === true,
  };
}

/** Package file types a release of each kind may carry (by extension). */
export const RELEASE_PACKAGE_TYPES: Record<GameKind, readonly string[]> = {
  android: ['apk', 'aab'],
  h5: ['zip'],
  mini: ['zip'],
  soft: ['apk', 'exe', 'msi', 'dmg', 'pkg', 'deb', 'rpm', 'zip'],
};

/** Kinds whose releases must carry a package (H5 and mini games are served by their platform). */
const PACKAGE_REQUIRED: readonly GameKind[] = ['android', 'soft'];

const STATUS_NAMES: Record<string, string> = { draft: '未发布', published: '已发布', rolled_back: '已回滚' };

/** The game a release belongs to, locked for the rest of the transaction (builds are numbered under it). */
export async function lockGame(tx: Queryable, id: number): Promise<{ id: number; name: string; kind: GameKind; current_release: number | null } | null> {
  const rows = await tx.query<{ id: number; name: string; kind: GameKind; current_release: number | null }>(
    'SELECT id, name, kind, current_release FROM games WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

/**
 * game/history: releases of the games. A new release is a draft with a build number greater than every
 * build of its game (checked under a lock on the game) and a semantic version unique in the game; its
 * package is an upload of purpose `package`, whose size and SHA-256 the server computed. Publishing and
 * rolling back are actions (server/domain/game/releases.ts). Only drafts can be deleted.
 */
export function releaseSpec(): ResourceSpec {
  return {
    path: 'history',
    base: '/api/game/history/',
    title: '版本历史',
    table: 'game_releases',
    from: RELEASE_FROM,
    select: RELEASE_SELECT,
    view: releaseView,
    fields: listFields({
      game: 'int', game_kind: { sql: 'g.kind', filter: 'exact' }, game_name: { sql: 'g.name', filter: 'icontains' }, version: 'icontains', build: 'int', status: 'exact', sha256: 'istartswith',
      channel: { sql: 'jsonb_exists_any(t.channels, ?::text[])', filter: 'textAny', sortable: false },
      size: 'sort', release_time: 'sort', publish_time: 'sort',
    }),
    defaultOrder: '-release_time',
    search: ['g.name', 't.version', 't.changelog', 't.sha256', 't.file_name'],
    createSchema: releaseInput,
    updateSchema: releaseUpdateInput,
    labels: RELEASE_LABELS,
    columns: writeColumns(['game', 'version', 'build', 'changelog', 'channels', 'release_time'], {
      channels: { json: true },
      release_time: { toDb: (v) => (typeof v === 'string' ? datetimeInputToIso(v) : undefined) },
    }),
    beforeWrite: async ({ tx }, input, values, id) => {
      if (values.release_time === null || values.release_time === undefined) delete values.release_time;
      if (id !== null) return;
      const game = await lockGame(tx, input.game as number);
      if (!game) throw new CrudError(`游戏:id 为 ${String(input.game)} 的游戏不存在。`);
      const top = await tx.query<{ build: number; version: string }>('SELECT build, version FROM game_releases WHERE game = $1 ORDER BY build DESC LIMIT 1', [game.id]);
      if (top[0] && (input.build as number) <= top[0].build) {
        throw new CrudError(`构建号:必须大于该游戏已有的最大构建号 ${top[0].build}（版本 ${top[0].version}）。`);
      }
      const sameVersion = await tx.query('SELECT 1 FROM game_releases WHERE game = $1 AND version = $2', [game.id, input.version]);
      if (sameVersion.length > 0) throw new CrudError(`版本号:游戏「${game.name}」已有版本 ${String(input.version)}。`);
      if (typeof input.file === 'number') {
        const file = (
          await tx.query<{ id: number; url: string; name: string; size: string | number; sha256: string | null; purpose: string | null }>(
            'SELECT id, url, name, size, sha256, purpose FROM file_list WHERE id = $1',
            [input.file],
          )
        )[0];
        if (!file || file.purpose !== 'package' || !file.sha256) throw new CrudError('安装包:找不到这个安装包，请重新上传（POST /api/game/upload/package/）。');
        const ext = (file.name.split('.').pop() ?? '').toLowerCase();
        const allowed = RELEASE_PACKAGE_TYPES[game.kind];
        if (!allowed.includes(ext)) throw new CrudError(`安装包:${GAME_KIND_NAMES[game.kind]}的安装包只能是 ${allowed.map((x) => `.${x}`).join('、')} 文件。`);
        Object.assign(values, { file: file.id, file_url: file.url, file_name: file.name, size: Number(file.size), sha256: file.sha256 });
      } else if (PACKAGE_REQUIRED.includes(game.kind)) {
        throw new CrudError(`安装包:${GAME_KIND_NAMES[game.kind]}的版本必须上传安装包。`);
      }
    },
    beforeDelete: async ({ tx }, ids) => {
      const kept = await tx.query<{ version: string; name: string }>(
        "SELECT t.version, g.name FROM game_releases t JOIN games g ON g.id = t.game WHERE t.id = ANY($1::int[]) AND t.status <> 'draft' ORDER BY t.id LIMIT 1",
        [ids],
      );
      if (kept[0]) throw new CrudError(`「${kept[0].name}」的版本 ${kept[0].version} 已发布过，不能删除（版本记录要保留）。`);
    },
    sheet: [
      readOnlyCol('game_name', '游戏', 20),
      text('version', '版本号'),
      int('build', '构建号'),
      namedCol('status', '状态', STATUS_NAMES),
      yesNoCol('is_current', '当前版本'),
      { field: 'channels', title: '发布渠道', width: 24, format: (v) => (Array.isArray(v) ? v.join(',') : null) },
      readOnlyCol('file_name', '安装包', 24),
      readOnlyCol('size', '大小（字节）'),
      readOnlyCol('sha256', 'SHA-256', 66),
      text('changelog', '更新说明', 40),
      datetimeCol('release_time', '发布时间'),
      datetimeCol('publish_time', '上线时间'),
    ],
  };
}

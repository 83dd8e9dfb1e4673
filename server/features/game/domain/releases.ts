import type { Db, Queryable } from '../../../db/db';
import { CrudError } from '../../../domain/crud/spec';
import { lockGame } from '../resources/release';
import type { Account } from '../../../domain/users';

interface ReleaseFacts {
  id: number;
  game: number;
  version: string;
  build: number;
  status: 'draft' | 'published' | 'rolled_back';
}

async function lockedRelease(db: Queryable, id: number): Promise<ReleaseFacts | null> {
  const rows = await db.query<ReleaseFacts>('SELECT id, game, version, build, status FROM game_releases WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

/**
 * Publishes a release: it becomes its game's current version. Only a release newer (by build) than
 * the current one can be published; going back to an older one is a rollback. Publishing a rolled-back
 * release again is allowed when it is newer than the current one. Returns false when the release does
 * not exist.
 */
export async function publishRelease(db: Db, id: number, account: Account): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = (await tx.query<{ game: number }>('SELECT game FROM game_releases WHERE id = $1', [id]))[0];
    if (!first) return false;
    // The game first, then the release: the same order as creating a release, so no deadlock.
    const game = await lockGame(tx, first.game);
    const release = await lockedRelease(tx, id);
    if (!game || !release) return false;
    if (game.current_release === release.id) throw new CrudError(`版本 ${release.version} 已经是「${game.name}」的当前版本。`);
    if (game.current_release !== null) {
      const current = (await tx.query<{ version: string; build: number }>('SELECT version, build FROM game_releases WHERE id = $1', [game.current_release]))[0];
      if (current && release.build <= current.build) {
        throw new CrudError(`版本 ${release.version}（构建号 ${release.build}）不比当前版本 ${current.version}（构建号 ${current.build}）新，不能发布；要回到旧版本请使用回滚。`);
      }
    }
    await tx.query(
      "UPDATE game_releases SET status = 'published', publish_time = now(), modifier = $2, update_datetime = now() WHERE id = $1",
      [id, String(account.id)],
    );
    await tx.query('UPDATE games SET current_release = $2, modifier = $3, update_datetime = now() WHERE id = $1', [game.id, id, String(account.id)]);
    return true;
  });
}

/**
 * Rolls a game back to an earlier release (`id`, one that was published before): it becomes the
 * current version again and the release that was current is marked rolled back. Returns false when
 * the release does not exist.
 */
export async function rollbackToRelease(db: Db, id: number, account: Account): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = (await tx.query<{ game: number }>('SELECT game FROM game_releases WHERE id = $1', [id]))[0];
    if (!first) return false;
    const game = await lockGame(tx, first.game);
    const target = await lockedRelease(tx, id);
    if (!game || !target) return false;
    if (game.current_release === target.id) throw new CrudError(`版本 ${target.version} 就是当前版本，无需回滚。`);
    if (target.status !== 'published') {
      throw new CrudError(
        target.status === 'draft' ? `版本 ${target.version} 从未发布过，不能回滚到它；请直接发布。` : `版本 ${target.version} 已被回滚撤下，不能回滚到它。`,
      );
    }
    if (game.current_release === null) throw new CrudError(`「${game.name}」没有当前版本，请直接发布。`);
    const current = await lockedRelease(tx, game.current_release);
    if (current && target.build > current.build) throw new CrudError(`版本 ${target.version} 比当前版本 ${current.version} 新，请使用发布。`);
    await tx.query("UPDATE game_releases SET status = 'rolled_back', modifier = $2, update_datetime = now() WHERE id = $1", [game.current_release, String(account.id)]);
    await tx.query('UPDATE games SET current_release = $2, modifier = $3, update_datetime = now() WHERE id = $1', [game.id, id, String(account.id)]);
    await tx.query('UPDATE game_releases SET modifier = $2, update_datetime = now() WHERE id = $1', [id, String(account.id)]);
    return true;
  });
}

import type { Db } from '../../../db/db';
import { formatDatetime } from '../../../domain/time';
import { batchState } from './gift-codes';

type Extra = Record<string, string | number | null>;

export interface LookupHit {
  type: 'game' | 'release' | 'h5' | 'gift_code' | 'batch';
  id: number | string;
  title: string;
  matched: string;
  game: number;
  game_name: string;
  kind: string;
  status: string;
  link: { path: string; query: Record<string, string> };
  extra: Extra;
}

const LIMIT = 20;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const detailLink = (id: number) => ({ path: '/game/detail', query: { id: String(id) } });

/**
 * game/query: one search box over every identifier of the catalogue: a game by id, name, package id
 * or mini app id; an H5 game by its code; a release by version or SHA-256 (8+ hex characters); a
 * gift code exactly; a batch by id or name. Each hit names the console route that shows it.
 */
export async function lookup(db: Db, raw: string, now = Date.now()): Promise<{ search: string; total: number; data: LookupHit[] }> {
  const search = raw.trim();
  const like = `%${escapeLike(search.toLowerCase())}%`;
  const asId = /^\d{1,9}$/.test(search) ? Number(search) : null;
  const hex = /^[0-9a-f]{8,64}$/i.test(search) ? search.toLowerCase() : null;
  const [games, releases, codes, batches] = await Promise.all([
    db.query<{ id: number; name: string; kind: string; status: string; package_id: string | null; code: string | null; app_id: string | null; matched: string }>(
      `SELECT t.id, t.name, t.kind, t.status, t.package_id, t.code, t.app_id,
         CASE WHEN t.id = $2 THEN 'id' WHEN lower(t.code) = lower($3) THEN 'code' WHEN lower(t.package_id) LIKE $1 ESCAPE '\\' THEN 'package_id'
              WHEN lower(t.app_id) LIKE $1 ESCAPE '\\' THEN 'app_id' WHEN lower(t.code) LIKE $1 ESCAPE '\\' THEN 'code' ELSE 'name' END AS matched
       FROM games t
       WHERE t.id = $2 OR lower(t.name) LIKE $1 ESCAPE '\\' OR lower(t.package_id) LIKE $1 ESCAPE '\\' OR lower(t.code) LIKE $1 ESCAPE '\\' OR lower(t.app_id) LIKE $1 ESCAPE '\\'
       ORDER BY (t.id = $2 OR lower(t.code) = lower($3)) DESC, t.name, t.id LIMIT ${LIMIT}`,
      [like, asId ?? -1, search],
    ),
    db.query<{ id: number; version: string; build: number; status: string; sha256: string | null; game: number; game_name: string; kind: string; is_current: boolean; matched: string }>(
      `SELECT r.id, r.version, r.build, r.status, r.sha256, r.game, g.name AS game_name, g.kind, COALESCE(g.current_release = r.id, false) AS is_current,
         CASE WHEN r.version = $1 THEN 'version' ELSE 'sha256' END AS matched
       FROM game_releases r JOIN games g ON g.id = r.game
       WHERE r.version = $1 OR ($2::text IS NOT NULL AND r.sha256 LIKE $2 || '%')
       ORDER BY g.name, r.build DESC LIMIT ${LIMIT}`,
      [search, hex],
    ),
    db.query<{ code: string; player: string | null; redeem_time: Date | null; batch: number; status: string; start_time: Date; end_time: Date; game: number; game_name: string; kind: string; reward: string }>(
      `SELECT c.code, c.player, c.redeem_time, c.batch, b.status, b.start_time, b.end_time, b.game, g.name AS game_name, g.kind, b.reward
       FROM gift_codes c JOIN gift_code_batches b ON b.id = c.batch JOIN games g ON g.id = b.game
       WHERE c.code = upper($1)`,
      [search],
    ),
    db.query<{ id: number; name: string | null; status: string; start_time: Date; end_time: Date; game: number; game_name: string; kind: string; count: number; redeemed: number; matched: string }>(
      `SELECT b.id, b.name, b.status, b.start_time, b.end_time, b.game, g.name AS game_name, g.kind, b.count, b.redeemed,
         CASE WHEN b.id = $2 THEN 'id' ELSE 'name' END AS matched
       FROM gift_code_batches b JOIN games g ON g.id = b.game
       WHERE b.id = $2 OR lower(b.name) LIKE $1 ESCAPE '\\'
       ORDER BY b.id DESC LIMIT ${LIMIT}`,
      [like, asId ?? -1],
    ),
  ]);
  const data: LookupHit[] = [];
  for (const c of codes) {
    const state = batchState(c, now);
    data.push({
      type: 'gift_code',
      id: c.code,
      title: c.code,
      matched: 'gift_code',
      game: c.game,
      game_name: c.game_name,
      kind: c.kind,
      status: c.player !== null ? 'redeemed' : state === 'void' ? 'void' : state === 'expired' ? 'expired' : 'unused',
      link: { path: '/game/code', query: { batch: String(c.batch) } },
      extra: { batch: c.batch, player: c.player, redeem_time: c.redeem_time ? formatDatetime(c.redeem_time) : null, reward: c.reward },
    });
  }
  for (const g of games) {
    const h5 = g.kind === 'h5' && g.matched === 'code';
    data.push({
      type: h5 ? 'h5' : 'game',
      id: g.id,
      title: h5 ? (g.code ?? g.name) : g.name,
      matched: g.matched,
      game: g.id,
      game_name: g.name,
      kind: g.kind,
      status: g.status,
      link: detailLink(g.id),
      extra: { package_id: g.package_id, code: g.code, app_id: g.app_id },
    });
  }
  for (const r of releases) {
    data.push({
      type: 'release',
      id: r.id,
      title: r.version,
      matched: r.matched,
      game: r.game,
      game_name: r.game_name,
      kind: r.kind,
      status: r.is_current ? 'current' : r.status,
      link: { path: '/game/history', query: { game: String(r.game) } },
      extra: { build: r.build, sha256: r.sha256 },
    });
  }
  for (const b of batches) {
    data.push({
      type: 'batch',
      id: b.id,
      title: b.name ?? `#${b.id}`,
      matched: b.matched,
      game: b.game,
      game_name: b.game_name,
      kind: b.kind,
      status: batchState(b, now),
      link: { path: '/game/code', query: { batch: String(b.id) } },
      extra: { count: b.count, redeemed: b.redeemed },
    });
  }
  return { search, total: data.length, data };
}

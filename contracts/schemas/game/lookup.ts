import { z } from 'zod';
import { datetime } from '../envelope';
import { fileRow } from '../files';
import { gameKind, gameRow, gameStatus } from './game';
import { releaseChannel, releaseRow } from './release';

/** GET /api/game/query/?search=: what one identifier found, each with the screen that shows it. */
export const LOOKUP_TYPES = ['game', 'release', 'h5', 'gift_code', 'batch'] as const;
export const lookupHit = z.object({
  type: z.enum(LOOKUP_TYPES),
  id: z.union([z.number().int(), z.string()]),
  /** The object's own name (game name, version, code). */
  title: z.string(),
  /** Which identifier matched: name, package_id, code, app_id, version, sha256, gift_code, id, ... */
  matched: z.string(),
  game: z.number().int(),
  game_name: z.string(),
  kind: gameKind,
  status: z.string(),
  /** The console route (menu web_path) and query that show it, e.g. { path: '/game/detail', query: { id: '3' } }. */
  link: z.object({ path: z.string(), query: z.record(z.string(), z.string()) }),
  /** Extra facts per type (a gift code's player and redeem time, a release's build, ...). */
  extra: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type LookupHit = z.infer<typeof lookupHit>;
export const lookupResult = z.object({ search: z.string(), total: z.number().int(), data: z.array(lookupHit) });
export type LookupResult = z.infer<typeof lookupResult>;
export const lookupQuery = z.object({ search: z.string().trim().min(1).max(100) });

/** GET /api/game/detail/{id}/: one game of any kind with what its detail tabs show. */
export const gameDetail = gameRow.extend({
  current: releaseRow.nullable(),
  releases: z.object({ total: z.number().int(), published: z.number().int(), drafts: z.number().int() }),
  /** Per channel, the newest published release that ships to it. */
  channels: z.array(z.object({ channel: releaseChannel, version: z.string(), build: z.number().int(), release_time: datetime, is_current: z.boolean() })),
  codes: z.object({ batches: z.number().int(), total: z.number().int(), redeemed: z.number().int(), active_batches: z.number().int() }),
  /** Revenue (minor units, CNY) and players: zero until the revenue and player areas exist. */
  summary: z.object({ revenue_today: z.number().int(), revenue_30d: z.number().int(), players: z.number().int(), paying_players: z.number().int(), currency: z.string() }),
});
export type GameDetail = z.infer<typeof gameDetail>;

/** GET /api/game/h5/preview/?code= (open, no token): what /preview shows of an H5 game. */
export const h5Preview = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  url: z.string(),
  icon: z.string().nullable(),
  status: gameStatus,
  version: z.string().nullable(),
  build: z.number().int().nullable(),
});
export type H5Preview = z.infer<typeof h5Preview>;
export const previewQuery = z.object({ code: z.string().trim().min(1).max(32) });

/** Upload purposes (POST /api/game/upload/<purpose>/): their file types and size limits come from the server. */
export const UPLOAD_PURPOSES = ['icon', 'package'] as const;
export const uploadPurpose = z.enum(UPLOAD_PURPOSES);
export type UploadPurpose = z.infer<typeof uploadPurpose>;

/** The answer of POST /api/game/upload/: the file_list row plus the SHA-256 the server computed. */
export const purposeUpload = fileRow.extend({ sha256: z.string().regex(/^[0-9a-f]{64}$/), purpose: uploadPurpose });
export type PurposeUpload = z.infer<typeof purposeUpload>;

/** GET /api/game/upload/limits/: per purpose, the accepted extensions and the largest size (bytes). */
export const uploadLimits = z.record(uploadPurpose, z.object({ extensions: z.array(z.string()), max_bytes: z.number().int().positive() }));
export type UploadLimits = z.infer<typeof uploadLimits>;

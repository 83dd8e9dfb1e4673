import { randomBytes } from 'node:crypto';
import { TRACKING_APP_LABELS, TRACKING_SECRET_MASK_PREFIX, trackingAppInput, trackingAppUpdate } from '../../../../contracts/schemas';
import type { Queryable } from '../../../db/db';
import type { SecretBox } from '../../../domain/secret-box';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { bool, listFields, readOnlyCol, remarkAndCreatedCols, requireRow, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const APP_COLUMNS = ['game', 'app_key', 'enabled'];

/** A new public key: `pk_` and 32 hex characters (128 bits from the system's CSPRNG). */
export function newPublicKey(): string {
  return `pk_${randomBytes(16).toString('hex')}`;
}

function originsOf(v: unknown): string[] {
  const list: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string') : [];
}

/** A new app key (24 hex characters) and secret (64 hex characters), both from the system's CSPRNG. */
export function newCredentials(): { appKey: string; secret: string } {
  return { appKey: randomBytes(12).toString('hex'), secret: randomBytes(32).toString('hex') };
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/**
 * embed_configure/game: tracking apps, the games that send events. Each has an app key and a secret
 * (HMAC key of the SDK's batches), generated on create and replaced together by the regenerate action
 * (routes/embed.ts), the only answer that ever holds the secret. The secret is sealed with the
 * SecretBox and never selected by lists or reads: rows show '••••' and its last 4 characters. A game
 * has at most one app. Deleting an app keeps the game's stored events. Each app also has a public key
 * (write-only, events only; shown in rows, generated on create, replaced alone by …/public_key/) and
 * its allowed origins (editable by PUT; normalised by the contract's `allowedOrigins`).
 */
export function trackingAppSpec(box: SecretBox, onChange: () => void = () => undefined): ResourceSpec {
  return {
    path: 'game',
    base: '/api/embed_configure/game/',
    title: '埋点应用',
    table: 'tracking_apps',
    from: 'tracking_apps t JOIN games g ON g.id = t.game',
    select: selectOf(APP_COLUMNS, [
      'g.name AS game_name',
      'g.kind AS game_kind',
      't.secret_last4',
      't.public_key',
      't.allowed_origins',
      '(SELECT max(h.last_time) FROM tracking_hourly h WHERE h.game = t.game) AS last_event_time',
      "(SELECT COALESCE(sum(h.events), 0)::int FROM tracking_hourly h WHERE h.game = t.game AND h.hour > now() - interval '7 days') AS events_7d",
    ]),
    view: (r) => ({
      ...viewOf(APP_COLUMNS)(r),
      game_name: r.game_name,
      game_kind: r.game_kind,
      secret_mask: `${TRACKING_SECRET_MASK_PREFIX}${String(r.secret_last4 ?? '')}`,
      last_event_time: iso(r.last_event_time),
      events_7d: Number(r.events_7d ?? 0),
      public_key: String(r.public_key ?? ''),
      allowed_origins: originsOf(r.allowed_origins),
    }),
    fields: listFields({ game: 'int', game_name: { sql: 'g.name', filter: 'icontains' }, app_key: 'exact', enabled: 'bool' }),
    defaultOrder: '-create_datetime',
    search: ['g.name', 't.app_key'],
    createSchema: trackingAppInput,
    updateSchema: trackingAppUpdate,
    labels: TRACKING_APP_LABELS,
    columns: writeColumns(['game', 'enabled', 'allowed_origins'], { allowed_origins: { json: true } }),
    beforeWrite: async ({ tx }, input, values, id) => {
      if (id !== null) return;
      const gameId = Number(input.game);
      const game = await requireRow<{ name: string }>(tx, 'games', gameId, `游戏:id 为 ${gameId} 的游戏不存在。`, 'name');
      const taken = await tx.query('SELECT 1 FROM tracking_apps WHERE game = $1', [gameId]);
      if (taken.length > 0) throw new CrudError(`游戏「${game.name}」已有埋点应用，每个游戏只能有一个。`);
      const { appKey, secret } = newCredentials();
      values.app_key = appKey;
      values.secret = box.seal(secret);
      values.secret_last4 = secret.slice(-4);
      values.public_key = newPublicKey();
    },
    changed: onChange,
    // The export never carries a secret.
    sheet: [
      readOnlyCol('game_name', '游戏', 20),
      text('app_key', 'App Key', 28),
      readOnlyCol('public_key', '公开密钥', 38),
      { field: 'allowed_origins', title: '允许的来源', width: 40, format: (v) => (Array.isArray(v) ? v.join('\n') : '') },
      readOnlyCol('secret_mask', '密钥'),
      bool('enabled', '状态'),
      { field: 'last_event_time', title: '最近事件时间', width: 24 },
      readOnlyCol('events_7d', '近 7 天事件数'),
      ...remarkAndCreatedCols(),
    ],
  };
}

/**
 * Replaces an app's key and secret at once (the old pair stops working with this commit). Returns the
 * new pair, or null when the app does not exist.
 */
export async function regenerateCredentials(tx: Queryable, box: SecretBox, id: number, modifier: number): Promise<{ app_key: string; secret: string } | null> {
  const { appKey, secret } = newCredentials();
  const rows = await tx.query('UPDATE tracking_apps SET app_key = $2, secret = $3, secret_last4 = $4, modifier = $5, update_datetime = now() WHERE id = $1 RETURNING id', [
    id,
    appKey,
    box.seal(secret),
    secret.slice(-4),
    String(modifier),
  ]);
  return rows.length === 0 ? null : { app_key: appKey, secret };
}

/** Replaces an app's public key alone (the old one stops working with this commit). Null: no such app. */
export async function regeneratePublicKey(tx: Queryable, id: number, modifier: number): Promise<{ public_key: string } | null> {
  const key = newPublicKey();
  const rows = await tx.query('UPDATE tracking_apps SET public_key = $2, modifier = $3, update_datetime = now() WHERE id = $1 RETURNING id', [id, key, String(modifier)]);
  return rows.length === 0 ? null : { public_key: key };
}

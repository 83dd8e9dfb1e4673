import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/db';
import { isRecord } from '../../is-record';
import { LoadingCache } from '../cache';
import type { SecretBox } from '../secret-box';

/**
 * Signed ingestion (POST /api/embed/track/ for events, POST /api/ingest/orders/ for payment
 * callbacks): who is sending (the tracking app's key → game and secret), whether the raw body is
 * signed with that secret (HMAC-SHA256, hex), and the body's outer shape. Both paths check a batch
 * here, in this order, with the same refusals; what the items are is each path's own business. No
 * Fastify here (http/signed-ingest.ts is the HTTP side).
 *
 * Public-key ingestion (events only): openPublicBatch finds the app by its public key (header or body),
 * checks the page's Origin against the app's allowed origins and the body's shape. The signed check
 * refuses a public key outright: orders are only ever signed with the secret.
 */

/** Cached apps are re-read after this long at the latest (writes by this process: at once). */
const APP_TTL_MS = 5_000;

/** A batch-level refusal: HTTP status = envelope code. */
export class IngestError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 413 | 429,
    message: string,
    /** The app the batch was for, when it was known before the refusal (the live view shows the refusal). */
    readonly app: { id: number } | null = null,
  ) {
    super(message);
  }
}

export interface IngestApp {
  id: number;
  game: number;
  enabled: boolean;
  secret: string;
}

/** An app as found by its public key: no secret. */
export interface PublicApp {
  id: number;
  game: number;
  enabled: boolean;
  /** Normalised origins (scheme://host[:port]). */
  origins: readonly string[];
}

/** The ingestion request headers: X-App-Key and X-Signature (signed), X-Public-Key and Origin (public). */
export interface SignedHeaders {
  appKey: string | undefined;
  signature: string | undefined;
  publicKey?: string | undefined;
  origin?: string | undefined;
}

export function signBody(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Constant-time check of a hex signature (any case) against the body's HMAC. */
export function signatureMatches(secret: string, body: Buffer, signature: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The tracking apps by key, cached (re-read once this process writes the table, and after APP_TTL_MS for other writers). */
export class IngestApps {
  private readonly apps: LoadingCache<string, IngestApp | null>;
  private readonly publicApps: LoadingCache<string, PublicApp | null>;
  private readonly origins: LoadingCache<'all', ReadonlySet<string>>;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {
    const options = { changes: db.changes, tables: ['tracking_apps'], maxEntries: 10_000 };
    this.apps = new LoadingCache((key) => this.load(key), APP_TTL_MS, options);
    this.publicApps = new LoadingCache((key) => this.loadPublic(key), APP_TTL_MS, options);
    this.origins = new LoadingCache(() => this.loadOrigins(), APP_TTL_MS, options);
  }

  app(key: string): Promise<IngestApp | null> {
    return this.apps.get(key);
  }

  /** The app of a public key (null: unknown; a revoked key is unknown). */
  byPublicKey(key: string): Promise<PublicApp | null> {
    return this.publicApps.get(key);
  }

  /** Whether any enabled app allows this page origin (a CORS preflight names no key). */
  async anyAllows(origin: string): Promise<boolean> {
    return (await this.origins.get('all')).has(origin);
  }

  private async loadPublic(key: string): Promise<PublicApp | null> {
    const row = (await this.db.query<{ id: number; game: number; enabled: boolean; allowed_origins: unknown }>('SELECT id, game, enabled, allowed_origins FROM tracking_apps WHERE public_key = $1', [key]))[0];
    if (!row) return null;
    return { id: row.id, game: row.game, enabled: row.enabled, origins: originList(row.allowed_origins) };
  }

  private async loadOrigins(): Promise<ReadonlySet<string>> {
    const rows = await this.db.query<{ allowed_origins: unknown }>("SELECT allowed_origins FROM tracking_apps WHERE enabled AND allowed_origins <> '[]'::jsonb");
    return new Set(rows.flatMap((r) => originList(r.allowed_origins)));
  }

  private async load(key: string): Promise<IngestApp | null> {
    const row = (await this.db.query<{ id: number; game: number; enabled: boolean; secret: string }>('SELECT id, game, enabled, secret FROM tracking_apps WHERE app_key = $1', [key]))[0];
    if (!row) return null;
    let secret: string;
    try {
      secret = this.box.open(row.secret);
    } catch {
      // Sealed with another key (ACCOUNT_SECRET_KEY changed): no batch can be verified until regenerated.
      return null;
    }
    return { id: row.id, game: row.game, enabled: row.enabled, secret };
  }
}

function originList(v: unknown): string[] {
  const list: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string') : [];
}

const PUBLIC_ON_SIGNED = '此接口只接受服务器用密钥签名的请求（X-App-Key + X-Signature）；公开密钥（public key）只能发送事件';

/**
 * Opens one signed batch: the app by key (enabled), the signature over the raw body, the body as JSON
 * of the shape {"<field>": [...]} with at least one item. Answers the app and the items; every
 * batch-level problem throws IngestError (401 for the key and the signature, 400 for the body).
 */
export async function openSignedBatch(apps: IngestApps, headers: SignedHeaders, raw: Buffer, field: string): Promise<{ app: IngestApp; items: unknown[] }> {
  const appKey = headers.appKey?.trim() ?? '';
  // A public key (header, or the body's field) never signs anything: said plainly instead of "no key".
  if (appKey === '' && ((headers.publicKey?.trim() ?? '') !== '' || raw.includes('"public_key"'))) throw new IngestError(401, PUBLIC_ON_SIGNED);
  if (appKey === '') throw new IngestError(401, '缺少 X-App-Key 请求头');
  if (appKey.length > 64) throw new IngestError(401, 'App Key 不存在或已停用');
  const app = await apps.app(appKey);
  if (!app || !app.enabled) throw new IngestError(401, 'App Key 不存在或已停用');
  const signature = headers.signature?.trim() ?? '';
  if (signature === '') throw new IngestError(401, '缺少 X-Signature 请求头');
  if (!signatureMatches(app.secret, raw, signature)) throw new IngestError(401, '签名不正确：X-Signature 应为请求体原文的 HMAC-SHA256（十六进制）');
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new IngestError(400, '请求体不是合法的 JSON');
  }
  const items = isRecord(body) ? body[field] : undefined;
  if (!Array.isArray(items)) throw new IngestError(400, `请求体应为 {"${field}": [...]}`);
  if (items.length === 0) throw new IngestError(400, `${field} 不能为空`);
  return { app, items };
}

/** No key of either kind: what the two ways are. */
export const MISSING_KEY = '缺少密钥：浏览器和小游戏用公开密钥（请求头 X-Public-Key 或请求体的 "public_key"），服务器用 X-App-Key + X-Signature 签名';

/** Longest public key looked up (longer ones are unknown without a query). */
const PUBLIC_KEY_MAX = 64;

/** The body of a public-key batch as JSON (any content type: sendBeacon sends text/plain). */
export function parsePublicBody(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new IngestError(400, '请求体不是合法的 JSON（text/plain 的请求体也应为 JSON 文本）');
  }
}

/** The public key of a request: the X-Public-Key header, else the body's "public_key" (null: none given). */
export function publicKeyOf(headers: SignedHeaders, body: unknown): string | null {
  const header = headers.publicKey?.trim() ?? '';
  if (header !== '') return header;
  const field = isRecord(body) ? body.public_key : undefined;
  return typeof field === 'string' && field.trim() !== '' ? field.trim() : null;
}

/**
 * Opens one public-key batch (events only): the app by public key (enabled), the page's Origin among
 * the app's allowed origins when there is one (403 otherwise; no Origin: accepted), the body of the
 * shape {"events": [...]} with at least one item. `body` is the parsed raw body (parsePublicBody).
 */
export async function openPublicBatch(apps: IngestApps, headers: SignedHeaders, body: unknown, field: string): Promise<{ app: PublicApp; items: unknown[] }> {
  const key = publicKeyOf(headers, body);
  if (key === null) throw new IngestError(401, MISSING_KEY);
  const app = key.length > PUBLIC_KEY_MAX ? null : await apps.byPublicKey(key);
  if (!app || !app.enabled) throw new IngestError(401, '公开密钥不存在、已停用或已重新生成');
  const origin = headers.origin;
  if (origin !== undefined && !app.origins.includes(origin)) {
    const shown = origin.length > 80 ? `${origin.slice(0, 80)}…` : origin;
    throw new IngestError(403, `来源 ${shown} 不在该埋点应用允许的来源（allowed_origins）中`, app);
  }
  const items = isRecord(body) ? body[field] : undefined;
  if (!Array.isArray(items)) throw new IngestError(400, `请求体应为 {"${field}": [...]}`, app);
  if (items.length === 0) throw new IngestError(400, `${field} 不能为空`, app);
  return { app, items };
}

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
 */

/** Cached apps are re-read after this long at the latest (writes by this process: at once). */
const APP_TTL_MS = 5_000;

/** A batch-level refusal: HTTP status = envelope code. */
export class IngestError extends Error {
  constructor(
    readonly status: 400 | 401 | 413,
    message: string,
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

/** The signed-request headers: X-App-Key and X-Signature. */
export interface SignedHeaders {
  appKey: string | undefined;
  signature: string | undefined;
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

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {
    this.apps = new LoadingCache((key) => this.load(key), APP_TTL_MS, { changes: db.changes, tables: ['tracking_apps'], maxEntries: 10_000 });
  }

  app(key: string): Promise<IngestApp | null> {
    return this.apps.get(key);
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

/**
 * Opens one signed batch: the app by key (enabled), the signature over the raw body, the body as JSON
 * of the shape {"<field>": [...]} with at least one item. Answers the app and the items; every
 * batch-level problem throws IngestError (401 for the key and the signature, 400 for the body).
 */
export async function openSignedBatch(apps: IngestApps, headers: SignedHeaders, raw: Buffer, field: string): Promise<{ app: IngestApp; items: unknown[] }> {
  const appKey = headers.appKey?.trim() ?? '';
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

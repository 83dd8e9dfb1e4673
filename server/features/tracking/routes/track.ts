import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { TRACK_MAX_BYTES, TRACK_PUBLIC_PER_MINUTE } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { IngestApps, IngestError, parsePublicBody, publicKeyOf } from '../../../domain/ingest/signed-batch';
import { EventWriter, ingestBatch, isPublicRequest, TrackingConfig } from '../domain/ingest';
import type { LiveEvents } from '../domain/live';
import { ok } from '../../../http/envelope';
import { RateLimited } from '../../../http/rate-limit';
import { ingestHeaders, registerSignedIngestRoute } from '../../../http/signed-ingest';

declare module 'fastify' {
  interface FastifyRequest {
    /** A public-key batch's body, parsed once before the rate limit (which keys on its public key). */
    trackBody?: { value: unknown } | { error: IngestError };
  }
}

/** CORS of signed batches (the secret signs them, never cookies): any origin, as before public keys. */
const SIGNED_HEADERS = 'content-type, x-app-key, x-signature';
const PUBLIC_HEADERS = 'content-type, x-public-key';
/** Response headers a page may read besides the safelisted ones: the SDK waits Retry-After on a 429. */
const EXPOSED_HEADERS = 'Retry-After';

export interface TrackRouteOptions {
  /** Public-key requests per key and client address per minute (TRACK_PUBLIC_PER_MINUTE; env TRACK_PUBLIC_PER_MINUTE). */
  publicPerMinute?: number;
}

function perMinuteFromEnv(): number {
  const n = Number(process.env.TRACK_PUBLIC_PER_MINUTE);
  return Number.isInteger(n) && n > 0 ? n : TRACK_PUBLIC_PER_MINUTE;
}

/**
 * POST /api/embed/track/: batches from game SDKs (no JWT). Signed (X-App-Key + X-Signature, the HMAC
 * of the raw body with the secret: server SDKs) or with the app's public key (X-Public-Key, or
 * "public_key" in a JSON or text/plain body: browsers and mini games), checked as in
 * domain/ingest/signed-batch.ts. Batch-level refusals are the envelope with an HTTP 4xx of the same
 * code; per-event ones are in data.rejected. Every event's outcome goes to the live view.
 *
 * CORS is answered here, not by the global plugin: a public-key request from an allowed origin gets
 * that origin named (never `*`), a disallowed one no grant (and 403); a signed request `*` as before.
 * A preflight names no key, so it is granted for an origin some enabled app allows (and for signed
 * headers, `*`); the POST then checks the key's own list.
 */
export async function registerTrackRoute(app: FastifyInstance, ctx: AppContext, live: LiveEvents, options: TrackRouteOptions = {}): Promise<void> {
  const apps = new IngestApps(ctx.db, ctx.secretBox);
  const config = new TrackingConfig(ctx.db);
  const writer = new EventWriter(ctx.db, ctx.config.analyticsTz, undefined, (from, to) => {
    ctx.sessionKeeper.touch(from, to);
    // The players' upkeep of what this commit queued (players/domain/upkeep.ts), a moment later.
    ctx.playerUpkeep.kick();
  });
  const record = (appId: number, entries: Parameters<LiveEvents['record']>[1]) => live.record(appId, entries);

  // The public key of a request, from its header or its parsed body (parsed here once; a parse error is answered by the handler).
  const readPublic: preHandlerAsyncHookHandler = async (req) => {
    const headers = ingestHeaders(req);
    if (!isPublicRequest(headers)) return;
    try {
      req.trackBody = { value: parsePublicBody(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)) };
    } catch (err) {
      if (err instanceof IngestError) req.trackBody = { error: err };
      else throw err;
    }
  };
  // @fastify/rate-limit (the sign-in limiter's plugin and store: counted in the database, shared by instances).
  const limit = app.rateLimit({
    // Read at each request (an operator may change it without a restart; tests lower it).
    max: () => options.publicPerMinute ?? perMinuteFromEnv(),
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => {
      const body = req.trackBody && 'value' in req.trackBody ? req.trackBody.value : undefined;
      return `track:${publicKeyOf(ingestHeaders(req), body)?.slice(0, 64) ?? ''}:${req.clientIp || req.ip}`;
    },
    // Signed requests (server SDKs) and bodies that are no JSON are not counted here.
    allowList: (req: FastifyRequest) => req.trackBody === undefined || 'error' in req.trackBody,
    errorResponseBuilder: (_req, context) => new RateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  }) as preHandlerAsyncHookHandler;

  const grant = (reply: FastifyReply, origin: string, headers: string) =>
    reply
      .header('Access-Control-Allow-Origin', origin)
      .header('Vary', 'Origin')
      .header('Access-Control-Allow-Methods', 'POST, OPTIONS')
      .header('Access-Control-Allow-Headers', headers)
      .header('Access-Control-Expose-Headers', EXPOSED_HEADERS)
      .header('Access-Control-Max-Age', '600');

  /**
   * The CORS answer of a POST, set before anything can refuse it (so a browser reads the refusal too):
   * signed `*`; with a public key its allowed origin when this is one (an unknown key or another origin:
   * no grant). Before the body is read only a header key is known; a body key is looked at after.
   * A grant also exposes Retry-After, which a page's script cannot read otherwise (the SDK's wait on a 429).
   */
  const corsOf = async (req: FastifyRequest, reply: FastifyReply, body: unknown): Promise<void> => {
    const headers = ingestHeaders(req);
    if (!isPublicRequest(headers)) {
      reply.header('Access-Control-Allow-Origin', '*').header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      return;
    }
    const origin = headers.origin;
    if (origin === undefined || reply.hasHeader('Access-Control-Allow-Origin')) return;
    reply.header('Vary', 'Origin');
    const key = publicKeyOf(headers, body);
    if (key === null || key.length > 64) return;
    const known = await apps.byPublicKey(key);
    if (known?.enabled && known.origins.includes(origin)) reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  };

  await registerSignedIngestRoute(app, {
    url: '/api/embed/track/',
    maxBytes: TRACK_MAX_BYTES,
    failure: 'tracking batch failed',
    onRequest: [async (req, reply) => void (await corsOf(req, reply, undefined))],
    preHandler: [readPublic, async (req, reply) => void (await corsOf(req, reply, req.trackBody && 'value' in req.trackBody ? req.trackBody.value : undefined)), limit],
    async preflight(req, reply) {
      const origin = req.headers.origin;
      const asked = String(req.headers['access-control-request-headers'] ?? '').toLowerCase();
      reply.header('Vary', 'Origin');
      if (typeof origin === 'string' && origin !== 'null' && (await apps.anyAllows(origin))) {
        grant(reply, origin, `${PUBLIC_HEADERS}, x-app-key, x-signature`);
      } else if (!asked.includes('x-public-key') && asked.includes('x-signature')) {
        // A browser sending signed batches (a secret in a page is never needed, but it worked before).
        grant(reply, '*', SIGNED_HEADERS).removeHeader('Vary');
      }
      return reply.code(200).send();
    },
    async handle(req, headers, raw) {
      const publicKey = isPublicRequest(headers);
      if (publicKey && req.trackBody && 'error' in req.trackBody) throw req.trackBody.error;
      const result = await ingestBatch(apps, config, writer, headers, raw, {
        live: record,
        ...(publicKey ? { body: req.trackBody && 'value' in req.trackBody ? req.trackBody.value : undefined } : {}),
      });
      return ok(result, result.rejected.length === 0 ? '接收成功' : `接收 ${result.accepted} 个，拒绝 ${result.rejected.length} 个`);
    },
  });
}

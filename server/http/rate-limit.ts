import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/db';
import { fail } from './envelope';

type IncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store in the database (rate_limits), so every instance on one PostgreSQL
 * counts the same requests: one fixed window per key, one statement per counted request.
 */
function databaseStore(db: Db) {
  return class DatabaseStore {
    incr(key: string, cb: IncrCallback, timeWindow: number): void {
      db.query<{ hits: number; ttl: number | string }>(
        `INSERT INTO rate_limits (key, hits, window_ends) VALUES ($1, 1, now() + make_interval(secs => $2 / 1000.0))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_ends <= now() THEN 1 ELSE rate_limits.hits + 1 END,
           window_ends = CASE WHEN rate_limits.window_ends <= now() THEN EXCLUDED.window_ends ELSE rate_limits.window_ends END
         RETURNING hits, ceil(extract(epoch FROM window_ends - now()) * 1000) AS ttl`,
        [key.slice(0, 300), timeWindow],
      ).then(
        (rows) => cb(null, { current: Number(rows[0]?.hits ?? 1), ttl: Math.max(0, Number(rows[0]?.ttl ?? timeWindow)) }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): DatabaseStore {
      return new DatabaseStore();
    }
  };
}

/** Thrown by the limiter; the error handler answers it as HTTP 429 with the envelope. */
export class RateLimited extends Error {
  readonly statusCode = 429;
  constructor(readonly seconds: number) {
    super(`请求过于频繁，请 ${seconds} 秒后再试`);
  }
}

export interface SignInLimits {
  /** Sign-in, captcha and token refresh calls per client IP per minute. */
  perMinute: number;
}

/**
 * Per-IP throttling of the sign-in calls (POST api/login/, GET api/captcha/, POST /token/refresh/)
 * by @fastify/rate-limit, counted in the database on PostgreSQL (in the process on the embedded one). Over the limit: HTTP 429, `Retry-After`, and
 * `{code: 4000, msg: 请求过于频繁，请 N 秒后再试}`. Returns the pre-handler to put on those routes.
 */
export async function registerSignInLimiter(app: FastifyInstance, db: Db, limits: SignInLimits): Promise<preHandlerAsyncHookHandler> {
  // On PostgreSQL every instance counts in the database. The embedded database belongs to one process,
  // so the plugin's own in-memory store counts the same requests there without a statement per request
  // (on the ingestion of public-key batches that statement was a tenth of the database thread's work).
  await app.register(rateLimit, db.kind === 'pglite' ? { global: false } : { global: false, store: databaseStore(db) as never });
  return app.rateLimit({
    max: limits.perMinute,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `signin:${req.clientIp || req.ip}`,
    errorResponseBuilder: (_req, context) => new RateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  }) as preHandlerAsyncHookHandler;
}

/** The envelope of a RateLimited error. */
export const rateLimitedBody = (err: RateLimited) => fail(err.message);

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { fail } from './envelope';

/**
 * Liveness and readiness for load balancers and orchestrators: `GET /healthz` answers while the
 * process serves HTTP; `GET /readyz` also asks the database (HTTP 503 when it does not answer within
 * 2 s). Neither needs a token nor says more than `{status}`.
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ctx.db.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database timeout')), 2_000);
        }),
      ]);
      return reply.send({ status: 'ready' });
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
}

/** A URL as the log keeps it: socket paths carry a whole token, which is replaced. */
export function redactUrl(url: string): string {
  return url.replace(/\/ws\/[^/?]{20,}/, '/ws/<token>');
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  // A raw body (the tracking ingestion reads bytes and checks its strings itself).
  if (Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  }
  return false;
}

export const NUL_MSG = '请求中不能包含空字符（\\u0000）';

/**
 * NUL bytes (which PostgreSQL text cannot hold) in the URL, the query or a JSON/form body are bad
 * input: the envelope, code 4000, instead of a database error.
 */
export function registerBadInputGuard(app: FastifyInstance): void {
  // Callback hooks (not async): no promise per request on the common path.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.includes('%00') || req.url.includes('\u0000')) return void reply.send(fail(NUL_MSG));
    done();
  });
  app.addHook('preValidation', (req, reply, done) => {
    if (req.body !== undefined && req.body !== null && hasNul(req.body)) return void reply.send(fail(NUL_MSG));
    done();
  });
}

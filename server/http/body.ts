import type { FastifyInstance } from 'fastify';

/** Thrown by the JSON parser; the error handler turns it into a 4000 envelope. */
export class BadJsonError extends Error {
  readonly code = 'BAD_JSON';
  readonly statusCode = 400;
}

/** Drops keys that could reach an object's prototype when the parsed value is spread or merged. */
function safeReviver(key: string, value: unknown): unknown {
  return key === '__proto__' || key === 'constructor' || key === 'prototype' ? undefined : value;
}

/**
 * Body parsers: JSON (an empty body counts as no body, so `POST api/logout/` with an empty JSON body
 * works) and form-encoded (the contract says login accepts both). Anything else is refused by Fastify.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text, safeReviver));
    } catch {
      done(new BadJsonError('请求体不是合法的 JSON'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const out: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [k, v] of new URLSearchParams(text)) {
      if (safeReviver(k, v) !== undefined) out[k] = v;
    }
    done(null, { ...out });
  });
}

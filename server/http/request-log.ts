import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An answer slower than this is logged (warn) whatever the sample. */
export const SLOW_REQUEST_MS = 500;
/** One answer in this many is logged at info (a sample of the traffic with its request id). */
export const REQUEST_LOG_SAMPLE = 100;

export interface RequestLogOptions {
  slowMs?: number;
  /** Log one answer in `sampleEvery` at info; 1 logs every answer. */
  sampleEvery?: number;
}

/**
 * Fastify's request logging (its LogController), with one line per answer that matters instead of
 * two per request: Fastify's default (an "incoming request" and a "request completed" line, each a
 * synchronous JSON write) was ~13 % of a `/healthz` profile on a 2-core machine. Logged, with the
 * request id, method, URL (a socket URL's token redacted by the logger's serialiser), status and time:
 * every answer that failed (an error reached Fastify, or a 5xx) at error, every answer slower than
 * `slowMs` at warn, and one answer in `sampleEvery` at info. Fastify's other lines (a route's error
 * handled by its default handler, a stream error, …) are unchanged. Unexpected errors are also
 * reported in full where they are caught (http/report.ts).
 */
export class SampledRequestLog extends LogController {
  private readonly slowMs: number;
  private readonly every: number;
  private n = 0;

  constructor(opts: RequestLogOptions = {}) {
    super({ requestIdLogLabel: 'reqId' });
    this.slowMs = opts.slowMs ?? SLOW_REQUEST_MS;
    this.every = Math.max(1, Math.floor(opts.sampleEvery ?? REQUEST_LOG_SAMPLE));
  }

  override incomingRequest(): void {
    // The answer's line carries the request (method, URL, client) too.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    this.n = this.n + 1 >= this.every ? 0 : this.n + 1;
    if (error || status >= 500) reply.log.error({ req: request, res: reply, err: error ?? undefined, responseTime: ms }, 'request failed');
    else if (ms >= this.slowMs) reply.log.warn({ req: request, res: reply, responseTime: ms }, 'slow request');
    else if (this.n === 0) reply.log.info({ req: request, res: reply, responseTime: ms }, 'request completed');
  }
}

/** The request log for a LOG_LEVEL: at debug or trace every answer is logged (as Fastify does by default), else errors, slow answers and a sample. */
export function requestLog(level: string): SampledRequestLog {
  return new SampledRequestLog(level === 'debug' || level === 'trace' ? { sampleEvery: 1 } : {});
}

import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this size an answer is sent as is: compressing it would save less than its headers weigh. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * An answer built once and sent many times (the console's index.html, a cached menu tree): its UTF-8
 * bytes, and its brotli and gzip forms made the first time a client asks for them. Per-request
 * compression (@fastify/compress) would compress the same bytes again on every call; here the
 * negotiation is one header test and the work is done once per body.
 */
export class PreparedBody {
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(readonly raw: Buffer) {}

  static of(text: string): PreparedBody {
    return new PreparedBody(Buffer.from(text, 'utf8'));
  }

  /** Sends the form the request accepts (brotli, then gzip, else the bytes themselves); the caller sets status and type. */
  send(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    if (this.raw.length < MIN_COMPRESS_BYTES) return reply.send(this.raw);
    const vary = reply.getHeader('vary');
    reply.header('Vary', vary === undefined || vary === '' ? 'Accept-Encoding' : `${String(vary)}, Accept-Encoding`);
    const accept = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send((this.br ??= brotliCompressSync(this.raw)));
    if (/\bgzip\b/.test(accept)) return reply.header('Content-Encoding', 'gzip').send((this.gzip ??= gzipSync(this.raw, { level: 9 })));
    return reply.send(this.raw);
  }
}

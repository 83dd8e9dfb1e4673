import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address: req.ip, or the one the GraphQL gateway mounted in this process vouches for. */
    clientIp: string;
  }
}

/**
 * The GraphQL gateway mounted on this server calls its REST routes over the loopback, so req.ip of
 * those calls is 127.0.0.1 for every user: sign-in throttling would count everybody together. The
 * gateway passes the caller's address with a per-process key (`gatewayHeaders`); only a request
 * carrying that key is believed. Anything else keeps req.ip (which TRUST_PROXY governs).
 */
export function registerClientIp(app: FastifyInstance, key: string): void {
  const expected = Buffer.from(key);
  app.decorateRequest('clientIp', '');
  app.addHook('onRequest', async (req) => {
    const given = req.headers['x-gateway-key'];
    const client = req.headers['x-gateway-client'];
    const vouched = typeof given === 'string' && given.length === key.length && timingSafeEqual(Buffer.from(given), expected);
    req.clientIp = vouched && typeof client === 'string' && client.length > 0 && client.length <= 64 ? client : req.ip;
  });
}

/** Headers the mounted gateway adds to its upstream calls for a client request. */
export function gatewayHeaders(key: string, req: FastifyRequest): Record<string, string> {
  return { 'x-gateway-key': key, 'x-gateway-client': req.clientIp || req.ip };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { executeGateway, type GatewayRequest } from './gateway';

export interface GatewayOptions {
  /** Base URL of the REST upstream; a function so "this very server" can be resolved after listen. */
  upstream: () => string;
  path?: string;
  /** Extra headers for the upstream calls made for this request. */
  forward?: (request: FastifyRequest) => Record<string, string>;
}

/**
 * The URL of the server `app` listens on, for a gateway mounted on the reference server itself
 * (a wildcard bind address is reached through the loopback).
 */
export function selfUrl(app: FastifyInstance): string {
  const addr = app.server.address();
  if (!addr || typeof addr !== 'object') throw new Error('the server is not listening yet');
  const host = addr.address === '0.0.0.0' ? '127.0.0.1' : addr.address === '::' ? '::1' : addr.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
}

/** Mounts POST <path> (default /graphql): GraphQL over the REST contract of the upstream. */
export async function graphqlGateway(app: FastifyInstance, opts: GatewayOptions): Promise<void> {
  app.post(opts.path ?? '/graphql', async (request, reply) => {
    const body = (request.body ?? {}) as GatewayRequest;
    const result = await executeGateway(body, {
      baseUrl: opts.upstream(),
      authorization: request.headers.authorization,
      userAgent: request.headers['user-agent'],
      ...(opts.forward ? { headers: opts.forward(request) } : {}),
    });
    // GraphQL-over-HTTP: a request that could not execute at all is 400; field errors stay 200.
    const status = result.data === undefined && result.errors?.length ? 400 : 200;
    return reply.code(status).send(result);
  });
}

import type { FastifyInstance } from 'fastify';

/** CORS as API-CONTRACT §13: any origin, echoed, with credentials; preflight answered directly. */
const ALLOW_HEADERS = 'accept, accept-encoding, authorization, content-type, dnt, origin, user-agent, x-csrftoken, x-requested-with';
const ALLOW_METHODS = 'DELETE, GET, OPTIONS, PATCH, POST, PUT';

export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || origin === '') return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Vary', 'Origin');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      return reply
        .header('Access-Control-Allow-Headers', ALLOW_HEADERS)
        .header('Access-Control-Allow-Methods', ALLOW_METHODS)
        .header('Access-Control-Max-Age', '86400')
        .header('Content-Type', 'text/html; charset=utf-8')
        .code(200)
        .send('');
    }
  });
}

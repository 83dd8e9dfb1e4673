import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * CORS as API-CONTRACT §13, by @fastify/cors: any origin, echoed, with credentials; a preflight is
 * answered at once (200) with the methods and headers the console uses; a request without Origin gets
 * no CORS headers. Export file names (Content-Disposition) are readable cross-origin.
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin ? origin : false),
    credentials: true,
    methods: 'DELETE, GET, OPTIONS, PATCH, POST, PUT',
    allowedHeaders: 'accept, accept-encoding, authorization, content-type, dnt, origin, user-agent, x-csrftoken, x-requested-with',
    exposedHeaders: 'Content-Disposition',
    maxAge: 86400,
    optionsSuccessStatus: 200,
    // An OPTIONS with an Origin but no Access-Control-Request-Method is answered like a preflight, not with a 400.
    strictPreflight: false,
  });
}

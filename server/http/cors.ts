import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * Whether a browser page at `origin` may call this server with credentials: this server's own origin
 * (the console it serves, or Vite's proxy in development), PUBLIC_URL, and the CORS_ORIGINS allow-list.
 * Never `null` (sandboxed frames, file: pages, redirects), never a reflection of whatever was sent.
 */
export function corsAllowed(origin: string | undefined, req: FastifyRequest, config: Pick<ServerConfig, 'publicUrl' | 'corsOrigins'>): boolean {
  if (!origin || origin === 'null') return false;
  if (origin === `${req.protocol}://${req.host}`) return true;
  if (config.publicUrl !== null && origin === config.publicUrl) return true;
  return config.corsOrigins.includes(origin);
}

/**
 * CORS by @fastify/cors (API-CONTRACT §13 shapes, an allow-list instead of upstream's any origin): an
 * allowed Origin is echoed with credentials, a preflight answered at once (200) with the methods and
 * headers the console uses; another origin (and a request without Origin) gets no CORS headers.
 * Export file names (Content-Disposition) are readable cross-origin.
 */
const SDK_PATH = '/api/embed/track/';

/** CORS of the SDK ingestion (POST /api/embed/track/): any origin, no credentials, its two headers. */
const SDK_CORS: FastifyCorsOptions = {
  origin: '*',
  credentials: false,
  methods: 'POST, OPTIONS',
  allowedHeaders: 'content-type, x-app-key, x-signature',
  maxAge: 86400,
  optionsSuccessStatus: 200,
  strictPreflight: false,
};

export async function registerCors(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const base: FastifyCorsOptions = {
    credentials: true,
    methods: 'DELETE, GET, OPTIONS, PATCH, POST, PUT',
    allowedHeaders: 'accept, accept-encoding, authorization, content-type, dnt, origin, user-agent, x-csrftoken, x-requested-with',
    exposedHeaders: 'Content-Disposition, X-Export-Rows',
    maxAge: 86400,
    optionsSuccessStatus: 200,
    // An OPTIONS with an Origin but no Access-Control-Request-Method is answered like a preflight, not with a 400.
    strictPreflight: false,
  };
  // The two answers' options built once (not per request): an allowed Origin is echoed (origin: true
  // reflects the request's Origin, which corsAllowed has just accepted); any other gets no CORS headers.
  const allowed: FastifyCorsOptions = { ...base, origin: true };
  const refused: FastifyCorsOptions = { ...base, origin: false };
  await app.register(cors, {
    ...base,
    delegator: (req, cb) => {
      // Game SDKs in H5 pages on any origin: the batch is authenticated by its HMAC, never by cookies.
      const url = req.url ?? '';
      if (url.startsWith(SDK_PATH) && (url.length === SDK_PATH.length || url[SDK_PATH.length] === '?')) return cb(null, SDK_CORS);
      cb(null, corsAllowed(req.headers.origin, req as FastifyRequest, config) ? allowed : refused);
    },
  });
}

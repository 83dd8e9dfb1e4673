import { readFileSync } from 'node:fs';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { openApiDocument, type RegisteredRoute } from './document';

/**
 * The viewer's Content-Security-Policy: Swagger UI's own files from this server and nothing else (no
 * inline script, no CDN, no validator badge; the document and "Try it out" calls go to this origin).
 */
export const VIEWER_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The methods and paths of the document @fastify/swagger built from the routes Fastify registered. */
function registeredRoutes(built: Parameters<SwaggerTransformObject>[0]): RegisteredRoute[] {
  const paths: Record<string, object | undefined> = ('openapiObject' in built ? built.openapiObject.paths : built.swaggerObject.paths) ?? {};
  const routes = Object.entries(paths).flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => ({ method, path })));
  // The viewer's routes are hidden from @fastify/swagger (its files are no API); its page is listed.
  return [...routes, { method: 'get', path: VIEWER_PAGE }];
}

/**
 * GET /api/openapi.json (the document) and the viewer at GET /api/docs/ (Swagger UI from
 * @fastify/swagger-ui, its files served by this server). Register before any route: @fastify/swagger
 * collects every route registered after it (hiding its own and the viewer's), and the document
 * pairs each with the contract's zod schemas (document.ts), built once at the first request.
 */
const VIEWER_PAGE = '/api/docs/';

export async function registerOpenApi(app: FastifyInstance, version = packageVersion()): Promise<void> {
  await app.register(swagger, {
    openapi: { openapi: '3.1.0' },
    // The document is ours (document.ts); @fastify/swagger contributes the registered routes.
    transformObject: (built) => openApiDocument(version, registeredRoutes(built)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: VIEWER_CSP,
    theme: { title: 'API 文档 - Game console API' },
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'none', filter: true, displayRequestDuration: true, defaultModelsExpandDepth: 0 },
  });
  let cached: string | null = null;
  app.get('/api/openapi.json', async (_req, reply) => {
    cached ??= JSON.stringify(app.swagger());
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(cached);
  });
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

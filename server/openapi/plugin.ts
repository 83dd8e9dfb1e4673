import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './document';
import { VIEWER_HTML } from './viewer';

/** GET /api/openapi.json (the generated document) and GET /api/docs/ (the viewer page). */
export function openApiRoutes(app: FastifyInstance, version = packageVersion()): void {
  let cached: string | null = null;
  app.get('/api/openapi.json', async (_req, reply) => {
    cached ??= JSON.stringify(openApiDocument(version));
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(cached);
  });
  app.get('/api/docs/', async (_req, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .send(VIEWER_HTML),
  );
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { configScript, type ConsoleConfig } from './static';

/** The CSP source of a URL's origin and of its socket twin (http → ws, https → wss), or none for a relative URL. */
function originSources(url: string): string[] {
  if (!/^https?:\/\//i.test(url)) return [];
  try {
    const origin = new URL(url).origin;
    return [origin, origin.replace(/^http/i, 'ws')];
  } catch {
    return [];
  }
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The inline scripts the built index.html carries (the login page's boot scripts), as CSP
 * hashes: read once at start from the build, so exactly those scripts run and no other inline one.
 */
export function inlineScriptHashes(consoleDir: string | null | undefined): string[] {
  if (!consoleDir) return [];
  let html: string;
  try {
    html = readFileSync(join(consoleDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '') || (m[2] ?? '').trim() === '') continue;
    hashes.add(sha256(m[2] ?? ''));
  }
  return [...hashes];
}

/** The console's Content-Security-Policy: its own scripts plus the injected config script and the build's inline boot scripts (by hash). */
export function consoleCsp(config: Pick<ServerConfig, 'apiUrl' | 'publicUrl' | 'corsOrigins'>, shell: ConsoleConfig | null, inlineHashes: string[] = []): Record<string, string[]> {
  const scriptHash = [...(shell ? [sha256(configScript(shell))] : []), ...inlineHashes];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHash],
    // PrimeReact positions overlays with style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Avatars and rich-text images may live anywhere; images run nothing.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...originSources(config.apiUrl), ...(config.publicUrl ? originSources(config.publicUrl) : [])],
    workerSrc: ["'self'", 'blob:'],
    // The H5 preview frames a game from wherever it is hosted (its URL is a catalogue row), sandboxed.
    frameSrc: ["'self'", 'https:', 'http:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Security headers on every answer, by @fastify/helmet: the CSP above, `X-Frame-Options: DENY` and
 * `frame-ancestors 'none'` (the console cannot be framed), `Referrer-Policy: no-referrer`, nosniff,
 * HSTS (honoured only over HTTPS). Routes with their own CSP (/media/, /api/docs/) set it themselves.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig, shell: ConsoleConfig | null): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: consoleCsp(config, shell, shell ? inlineScriptHashes(config.consoleDir) : []) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Uploaded images are shown by consoles on the CORS_ORIGINS too.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

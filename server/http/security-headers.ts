import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
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

/** Header name → value, as helmet would set them. */
export type HeaderSet = Readonly<Record<string, string>>;

/** The headers a helmet configuration sets, computed once by running its middleware on a recording response. */
function headersOf(options: HelmetOptions): HeaderSet {
  const set: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete set[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return Object.freeze(set);
}

/**
 * The two header sets, computed once at start. A page (HTML, and every other answer that is not
 * JSON: the console's files, uploads, exports, text) gets helmet's whole set with the console's CSP,
 * `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`, COOP, CORP (uploaded images are shown by
 * consoles on the CORS_ORIGINS too), nosniff and HSTS (honoured only over HTTPS). A JSON answer runs no
 * script and renders nothing, so the page's policy (~1 KB) means nothing on it; it gets what an API
 * answer needs: nosniff, `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` and
 * `X-Frame-Options: DENY` (opened in a tab or a frame, it loads nothing and cannot be framed),
 * `Referrer-Policy: no-referrer` and HSTS.
 */
export function securityHeaderSets(config: Pick<ServerConfig, 'apiUrl' | 'publicUrl' | 'corsOrigins' | 'consoleDir'>, shell: ConsoleConfig | null): { page: HeaderSet; api: HeaderSet } {
  const page = headersOf({
    contentSecurityPolicy: { useDefaults: false, directives: consoleCsp(config, shell, shell ? inlineScriptHashes(config.consoleDir) : []) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const api = headersOf({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return { page, api };
}

const CSP = 'content-security-policy';

function isJson(type: unknown): boolean {
  return typeof type === 'string' && type.startsWith('application/json');
}

/**
 * Security headers on every answer, from the sets above, copied from precomputed values (helmet's
 * Fastify plugin rebuilt its whole middleware, CSP parsing included, on every request: 15 % of a
 * `/healthz` profile). The JSON set goes on at onRequest, as helmet's did, so a route can still replace
 * or remove a header (the sample H5 game drops X-Frame-Options to be framed by the preview). At onSend,
 * an answer that is not JSON gets the page's CSP (unless its route set its own: /media/, /api/docs/,
 * /storybook/, the sample game) and the page's other headers it does not carry yet.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig, shell: ConsoleConfig | null): void {
  const { page, api } = securityHeaderSets(config, shell);
  const apiCsp = api[CSP];
  const pageCsp = page[CSP];
  const pageExtras = Object.entries(page).filter(([name]) => name !== CSP && api[name] === undefined);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(api);
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (!isJson(reply.getHeader('content-type'))) {
      if (pageCsp !== undefined && reply.getHeader(CSP) === apiCsp) reply.header(CSP, pageCsp);
      for (const [name, value] of pageExtras) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
}

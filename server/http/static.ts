import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MIN_COMPRESS_BYTES, PreparedBody } from './prepared-body';

/**
 * The built console: files by @fastify/static (hashed files under /assets/ with a year-long immutable
 * cache, others an hour), their brotli and gzip forms written once next to them (`precompress`) and
 * chosen by Accept-Encoding; index.html, with the runtime config injected, from memory (`ConsoleShell`)
 * with no-cache, also for every client-side route (the not-found handler's SPA fallback).
 */

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest', '.eot', '.ttf', '.ico']);
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface ConsoleConfig {
  apiUrl: string;
  wsPath: string;
  /** Which ConsoleApi the console builds (CONSOLE_ADAPTER); absent = rest. */
  adapter?: 'rest' | 'graphql';
  /** ANALYTICS_TZ: the analytics screens' default ranges end on today in this calendar, not the browser's. */
  analyticsTz?: string;
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `file` atomically (temporary name, then rename), so a concurrent reader never sees half of it. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

/**
 * Gives every compressible file of 1 KiB or more under `root` a `.br` and a `.gz` sibling, unless one
 * at least as new is there: the first start after a build does the work, later starts none. Returns
 * the number of files compressed; a file that cannot be written (read-only folder) is served as is.
 */
export async function precompress(root: string, onError: (err: unknown, file: string) => void = () => undefined): Promise<number> {
  let done = 0;
  for await (const file of files(root)) {
    if (!COMPRESSIBLE.has(extname(file).toLowerCase()) || file.endsWith(`${sep}index.html`)) continue;
    try {
      const source = await stat(file);
      if (source.size < MIN_COMPRESS_BYTES) continue;
      const fresh = async (sibling: string) => ((await stat(sibling).catch(() => null))?.mtimeMs ?? -1) >= source.mtimeMs;
      if ((await fresh(`${file}.br`)) && (await fresh(`${file}.gz`))) continue;
      const raw = await readFile(file);
      await writeAtomically(`${file}.br`, await brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
      await writeAtomically(`${file}.gz`, await gz(raw, { level: 9 }));
      done++;
    } catch (err) {
      onError(err, file);
    }
  }
  return done;
}

/** `</script>` and friends cannot break out of the injected script. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The inline script index.html gets (its sha256 is allowed by the CSP, see security-headers.ts). */
export function configScript(config: ConsoleConfig): string {
  return `window.__CONSOLE_CONFIG__=${scriptSafeJson(config)}`;
}

interface Shell {
  mtimeMs: number;
  body: PreparedBody;
}

/** index.html with `<!--console-config-->` replaced by the runtime config, kept in memory per modification time. */
export class ConsoleShell {
  private cached: Shell | null = null;

  constructor(
    readonly root: string,
    private readonly config: ConsoleConfig,
  ) {}

  private async load(): Promise<Shell | null> {
    const file = join(this.root, 'index.html');
    const st = await stat(file).catch(() => null);
    if (!st?.isFile()) return null;
    if (this.cached?.mtimeMs === st.mtimeMs) return this.cached;
    const script = `<script>${configScript(this.config)}</script>`;
    const html = (await readFile(file, 'utf8')).replace('<!--console-config-->', script);
    this.cached = { mtimeMs: st.mtimeMs, body: PreparedBody.of(html) };
    return this.cached;
  }

  /** Answers with index.html (no-cache, compressed as the client accepts). False when there is no built console. */
  async serve(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const shell = await this.load();
    if (!shell) return false;
    reply.code(200).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('X-Content-Type-Options', 'nosniff');
    shell.body.send(req, reply);
    return true;
  }
}

/**
 * Serves the files of the built console in `root` (which must exist) through @fastify/static after
 * compressing them once; index.html itself is left to the shell (the not-found handler).
 */
export async function registerConsoleFiles(app: FastifyInstance, root: string, onError: (err: unknown, file: string) => void): Promise<void> {
  await precompress(root, onError);
  await app.register(async (scope) => {
    // JavaScript as RFC 9239 names it (send's mime table still says application/javascript).
    scope.addHook('onSend', async (_req, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/javascript')) reply.header('content-type', 'text/javascript; charset=utf-8');
      return payload;
    });
    // The site root is the console's page, whatever the client accepts: without this route the static
    // wildcard takes `/` as a directory listing (index: false) and answers 403 to a client that does
    // not ask for gzip (curl, a load balancer's health check), while browsers got the page.
    scope.get('/', (_req, reply) => reply.callNotFound());
    await scope.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      preCompressed: true,
      cacheControl: false,
      // The raw index.html has no runtime config: /index.html goes to the shell like any client route.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply, path) => {
        const immutable = relative(root, path).startsWith(`assets${sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        reply.header('X-Content-Type-Options', 'nosniff');
      },
    });
    // The published Storybook: `npm run build` writes it to <root>/storybook/; its files are
    // served like the console's, under its own CSP (it frames its preview), and /storybook/ opens its index.
    if (await exists(join(root, STORYBOOK_DIR, 'index.html'))) {
      scope.addHook('onSend', async (req, reply, payload) => {
        if (req.url.startsWith(`/${STORYBOOK_DIR}/`)) storybookHeaders(reply);
        return payload;
      });
      scope.get(`/${STORYBOOK_DIR}`, (_req, reply) => reply.redirect(`/${STORYBOOK_DIR}/`));
      scope.get(`/${STORYBOOK_DIR}/`, (_req, reply) => {
        reply.header('Cache-Control', 'no-cache');
        return reply.sendFile(join(STORYBOOK_DIR, 'index.html'));
      });
    }
  });
}

/**
 * The published Storybook (/storybook/) is a separate static app built from this repository: its
 * manager and preview pages carry Storybook's own inline scripts, and the manager frames the preview
 * (iframe.html) from the same origin. Its answers get this policy instead of the console's; it holds
 * no user data and calls nothing but its own files (stories answer from MSW).
 */
export const STORYBOOK_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Replaces the console's CSP and frame protection on a /storybook/ answer (see STORYBOOK_CSP). */
export function storybookHeaders(reply: { header(name: string, value: string): unknown }): void {
  reply.header('Content-Security-Policy', STORYBOOK_CSP);
  reply.header('X-Frame-Options', 'SAMEORIGIN');
}

/** Where the built Storybook sits inside the console's build, and its address (/storybook/). */
export const STORYBOOK_DIR = 'storybook';

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

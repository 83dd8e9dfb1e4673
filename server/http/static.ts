import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built console from one folder: hashed files under /assets/ with a year-long immutable
 * cache, index.html with no-cache and the runtime config injected, and every other unknown path
 * (client-side routes) answered with index.html. Text files are compressed (brotli or gzip) once and
 * kept in memory, keyed by file and modification time.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|vnd\.ms-fontobject)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;

export interface ConsoleConfig {
  apiUrl: string;
  wsPath: string;
  /** Which ConsoleApi the console builds (CONSOLE_ADAPTER); absent = rest. */
  adapter?: 'rest' | 'graphql';
}

interface Cached {
  mtimeMs: number;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** `</script>` and friends cannot break out of the injected script. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export class ConsoleFiles {
  private readonly cache = new Map<string, Cached>();

  constructor(
    readonly root: string,
    private readonly config: ConsoleConfig,
  ) {}

  /** Resolves a URL path inside the root, or null when it would leave it. */
  private resolve(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const full = normalize(join(this.root, decoded));
    return full === this.root || full.startsWith(this.root.endsWith(sep) ? this.root : this.root + sep) ? full : null;
  }

  private async load(file: string, transform?: (b: Buffer) => Buffer): Promise<Cached | null> {
    let st;
    try {
      st = await stat(file);
    } catch {
      return null;
    }
    if (!st.isFile()) return null;
    const hit = this.cache.get(file);
    if (hit && hit.mtimeMs === st.mtimeMs) return hit;
    const raw = await readFile(file);
    const entry: Cached = { mtimeMs: st.mtimeMs, raw: transform ? transform(raw) : raw };
    this.cache.set(file, entry);
    return entry;
  }

  private indexHtml(raw: Buffer): Buffer {
    const script = `<script>window.__CONSOLE_CONFIG__=${scriptSafeJson(this.config)}</script>`;
    return Buffer.from(raw.toString('utf8').replace('<!--console-config-->', script), 'utf8');
  }

  /** True when the built console is there. */
  async available(): Promise<boolean> {
    return (await this.load(join(this.root, 'index.html'))) !== null;
  }

  /** Answers a GET/HEAD for a non-API path. Returns false when there is no built console at all. */
  async serve(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const urlPath = (req.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
    const file = urlPath === '/' ? null : this.resolve(urlPath);
    if (file && !file.endsWith(`${sep}index.html`)) {
      const entry = await this.load(file);
      if (entry) {
        const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
        const immutable = urlPath.startsWith('/assets/');
        this.send(req, reply, entry, type, immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        return true;
      }
      // A missing hashed asset is a real 404, not the app shell.
      if (urlPath.startsWith('/assets/')) {
        reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
        return true;
      }
    }
    const index = await this.load(join(this.root, 'index.html'), (b) => this.indexHtml(b));
    if (!index) return false;
    this.send(req, reply, index, TYPES['.html'] ?? 'text/html', 'no-cache');
    return true;
  }

  private send(req: FastifyRequest, reply: FastifyReply, entry: Cached, type: string, cacheControl: string): void {
    reply.header('Content-Type', type).header('Cache-Control', cacheControl).header('X-Content-Type-Options', 'nosniff');
    let body = entry.raw;
    if (COMPRESSIBLE.test(type) && entry.raw.length >= MIN_COMPRESS_BYTES) {
      reply.header('Vary', 'Accept-Encoding');
      const accept = String(req.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accept)) {
        entry.br ??= brotliCompressSync(entry.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.raw.length } });
        body = entry.br;
        reply.header('Content-Encoding', 'br');
      } else if (/\bgzip\b/.test(accept)) {
        entry.gzip ??= gzipSync(entry.raw, { level: 9 });
        body = entry.gzip;
        reply.header('Content-Encoding', 'gzip');
      }
    }
    reply.code(200).send(body);
  }
}

import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { SERVER_TIMEOUT_MS } from '../test/timeouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing';
import { precompress } from './static';

describe('serving the built console', () => {
  let dir: string;
  let srv: TestServer;
  const bigJs = `console.log(${JSON.stringify('x'.repeat(5000))});`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'console-dist-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><html><head><!--console-config--></head><body><div id="root"></div></body></html>');
    await writeFile(join(dir, 'assets', 'index-abc123.js'), bigJs);
    await writeFile(join(dir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
    await mkdir(join(dir, 'storybook'));
    await writeFile(join(dir, 'storybook', 'index.html'), '<!doctype html><title>Storybook</title><iframe src="iframe.html"></iframe>');
    await writeFile(join(dir, 'storybook', 'iframe.html'), '<!doctype html><title>preview</title>');
    srv = await startTestServer({ captcha: false, serveConsole: true, env: { CONSOLE_DIR: dir, API_URL: 'https://api.example.test', WS_PATH: 'ws/{token}/' } });
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv.close();
    await rm(dir, { recursive: true, force: true });
  }, SERVER_TIMEOUT_MS);

  it('serves index.html at / with the runtime config injected and no-cache', async () => {
    const res = await fetch(`${srv.baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<script>window.__CONSOLE_CONFIG__={"apiUrl":"https://api.example.test","wsPath":"ws/{token}/","analyticsTz":"Asia/Shanghai"}</script>');
    expect(html).not.toContain('<!--console-config-->');
  });

  it('answers / and client routes with the page to a client that asks for no compression (curl, health checks)', async () => {
    // node:http sends no Accept-Encoding unless told to; fetch always asks for gzip.
    const { get } = await import('node:http');
    const plain = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        get(`${srv.baseUrl}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: Buffer.concat(chunks).toString() }));
        }).on('error', reject);
      });
    for (const path of ['/', '/login', '/index']) {
      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Array<Record<string, string>>) {
        const res = await plain(path, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.type).toContain('text/html');
        expect(res.body).toContain('window.__CONSOLE_CONFIG__');
      }
    }
  });

  it('answers client-side routes with the same index.html (SPA fallback)', async () => {
    for (const path of ['/login', '/index', '/system/user', '/game/detail?id=3']) {
      const res = await fetch(`${srv.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('window.__CONSOLE_CONFIG__');
    }
  });

  it('serves hashed assets with a long immutable cache, compressed when asked', async () => {
    const plain = await fetch(`${srv.baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toContain('text/javascript');
    expect(await plain.text()).toBe(bigJs);

    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        // node:http, because fetch decodes bodies by itself.
        import('node:http').then(({ get }) => {
          get(`${srv.baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          }).on('error', reject);
        }, reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(bigJs);
    expect(br.body.length).toBeLessThan(bigJs.length / 5);
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bigJs);
  });

  it('/index.html is the shell with the config as well, never the raw file', async () => {
    const res = await fetch(`${srv.baseUrl}/index.html`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('window.__CONSOLE_CONFIG__');
    expect(html).not.toContain('<!--console-config-->');
  });

  it('compresses once, next to the files: text files of 1 KiB or more only, again after a rebuild', async () => {
    const js = join(dir, 'assets', 'index-abc123.js');
    expect(existsSync(`${js}.br`) && existsSync(`${js}.gz`)).toBe(true);
    expect(existsSync(join(dir, 'favicon.ico.br'))).toBe(false);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(false);
    expect(await precompress(dir)).toBe(0);

    const rebuilt = `console.log(${JSON.stringify('y'.repeat(6000))});`;
    await writeFile(js, rebuilt);
    const later = new Date(Date.now() + 5000);
    await utimes(js, later, later);
    expect(await precompress(dir)).toBe(1);
    const res = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get }) => {
        get(`${srv.baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve(Buffer.concat(chunks)));
        }).on('error', reject);
      }, reject);
    });
    expect(brotliDecompressSync(res).toString()).toBe(rebuilt);
    await writeFile(js, bigJs);
  });

  it('a missing asset is a 404, not the app shell', async () => {
    const res = await fetch(`${srv.baseUrl}/assets/missing-123.js`);
    expect(res.status).toBe(404);
  });

  it('cannot be walked out of the folder', async () => {
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd', '/%00']) {
      const res = await fetch(`${srv.baseUrl}${path}`);
      const text = await res.text();
      expect(text, path).not.toContain('root:');
    }
  });

  it('publishes the built Storybook at /storybook/ (its index, its files; /storybook redirects there)', async () => {
    const index = await fetch(`${srv.baseUrl}/storybook/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<title>Storybook</title>');
    const frame = await fetch(`${srv.baseUrl}/storybook/iframe.html`);
    expect(frame.status).toBe(200);
    expect(await frame.text()).toContain('<title>preview</title>');
    // Storybook frames its own preview and runs its inline boot scripts: its own policy, same-origin framing only.
    for (const res of [index, frame]) {
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-inline'");
    }
    // The console itself still cannot be framed at all, and runs no inline script it did not hash.
    const console_ = await fetch(`${srv.baseUrl}/login`);
    expect(console_.headers.get('x-frame-options')).toBe('DENY');
    expect(console_.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(console_.headers.get('content-security-policy')).not.toContain('unsafe-inline\'; ');
    expect(console_.headers.get('content-security-policy')).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    const bare = await fetch(`${srv.baseUrl}/storybook`, { redirect: 'manual' });
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/storybook/');
  });

  it('API paths never get the app shell', async () => {
    const res = await fetch(`${srv.baseUrl}/api/unknown/`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, data: null, msg: '接口地址不正确' });
  });
});

describe('without a built console', () => {
  it('GET / says to run npm run build', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'console-none-'));
    const srv = await startTestServer({ captcha: false, serveConsole: true, env: { CONSOLE_DIR: join(dir, 'dist') } });
    try {
      const res = await fetch(`${srv.baseUrl}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toContain('npm run build');
      expect((await fetch(`${srv.baseUrl}/api/init/settings/`)).status).toBe(200);
    } finally {
      await srv.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, SERVER_TIMEOUT_MS);
});

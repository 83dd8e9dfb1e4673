import { describe, expect, it } from 'vitest';
import { AUTH_CLOSE_CODE, backoffDelay, parseFrame, RealtimeSocket, type RealtimeEvents, type SocketLike } from './realtime-socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {}
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  fail(code: number, opened = this.readyState === 1) {
    if (!opened) this.onerror?.(new Event('error'));
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }
}

function harness(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const log: string[] = [];
  const events: RealtimeEvents = {
    frame: (f) => log.push(`frame:${f.content ?? ''}`),
    open: (re) => log.push(`open:${re}`),
    error: () => log.push('error'),
    closed: () => log.push('closed'),
    stopped: (r) => log.push(`stopped:${r}`),
  };
  const client = new RealtimeSocket({
    url: () => (token ? `ws://h/api/ws/${token}/` : null),
    events,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    random: () => 0.5,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
    maxAuthFailures: 3,
    maxHandshakeFailures: 4,
  });
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  const tick = () => (timers.shift() as { fn: () => void }).fn();
  return { client, sockets, timers, log, last, tick };
}

describe('RealtimeSocket', () => {
  it('back-off doubles with jitter and is capped', () => {
    expect(backoffDelay(0, 1000, 30_000, () => 0)).toBe(500);
    expect(backoffDelay(0, 1000, 30_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 30_000, () => 0.5)).toBe(6000);
    expect(backoffDelay(20, 1000, 30_000, () => 1)).toBe(30_000);
  });

  it('parses object frames and ignores the rest', () => {
    expect(parseFrame('{"contentType":"SYSTEM","content":"x"}')).toEqual({ contentType: 'SYSTEM', content: 'x' });
    expect(parseFrame('not json')).toBeNull();
    expect(parseFrame('[1]')).toBeNull();
    expect(parseFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('opens with the token URL, passes frames, reconnects with growing delays and reports open(reconnected)', () => {
    const h = harness();
    h.client.start();
    expect(h.last().url).toBe('ws://h/api/ws/tok/');
    h.last().open();
    h.last().receive('{"contentType":"SYSTEM","content":"连接成功"}');
    h.last().fail(1006);
    expect(h.log).toEqual(['open:false', 'frame:连接成功', 'closed']);
    expect(h.timers.map((t) => t.ms)).toEqual([750]);
    h.tick();
    h.last().fail(1006, false);
    expect(h.timers.map((t) => t.ms)).toEqual([1500]);
    h.tick();
    h.last().open();
    expect(h.log.slice(-2)).toEqual(['error', 'open:true']);
    expect(h.sockets).toHaveLength(3);
  });

  it('stops after repeated 4401 closes and says so', () => {
    const h = harness();
    h.client.start();
    for (let i = 0; i < 3; i++) {
      h.last().open();
      h.last().fail(AUTH_CLOSE_CODE);
      if (i < 2) h.tick();
    }
    expect(h.log.filter((l) => l.startsWith('stopped'))).toEqual(['stopped:auth']);
    expect(h.timers).toHaveLength(0);
    expect(h.client.status).toBe('stopped');
  });

  it('stops after repeated handshake failures (the real back end answers HTTP 500)', () => {
    const h = harness();
    h.client.start();
    for (let i = 0; i < 4; i++) {
      h.last().fail(1006, false);
      if (i < 3) h.tick();
    }
    expect(h.log).toEqual(['error', 'stopped:handshake']);
    expect(h.sockets).toHaveLength(4);
  });

  it('stop() closes the socket and cancels nothing further; no token means no socket', () => {
    const h = harness();
    h.client.start();
    const s = h.last();
    s.open();
    h.client.stop();
    expect(s.closedWith).toBe(1000);
    s.fail(1000);
    expect(h.timers).toHaveLength(0);
    expect(h.log).toEqual(['open:false']);
    const none = harness(null);
    none.client.start();
    expect(none.sockets).toHaveLength(0);
  });
});

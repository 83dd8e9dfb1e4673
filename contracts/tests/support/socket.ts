import WebSocket from 'ws';

/** What happened first on a socket: a frame, a close, a refused handshake, an error, or nothing. */
export type SocketOutcome =
  | { kind: 'frame'; frame: unknown; text: string }
  | { kind: 'closed'; code: number; reason: string }
  | { kind: 'refused'; status: number }
  | { kind: 'error'; message: string }
  | { kind: 'timeout' };

export function describeOutcome(o: SocketOutcome): string {
  switch (o.kind) {
    case 'frame':
      return `first frame ${o.text}`;
    case 'closed':
      return `closed with code ${o.code} reason "${o.reason}"`;
    case 'refused':
      return `handshake refused with HTTP ${o.status}`;
    case 'error':
      return `error: ${o.message}`;
    case 'timeout':
      return 'nothing within the time limit';
  }
}

/** Opens `url`, waits for the first meaningful event (bounded by `timeoutMs`), then closes. */
export function firstSocketEvent(url: string, timeoutMs = 5000): Promise<SocketOutcome> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: { 'user-agent': 'contract-suite' }, handshakeTimeout: timeoutMs });
    let done = false;
    const finish = (o: SocketOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.terminate();
      resolve(o);
    };
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
    ws.on('message', (data: WebSocket.RawData) => {
      const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
      let frame: unknown;
      try {
        frame = JSON.parse(text) as unknown;
      } catch {
        frame = text;
      }
      finish({ kind: 'frame', frame, text });
    });
    ws.on('close', (code: number, reason: Buffer) => finish({ kind: 'closed', code, reason: reason.toString('utf8') }));
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      finish({ kind: 'refused', status: res.statusCode ?? 0 });
    });
    ws.on('error', (e: Error) => finish({ kind: 'error', message: e.message }));
  });
}

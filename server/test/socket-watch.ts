import WebSocket from 'ws';

/** A socket that records every frame it receives, for push tests. */
export interface WatchedSocket {
  ws: WebSocket;
  frames: unknown[];
  /** Resolves with the next frame satisfying `match` (already received ones count), or rejects after `ms`. */
  next(match?: (frame: unknown) => boolean, ms?: number): Promise<unknown>;
  close(): void;
}

/** Opens a socket and resolves once the server's first frame arrived. */
export function openWatched(url: string, ms = 5000): Promise<WatchedSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const frames: unknown[] = [];
    let seen = 0;
    const waiters = new Set<() => void>();
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`no first frame from ${url} within ${ms} ms`));
    }, ms);
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)));
      if (frames.length === 1) {
        // The connect frame is in `frames`; `next` looks only at what follows it.
        seen = 1;
        clearTimeout(timer);
        resolve(watched);
        return;
      }
      for (const w of [...waiters]) w();
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    const watched: WatchedSocket = {
      ws,
      frames,
      next(match = () => true, wait = 3000) {
        return new Promise((res, rej) => {
          const check = () => {
            while (seen < frames.length) {
              const f = frames[seen++];
              if (match(f)) {
                waiters.delete(check);
                clearTimeout(t);
                res(f);
                return;
              }
            }
          };
          const t = setTimeout(() => {
            waiters.delete(check);
            rej(new Error(`no matching frame within ${wait} ms; got ${JSON.stringify(frames)}`));
          }, wait);
          waiters.add(check);
          check();
        });
      },
      close() {
        ws.close();
      },
    };
  });
}

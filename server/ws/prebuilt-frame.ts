import * as wsModule from 'ws';
import type { WebSocket } from 'ws';

interface SenderStatic {
  frame(data: Buffer, options: { fin: boolean; mask: boolean; opcode: number; readOnly: boolean; rsv1: boolean }): Buffer[];
}
/** ws's framer (`Sender.frame`; not in @types/ws): a named export of ws's ESM wrapper, a property of its CommonJS export. */
const mod = wsModule as unknown as { Sender?: SenderStatic; default?: { Sender?: SenderStatic } };
const Sender = (mod.Sender ?? mod.default?.Sender) as SenderStatic;

/**
 * one WebSocket text frame built once and written to many sockets.
 *
 * `ws.send` frames the payload again for every socket (options, a header buffer, cork + two writes).
 * A server frame is not masked, so its bytes are the same for every connection without an extension
 * that rewrites them (permessage-deflate is off on this server): the frame is built once
 * (`Sender.frame`, ws's own framing, merged into one buffer) and written with one call per socket.
 *
 * The direct write goes to the connection's net.Socket (ws's `_socket`), and only when ws's sender is
 * idle (nothing of its own queued — a frame being deflated or a Blob being read — so frames stay in
 * order) and the connection negotiated no extension. Otherwise, or when a ws release renames those
 * fields, the socket gets `ws.send` as before: slower, never wrong.
 */
export interface PrebuiltFrame {
  /** The whole frame: header + payload. */
  readonly bytes: Buffer;
  readonly payload: Buffer;
}

export function prebuiltTextFrame(text: string): PrebuiltFrame {
  const payload = Buffer.from(text);
  const parts = Sender.frame(payload, { fin: true, mask: false, opcode: 0x01, readOnly: false, rsv1: false });
  return { bytes: parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts), payload };
}

interface WsInternals {
  _socket?: { write(chunk: Buffer): boolean; writable?: boolean; destroyed?: boolean };
  _sender?: { _state?: number; _queue?: unknown[] };
  extensions?: string;
}

/** Writes the frame to an open socket: directly when safe, else through ws. */
export function writeFrame(ws: WebSocket, frame: PrebuiltFrame): void {
  const w = ws as unknown as WsInternals;
  const raw = w._socket;
  const sender = w._sender;
  if (raw && raw.writable !== false && !raw.destroyed && sender && sender._state === 0 && sender._queue?.length === 0 && !w.extensions) {
    raw.write(frame.bytes);
    return;
  }
  ws.send(frame.payload, SEND_TEXT);
}

/** Text frame, no compression, final: ws skips its per-call option handling. */
const SEND_TEXT = { binary: false, compress: false, fin: true } as const;

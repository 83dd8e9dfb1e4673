import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { prebuiltTextFrame, writeFrame } from './prebuilt-frame';

/** a frame built once and written to many sockets reads as ws's own frames do. */
let server: WebSocketServer | null = null;
const clients: WebSocket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function pair(perMessageDeflate: boolean, n = 1): Promise<Array<{ remote: WebSocket; received: Array<{ text: string; binary: boolean }> }>> {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate });
  await new Promise<void>((resolve) => server?.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const remotes: WebSocket[] = [];
  server.on('connection', (ws) => remotes.push(ws));
  const out = [];
  for (let i = 0; i < n; i++) {
    const client = new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate });
    clients.push(client);
    const received: Array<{ text: string; binary: boolean }> = [];
    client.on('message', (data, binary) => received.push({ text: String(data), binary }));
    await new Promise((resolve) => client.once('open', resolve));
    for (let t = Date.now(); remotes.length <= i && Date.now() - t < 5000; ) await new Promise((r) => setTimeout(r, 5));
    out.push({ remote: remotes[i] as WebSocket, received });
  }
  return out;
}

const until = async (ok: () => boolean) => {
  for (let t = Date.now(); !ok() && Date.now() - t < 5000; ) await new Promise((r) => setTimeout(r, 5));
};

describe('prebuilt text frames', () => {
  it('frames short, 16-bit and 64-bit lengths and UTF-8 the way ws does, in order with ws.send frames, to every socket', async () => {
    const sockets = await pair(false, 3);
    const texts = ['{"a":1}', `{"t":"${'实时'.repeat(300)}"}`, `{"big":"${'x'.repeat(70_000)}"}`];
    const frames = texts.map(prebuiltTextFrame);
    for (const { remote } of sockets) {
      writeFrame(remote, frames[0]!);
      remote.send('between');
      writeFrame(remote, frames[1]!);
      writeFrame(remote, frames[2]!);
    }
    for (const { received } of sockets) {
      await until(() => received.length === 4);
      expect(received).toEqual([
        { text: texts[0], binary: false },
        { text: 'between', binary: false },
        { text: texts[1], binary: false },
        { text: texts[2], binary: false },
      ]);
    }
    // Header: FIN + text opcode, unmasked, 126 + 16-bit length for the 2nd, 127 + 64-bit for the 3rd.
    expect([...frames[0]!.bytes.subarray(0, 2)]).toEqual([0x81, 7]);
    expect(frames[1]!.bytes[1]).toBe(126);
    expect(frames[1]!.bytes.readUInt16BE(2)).toBe(Buffer.byteLength(texts[1]!));
    expect(frames[2]!.bytes[1]).toBe(127);
    expect(frames[2]!.bytes.length).toBe(10 + Buffer.byteLength(texts[2]!));
  });

  it('a connection with permessage-deflate gets the frame through ws (its extension rewrites frames)', async () => {
    const [one] = await pair(true);
    expect(one!.remote.extensions).toContain('permessage-deflate');
    const text = `{"x":"${'y'.repeat(2000)}"}`;
    writeFrame(one!.remote, prebuiltTextFrame(text));
    writeFrame(one!.remote, prebuiltTextFrame('{"n":2}'));
    await until(() => one!.received.length === 2);
    expect(one!.received.map((r) => r.text)).toEqual([text, '{"n":2}']);
  });
});

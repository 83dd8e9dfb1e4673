import { describe, expect, it } from 'vitest';
import { parsePayload, payloads } from './pg-broker';
import { SocketHub } from './hub';

const frame = { sender: 'system', contentType: 'SYSTEM', content: '您有一条新消息~', refresh_unread: true };

describe('push broker payloads', () => {
  it('split long recipient lists so each NOTIFY stays under 8000 bytes, and read back', () => {
    const users = Array.from({ length: 1234 }, (_, i) => 1_000_000 + i);
    const out = payloads(users, frame);
    expect(out).toHaveLength(3);
    for (const p of out) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(out.flatMap((p) => (parsePayload(p)?.t as number[]) ?? [])).toEqual(users);
    expect(parsePayload(payloads('all', frame)[0])).toEqual({ t: 'all', f: frame });
  });

  it('drops malformed payloads', () => {
    expect(parsePayload(undefined)).toBeNull();
    expect(parsePayload('nope')).toBeNull();
    expect(parsePayload('{"t":"some","f":{}}')).toBeNull();
    expect(parsePayload('{"t":[1],"f":{"content":5}}')).toBeNull();
  });

  it('a hub without a broker delivers publish() locally', async () => {
    const hub = new SocketHub(60_000);
    const seen: unknown[] = [];
    const deliver = hub.deliver.bind(hub);
    hub.deliver = (target, f) => {
      seen.push([target, f]);
      return deliver(target, f);
    };
    await hub.publish([3, 3], frame);
    expect(seen).toEqual([[[3, 3], frame]]);
    const relayed: unknown[] = [];
    hub.useBroker({ publish: async (t, f) => void relayed.push([t, f]), close: async () => undefined });
    await hub.publish('all', frame);
    expect(relayed).toEqual([['all', frame]]);
    expect(seen).toHaveLength(1);
    hub.close();
  });
});

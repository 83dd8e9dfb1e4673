import { describe, expect, it } from 'vitest';
import { normaliseOrigin, trackingAppUpdate } from '../../../contracts/schemas';
import { IngestError, openPublicBatch, openSignedBatch, parsePublicBody, publicKeyOf, type IngestApps, type PublicApp } from './signed-batch';

/** Apps by public key without a database. */
function appsWith(list: Record<string, PublicApp>): IngestApps {
  return { byPublicKey: async (key: string) => list[key] ?? null, app: async () => null } as unknown as IngestApps;
}

const KEY = `pk_${'a'.repeat(32)}`;
const app: PublicApp = { id: 1, game: 2, enabled: true, origins: ['https://play.example.com'] };

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof IngestError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('not refused');
}

describe('public-key batches (no database)', () => {
  it('the key comes from the header first, else the body; blank is none', () => {
    expect(publicKeyOf({ appKey: undefined, signature: undefined, publicKey: ` ${KEY} ` }, { public_key: 'other' })).toBe(KEY);
    expect(publicKeyOf({ appKey: undefined, signature: undefined }, { public_key: KEY })).toBe(KEY);
    expect(publicKeyOf({ appKey: undefined, signature: undefined, publicKey: '' }, { public_key: ' ' })).toBeNull();
    expect(publicKeyOf({ appKey: undefined, signature: undefined }, [KEY])).toBeNull();
  });

  it('origins: listed ones pass, others 403, none (mini games) passes; a disabled or unknown key 401', async () => {
    const apps = appsWith({ [KEY]: app, pk_off: { ...app, enabled: false } });
    const body = { events: [{}] };
    await expect(openPublicBatch(apps, { appKey: undefined, signature: undefined, publicKey: KEY, origin: 'https://play.example.com' }, body, 'events')).resolves.toMatchObject({ app: { id: 1 } });
    await expect(openPublicBatch(apps, { appKey: undefined, signature: undefined, publicKey: KEY }, body, 'events')).resolves.toMatchObject({ items: [{}] });
    expect(await refusal(openPublicBatch(apps, { appKey: undefined, signature: undefined, publicKey: KEY, origin: 'https://play.example.com:444' }, body, 'events'))).toMatchObject({ status: 403 });
    expect(await refusal(openPublicBatch(apps, { appKey: undefined, signature: undefined, publicKey: 'pk_off' }, body, 'events'))).toMatchObject({ status: 401 });
    expect(await refusal(openPublicBatch(apps, { appKey: undefined, signature: undefined, publicKey: 'x'.repeat(65) }, body, 'events'))).toMatchObject({ status: 401 });
    expect(await refusal(openPublicBatch(apps, { appKey: undefined, signature: undefined }, { events: [{}] }, 'events'))).toMatchObject({ status: 401 });
    expect(await refusal(openPublicBatch(apps, { appKey: undefined, signature: undefined, publicKey: KEY }, { events: [] }, 'events'))).toEqual({ status: 400, message: 'events 不能为空' });
    expect(() => parsePublicBody(Buffer.from('events=1'))).toThrow(IngestError);
  });

  it('the signed check (orders) refuses a public key plainly, in the header or in the body', async () => {
    const apps = appsWith({ [KEY]: app });
    const raw = Buffer.from(JSON.stringify({ public_key: KEY, orders: [{}] }));
    expect(await refusal(openSignedBatch(apps, { appKey: undefined, signature: undefined, publicKey: KEY }, Buffer.from('{"orders":[{}]}'), 'orders'))).toMatchObject({ status: 401, message: expect.stringContaining('公开密钥') });
    expect(await refusal(openSignedBatch(apps, { appKey: undefined, signature: undefined }, raw, 'orders'))).toMatchObject({ status: 401, message: expect.stringContaining('公开密钥') });
  });

  it('allowed origins are normalised exactly as browsers send Origin; anything else is refused with the reason', () => {
    expect(normaliseOrigin('HTTPS://Game.Example.COM:443')).toEqual({ origin: 'https://game.example.com' });
    expect(normaliseOrigin('http://localhost:5173')).toEqual({ origin: 'http://localhost:5173' });
    expect(normaliseOrigin('http://[::1]:8080')).toEqual({ origin: 'http://[::1]:8080' });
    for (const bad of ['https://a.com/', 'https://a.com/x', 'https://a.com?x', '*', 'https://*.a.com', 'ws://a.com', 'https://u:p@a.com', 'https://a.com:99999', 'a.com', '']) {
      expect('error' in normaliseOrigin(bad), bad).toBe(true);
    }
    expect(trackingAppUpdate.parse({ allowed_origins: ['https://A.com', 'https://a.com:443'] }).allowed_origins).toEqual(['https://a.com']);
    expect(trackingAppUpdate.safeParse({ allowed_origins: Array.from({ length: 51 }, (_, i) => `https://h${i}.com`) }).success).toBe(false);
  });
});

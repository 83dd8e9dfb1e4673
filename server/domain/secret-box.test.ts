import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAccountSecretKey, SecretBox, SecretBoxError } from './secret-box';

describe('secrets at rest (AES-256-GCM)', () => {
  const box = new SecretBox('a-configured-key-of-enough-length');

  it('seals to a different value each time and opens back; unicode survives', () => {
    const plain = 'pass:wörd 密钥 🔑';
    const a = box.seal(plain);
    const b = box.seal(plain);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('wörd');
    expect(box.open(a)).toBe(plain);
    expect(box.open(b)).toBe(plain);
  });

  it('another key, a changed byte or a foreign value fail clearly instead of giving garbage', () => {
    const sealed = box.seal('secret');
    expect(() => new SecretBox('another-key-of-enough-length!!').open(sealed)).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => box.open([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toThrow(SecretBoxError);
    expect(() => box.open('plain text')).toThrow(SecretBoxError);
    expect(() => new SecretBox('short')).toThrow(SecretBoxError);
  });

  it('the key: configured wins; else DATA_DIR/account-secret-key made once (0600); else one per process', async () => {
    expect(await loadAccountSecretKey('configured-key-0123456789', '/nonexistent')).toBe('configured-key-0123456789');
    const dir = await mkdtemp(join(tmpdir(), 'secret-box-'));
    try {
      const first = await loadAccountSecretKey(null, dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await loadAccountSecretKey(null, dir)).toBe(first);
      expect((await readFile(join(dir, 'account-secret-key'), 'utf8')).trim()).toBe(first);
      expect((await stat(join(dir, 'account-secret-key'))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(await loadAccountSecretKey(null, null)).toBe(await loadAccountSecretKey(null, null));
  });
});

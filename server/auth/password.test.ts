import { describe, expect, it } from 'vitest';
import { hashPassword, md5Hex, verifyPassword } from './password';

const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('stores a salted scrypt hash with its cost, never the password', async () => {
    const a = await hashPassword('admin123456');
    const b = await hashPassword('admin123456');
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('admin123456');
    expect(a).not.toContain(md5Hex('admin123456'));
  });

  it('accepts the plain password and its md5 hex (any case)', async () => {
    const stored = await hashPassword('admin123456', FAST);
    expect(md5Hex('admin123456')).toBe('a66abb5684c45962d887564f08346e8d');
    expect(await verifyPassword('admin123456', stored)).toBe(true);
    expect(await verifyPassword('a66abb5684c45962d887564f08346e8d', stored)).toBe(true);
    expect(await verifyPassword('A66ABB5684C45962D887564F08346E8D', stored)).toBe(true);
  });

  it('refuses a wrong password, a wrong md5 and an md5 of the md5', async () => {
    const stored = await hashPassword('admin123456', FAST);
    expect(await verifyPassword('admin12345', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(await verifyPassword(md5Hex('other'), stored)).toBe(false);
    expect(await verifyPassword(md5Hex(md5Hex('admin123456')), stored)).toBe(false);
  });

  it('treats a 32-hex password that is itself the password as a password too', async () => {
    const hexPassword = 'abcdefabcdefabcdefabcdefabcdef12';
    const stored = await hashPassword(hexPassword, FAST);
    expect(await verifyPassword(hexPassword, stored)).toBe(true);
  });

  it('answers false for an unknown user (null hash) and for a corrupt hash', async () => {
    expect(await verifyPassword('admin123456', null)).toBe(false);
    expect(await verifyPassword('admin123456', 'plain-text')).toBe(false);
    expect(await verifyPassword('admin123456', 'scrypt$1$1$1$AAAA$BBBB')).toBe(false);
  });
});

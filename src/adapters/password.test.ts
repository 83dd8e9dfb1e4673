import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodePassword, md5 } from './password';

describe('md5', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('gives the hash the back end expects for the sample password', () => {
    expect(md5('admin123456')).toBe('a66abb5684c45962d887564f08346e8d');
  });

  it('hashes UTF-8 bytes and every padding length like node:crypto', () => {
    for (const text of ['密码', 'pässwörd', '🎮', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'y'.repeat(119), 'z'.repeat(1000)]) {
      expect(md5(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('encodePassword', () => {
  it('md5 hashes, plain keeps the text', () => {
    expect(encodePassword('md5', 'admin123456')).toBe('a66abb5684c45962d887564f08346e8d');
    expect(encodePassword('plain', 'admin123456')).toBe('admin123456');
  });
});

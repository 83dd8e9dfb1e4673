import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { md5Hex, SCRYPT_COST } from '../../auth/password';

const MD5_HEX = /^[0-9a-fA-F]{32}$/;

/**
 * Storage hash for a password the client sent either plain or as its md5 hex (the web client sends
 * md5s on reset): the same `scrypt$N$r$p$salt$key` over md5hex(password) that auth/password.ts
 * verifies, so afterwards both the plain password and its md5 sign in.
 */
export async function hashClientPassword(input: string): Promise<string> {
  const digest = MD5_HEX.test(input) ? input.toLowerCase() : md5Hex(input);
  const { N, r, p } = SCRYPT_COST;
  const salt = randomBytes(16);
  const opts: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  const key = await new Promise<Buffer>((resolve, reject) => {
    scrypt(digest, salt, 32, opts, (err, k) => (err ? reject(err) : resolve(k)));
  });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

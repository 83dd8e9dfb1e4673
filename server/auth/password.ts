import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are kept as scrypt(md5hex(password)), so a client may send either the password or its md5
 * hex (the upstream web client sends the md5). Format: `scrypt$N$r$p$<salt b64>$<key b64>`; the cost
 * is stored with each hash, so it can be raised later without breaking old rows.
 * Cost N=2^15, r=8, p=3 is one of OWASP's scrypt settings (about 0.3 s on a small server core).
 */
export const SCRYPT_COST = { N: 2 ** 15, r: 8, p: 3 } as const;
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
/**
 * The cost for hashing a password everybody knows: the sample accounts' 'admin123456' (printed in the
 * README) protects nothing whatever its hash costs, so test servers seed it at ~2 ms instead of ~0.2 s
 * a sign-in (FAST_SAMPLE_PASSWORDS=on, server/config.ts). Every password a person sets still gets
 * SCRYPT_COST.
 */
export const KNOWN_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 } as const;
const KEY_LEN = 32;
const MD5_HEX = /^[0-9a-fA-F]{32}$/;

function derive(secret: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const opts: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LEN, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export function md5Hex(s: string): string {
  return createHash('md5').update(s, 'utf8').digest('hex');
}

/** The stored form of an md5 hex digest: `scrypt$N$r$p$<salt>$<key>`. */
async function hashDigest(digest: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(digest, salt, cost.N, cost.r, cost.p);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Hash for storage of a plain password. */
export async function hashPassword(plain: string, cost: ScryptCost = SCRYPT_COST): Promise<string> {
  return hashDigest(md5Hex(plain), cost);
}

/**
 * Hash for storage of a password a client sent either plain or as its md5 hex (the web client sends
 * md5s on reset): afterwards both the plain password and its md5 sign in.
 */
export async function hashClientPassword(input: string): Promise<string> {
  return hashDigest(MD5_HEX.test(input) ? input.toLowerCase() : md5Hex(input), SCRYPT_COST);
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseStored(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < 8 || key.length !== KEY_LEN) return null;
  return { N, r, p, salt, key };
}

async function matches(candidateMd5: string, h: Parsed): Promise<boolean> {
  const key = await derive(candidateMd5, h.salt, h.N, h.r, h.p);
  return timingSafeEqual(key, h.key);
}

/** A hash that matches nothing, used to spend the same time on unknown users. */
let decoy: Promise<string> | null = null;

/**
 * True when `input` (the password, or its md5 hex) matches `stored`. With `stored` null (unknown user)
 * the same work is done and the answer is false, so timing does not reveal which usernames exist.
 */
export async function verifyPassword(input: string, stored: string | null): Promise<boolean> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  const h = parseStored(stored ?? (await decoy));
  if (h === null) return false;
  // A 32-hex input is most likely the md5 the web client sends: try it as such first.
  const candidates = MD5_HEX.test(input) ? [input.toLowerCase(), md5Hex(input)] : [md5Hex(input)];
  for (const c of candidates) {
    if (await matches(c, h)) return stored !== null;
  }
  return false;
}

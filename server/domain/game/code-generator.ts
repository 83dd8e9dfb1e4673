import { randomBytes } from 'node:crypto';
import { formatDatetime } from '../time';

/** A source of random bytes (crypto by default; the seed passes a fixed sequence). */
export type RandomBytes = (n: number) => Uint8Array;

export const cryptoRandom: RandomBytes = (n) => randomBytes(n);

/** Letters and digits without the look-alikes 0/O and 1/I: what players type back. */
export const TAIL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Random tail per code: 6 characters of 32 (30 bits), on top of the generator's random digits. */
export const TAIL_LENGTH = 6;

/**
 * The spec's two generators (§9), for one instant (Asia/Shanghai):
 * - `date`: a date-based code, yyyyMMddHHmmss, plus a 2-digit random number (16 digits);
 * - `short`: a short date, yyMMdd, plus 4 random digits (10 digits).
 * `digits` are the random digits already drawn (2 or 4 of them).
 */
export function generatorStamp(generator: 'date' | 'short', at: Date | number): string {
  const s = formatDatetime(at).replace(/[-: ]/g, ''); // yyyyMMddHHmmss
  return generator === 'date' ? s : s.slice(2, 8);
}

export function randomDigitCount(generator: 'date' | 'short'): number {
  return generator === 'date' ? 2 : 4;
}

/**
 * `count` distinct codes: prefix + the generator's part (its date stamp and fresh random digits) + a
 * random tail. Uniqueness within the list is guaranteed here; platform-wide uniqueness is the
 * database's primary key (the caller inserts with ON CONFLICT DO NOTHING and asks again for what is
 * missing).
 */
export function generateCodes(opts: { prefix: string; generator: 'date' | 'short'; at: Date | number; count: number; random?: RandomBytes; exclude?: ReadonlySet<string> }): string[] {
  const random = opts.random ?? cryptoRandom;
  const stamp = `${opts.prefix}${generatorStamp(opts.generator, opts.at)}`;
  const digits = randomDigitCount(opts.generator);
  const perCode = digits + TAIL_LENGTH;
  const out = new Set<string>();
  while (out.size < opts.count) {
    const want = opts.count - out.size;
    const bytes = random(want * perCode);
    for (let i = 0; i < want; i++) {
      let code = stamp;
      const at = i * perCode;
      // A byte's value mod 10 / mod 32: 256 = 25*10+6 leaves a slight bias on digits 0-5, acceptable
      // for the spec's "random number" (the tail, 32 | 256, is unbiased).
      for (let d = 0; d < digits; d++) code += String((bytes[at + d] ?? 0) % 10);
      for (let c = 0; c < TAIL_LENGTH; c++) code += TAIL_ALPHABET[(bytes[at + digits + c] ?? 0) % 32];
      if (!opts.exclude?.has(code)) out.add(code);
    }
  }
  return [...out];
}

/** A deterministic byte source (the seed's sample codes): xorshift32 from a fixed seed. */
export function seededRandom(seed: number): RandomBytes {
  let s = seed >>> 0 || 1;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      s ^= s << 13;
      s >>>= 0;
      s ^= s >>> 17;
      s ^= s << 5;
      s >>>= 0;
      out[i] = s & 0xff;
    }
    return out;
  };
}

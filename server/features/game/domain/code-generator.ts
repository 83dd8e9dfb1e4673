import { randomBytes } from 'node:crypto';
import { formatDatetime } from '../../../domain/time';

/** A source of random bytes (crypto by default; the seed passes a fixed sequence). */
export type RandomBytes = (n: number) => Uint8Array;

export const cryptoRandom: RandomBytes = (n) => randomBytes(n);

/** Letters and digits without the look-alikes 0/O and 1/I: what players type back. */
export const TAIL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/**
 * Random tail per code: 8 characters of 32 (40 bits). A player who knows one code of a batch (and so
 * its stem) guesses another with odds of at most 100,000 in 2^40 (about 1 in 11 million) per try.
 */
export const TAIL_LENGTH = 8;

export type Generator = 'date' | 'short';

/**
 * The date part of the spec's two generators (§9), for one instant in Asia/Shanghai:
 * `date` = a date-based code, yyyyMMddHHmmss; `short` = a short date, yyMMdd.
 */
export function generatorStamp(generator: Generator, at: Date | number): string {
  const s = formatDatetime(at).replace(/[-: ]/g, ''); // yyyyMMddHHmmss
  return generator === 'date' ? s : s.slice(2, 8);
}

/** How many random digits follow the stamp: a 2-digit random number (`date`), 4 random digits (`short`). */
export function randomDigitCount(generator: Generator): number {
  return generator === 'date' ? 2 : 4;
}

/** `n` random decimal digits. A byte mod 10 (256 = 25·10 + 6) leans slightly to 0-5: fine for the spec's "random number". */
function digits(n: number, random: RandomBytes): string {
  return [...random(n)].map((b) => String(b % 10)).join('');
}

/**
 * A batch's stem: prefix + the generator's output (its date stamp and random digits). The caller
 * draws again while another batch has it (batches' stems are unique, so their codes never meet).
 */
export function generateStem(prefix: string, generator: Generator, at: Date | number, random: RandomBytes = cryptoRandom): string {
  return `${prefix}${generatorStamp(generator, at)}${digits(randomDigitCount(generator), random)}`;
}

/** `count` distinct random tails (TAIL_LENGTH characters of TAIL_ALPHABET; 32 divides 256, so no bias). */
export function generateTails(count: number, random: RandomBytes = cryptoRandom): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    const want = count - out.size;
    const bytes = random(want * TAIL_LENGTH);
    for (let i = 0; i < want; i++) {
      let tail = '';
      for (let c = 0; c < TAIL_LENGTH; c++) tail += TAIL_ALPHABET[(bytes[i * TAIL_LENGTH + c] ?? 0) & 31];
      out.add(tail);
    }
  }
  return [...out];
}

/** The codes of a batch: its stem followed by each tail, sorted (they go into the primary key as one ascending run). */
export function batchCodes(stem: string, count: number, random: RandomBytes = cryptoRandom): string[] {
  return generateTails(count, random)
    .map((tail) => stem + tail)
    .sort();
}

/** The key range of a batch's codes in the primary key: [stem, stem~) (codes are A-Z and 0-9, all below '~'). */
export function stemRange(stem: string): [string, string] {
  return [stem, `${stem}~`];
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

import { describe, expect, it } from 'vitest';
import { batchCodes, generateStem, generateTails, generatorStamp, seededRandom, stemRange, TAIL_ALPHABET, TAIL_LENGTH } from './code-generator';

// 2026-03-05 09:07:02 in Asia/Shanghai.
const AT = Date.UTC(2026, 2, 5, 1, 7, 2);

describe('gift-code generators (spec §9)', () => {
  it('date: yyyyMMddHHmmss in Shanghai time; short: yyMMdd', () => {
    expect(generatorStamp('date', AT)).toBe('20260305090702');
    expect(generatorStamp('short', AT)).toBe('260305');
    // Just before midnight UTC is the next morning in Shanghai.
    expect(generatorStamp('short', Date.UTC(2026, 11, 31, 23, 30))).toBe('270101');
  });

  it('a stem is prefix + the date code and a 2-digit random number (date), or the short date and 4 random digits (short)', () => {
    expect(generateStem('VIP', 'date', AT, seededRandom(1))).toMatch(/^VIP20260305090702\d{2}$/);
    expect(generateStem('', 'short', AT, seededRandom(1))).toMatch(/^260305\d{4}$/);
    const stems = new Set(Array.from({ length: 200 }, () => generateStem('A', 'short', AT)));
    expect(stems.size).toBeGreaterThan(150);
  });

  it('a code is the stem and a tail of letters and digits without look-alikes; a batch\'s codes are one sorted key range', () => {
    expect(TAIL_ALPHABET).not.toMatch(/[01IO]/);
    expect(new Set(TAIL_ALPHABET).size).toBe(32);
    const codes = batchCodes('AB2603051234', 1000, seededRandom(3));
    expect(codes).toEqual([...codes].sort());
    const [from, to] = stemRange('AB2603051234');
    for (const c of codes) {
      expect(c).toMatch(new RegExp(`^AB2603051234[A-HJ-NP-Z2-9]{${TAIL_LENGTH}}$`));
      expect(c >= from && c < to).toBe(true);
    }
  });

  it('100,000 tails are distinct, even when the source repeats itself', () => {
    const tails = generateTails(100_000);
    expect(new Set(tails).size).toBe(100_000);
    let calls = 0;
    const stuttering = (n: number) => {
      calls++;
      return calls === 1 ? new Uint8Array(n) : seededRandom(calls)(n);
    };
    expect(new Set(generateTails(5, stuttering)).size).toBe(5);
    expect(calls).toBeGreaterThan(1);
  });

  it('the same seed gives the same codes (sample data)', () => {
    expect(batchCodes('S', 20, seededRandom(42))).toEqual(batchCodes('S', 20, seededRandom(42)));
    expect(batchCodes('S', 20, seededRandom(42))).not.toEqual(batchCodes('S', 20, seededRandom(43)));
  });
});

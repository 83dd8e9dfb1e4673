import { describe, expect, it } from 'vitest';
import { generateCodes, generatorStamp, seededRandom, TAIL_ALPHABET } from './code-generator';

// 2026-03-05 09:07:02 in Asia/Shanghai.
const AT = Date.UTC(2026, 2, 5, 1, 7, 2);

describe('gift-code generators (spec §9)', () => {
  it('date: yyyyMMddHHmmss in Shanghai time; short: yyMMdd', () => {
    expect(generatorStamp('date', AT)).toBe('20260305090702');
    expect(generatorStamp('short', AT)).toBe('260305');
    // Just before midnight UTC is the next morning in Shanghai.
    expect(generatorStamp('short', Date.UTC(2026, 11, 31, 23, 30))).toBe('270101');
  });

  it('a code is prefix + the generator part (2 or 4 random digits) + a tail without look-alike characters', () => {
    const [d] = generateCodes({ prefix: 'VIP', generator: 'date', at: AT, count: 1, random: seededRandom(1) });
    expect(d).toMatch(/^VIP20260305090702\d{2}[A-HJ-NP-Z2-9]{6}$/);
    const [s] = generateCodes({ prefix: '', generator: 'short', at: AT, count: 1, random: seededRandom(1) });
    expect(s).toMatch(/^260305\d{4}[A-HJ-NP-Z2-9]{6}$/);
    expect(TAIL_ALPHABET).not.toMatch(/[01IO]/);
    expect(new Set(TAIL_ALPHABET).size).toBe(32);
  });

  it('100,000 codes of one batch are distinct, even when the source repeats itself', () => {
    const codes = generateCodes({ prefix: 'B', generator: 'short', at: AT, count: 100_000 });
    expect(codes).toHaveLength(100_000);
    expect(new Set(codes).size).toBe(100_000);
    // A source that gives the same bytes twice: the duplicates are drawn again.
    let calls = 0;
    const stuttering = (n: number) => {
      calls++;
      return calls === 1 ? new Uint8Array(n) : seededRandom(calls)(n);
    };
    const few = generateCodes({ prefix: '', generator: 'short', at: AT, count: 5, random: stuttering });
    expect(new Set(few).size).toBe(5);
    expect(calls).toBeGreaterThan(1);
  });

  it('the same seed gives the same codes (sample data); exclusions are never returned', () => {
    const a = generateCodes({ prefix: 'S', generator: 'short', at: AT, count: 20, random: seededRandom(42) });
    const b = generateCodes({ prefix: 'S', generator: 'short', at: AT, count: 20, random: seededRandom(42) });
    expect(b).toEqual(a);
    const c = generateCodes({ prefix: 'S', generator: 'short', at: AT, count: 20, random: seededRandom(42), exclude: new Set(a.slice(0, 5)) });
    expect(c.some((x) => a.slice(0, 5).includes(x))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { perHead } from './revenue';

describe('perHead (ARPU, ARPPU: fen per person, half away from zero)', () => {
  it('rounds half away from zero both ways', () => {
    expect(perHead(5, 2)).toBe(3);
    expect(perHead(-5, 2)).toBe(-3);
    expect(perHead(4, 3)).toBe(1);
    expect(perHead(-4, 3)).toBe(-1);
  });
  it('is 0 without people', () => {
    expect(perHead(600, 0)).toBe(0);
  });
  it('never answers -0: a small negative amount that rounds to nothing is 0', () => {
    expect(Object.is(perHead(-1, 3), 0)).toBe(true);
    expect(Object.is(perHead(-1, 1000), 0)).toBe(true);
  });
});

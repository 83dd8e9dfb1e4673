import { describe, expect, it } from 'vitest';
import { axisTicks } from './LoginChart';

describe('axisTicks', () => {
  it('uses whole round steps, at most four, covering the largest count', () => {
    expect(axisTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(axisTicks(6)).toEqual([0, 2, 4, 6]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(31)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(120)).toEqual([0, 50, 100, 150]);
  });
});

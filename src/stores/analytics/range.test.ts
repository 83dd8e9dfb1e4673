import { describe, expect, it } from 'vitest';
import { changeRatio, defaultRange, lastDays, rangeDays, rangeProblem, rangeQueryProblem } from './range';

describe('the analytics date ranges', () => {
  it('refuses a reversed, missing or over-long range before asking', () => {
    expect(rangeProblem({ start: '2026-11-02', end: '2026-11-01' })).toBe('order');
    expect(rangeProblem({ start: '', end: '2026-11-01' })).toBe('missing');
    expect(rangeProblem({ start: '2025-01-01', end: '2026-01-02' })).toBe('tooLong');
    expect(rangeProblem({ start: '2025-01-02', end: '2026-01-02' })).toBeNull();
    expect(rangeDays({ start: '2024-02-28', end: '2024-03-01' })).toBe(3);
    expect(defaultRange(new Date(2026, 2, 3))).toEqual({ start: '2026-02-25', end: '2026-03-03' });
  });

  it('names the problem as the screens’ text keys do', () => {
    expect(rangeQueryProblem({ start: '2026-11-02', end: '2026-11-01' })).toBe('range.order');
    expect(rangeQueryProblem({ start: '2026-11-01', end: '2026-11-02' })).toBeNull();
    expect(lastDays(new Date(2026, 2, 3), 1)).toEqual({ start: '2026-03-03', end: '2026-03-03' });
  });

  it('changeRatio is relative to the previous figure, null without one', () => {
    expect(changeRatio(150, 100)).toBe(0.5);
    expect(changeRatio(50, 100)).toBe(-0.5);
    expect(changeRatio(5, 0)).toBeNull();
  });
});

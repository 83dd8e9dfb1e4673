import { describe, expect, it } from 'vitest';
import { monthEarlier } from './reports';

describe('monthEarlier', () => {
  it('takes the same day a month back, clamped to that month', () => {
    expect(monthEarlier('2026-03-31')).toBe('2026-02-28');
    expect(monthEarlier('2024-03-31')).toBe('2024-02-29');
    expect(monthEarlier('2026-01-15')).toBe('2025-12-15');
    expect(monthEarlier('2026-11-28')).toBe('2026-10-28');
  });
});

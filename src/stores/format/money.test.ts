import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, sumMinor } from './money';

describe('formatMoney (minor units → money)', () => {
  it('writes CNY fen with the symbol, grouped thousands and two decimals', () => {
    expect(formatMoney(123_456)).toBe('¥1,234.56');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatMoney(100)).toBe('¥1.00');
    expect(formatMoney(123_456_789_012)).toBe('¥1,234,567,890.12');
  });

  it('puts the minus before the symbol', () => {
    expect(formatMoney(-1200)).toBe('-¥12.00');
    expect(formatMoney(-5)).toBe('-¥0.05');
    expect(formatMoney(-100_000_000)).toBe('-¥1,000,000.00');
  });

  it('follows each currency of the contract: digits and symbol', () => {
    expect(formatMoney(9_999, 'USD')).toBe('$99.99');
    expect(formatMoney(5_000, 'JPY')).toBe('JP¥5,000');
    expect(formatMoney(1_234_567, 'KRW')).toBe('₩1,234,567');
    expect(formatMoney(12_345, 'HKD')).toBe('HK$123.45');
    expect(formatMoney(100, 'SGD')).toBe('SGD 1.00');
    expect(currencyDigits('JPY')).toBe(0);
  });

  it('is exact beyond float precision (BigInt) and refuses non-integers', () => {
    expect(formatMoney(9_007_199_254_740_993n)).toBe('¥90,071,992,547,409.93');
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('¥90,071,992,547,409.91');
    expect(formatMoney(12.5)).toBe('-');
    expect(formatMoney(Number.NaN)).toBe('-');
  });

  it('sums minor units exactly', () => {
    expect(sumMinor([10, 20, -5])).toBe(25);
    expect(sumMinor([])).toBe(0);
  });
});

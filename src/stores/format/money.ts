import { ORDER_CURRENCIES, REPORT_CURRENCY } from '../../../contracts/schemas/income';

/**
 * Money on screen: integer minor units → "¥1,234.56" / "-¥12.00". The one helper every
 * revenue screen uses. Integer arithmetic only (BigInt split into whole and minor part, digits grouped
 * as text), so no sum or amount ever passes through a float; the same form in both languages.
 */

const SYMBOLS: Record<string, string> = { CNY: '¥', USD: '$', EUR: '€', HKD: 'HK$', TWD: 'NT$', JPY: 'JP¥', KRW: '₩' };

/** Minor-unit digits of a currency (ORDER_CURRENCIES; 2 for one it does not know). */
export function currencyDigits(currency: string): number {
  return (ORDER_CURRENCIES as Record<string, { digits: number }>)[currency]?.digits ?? 2;
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * An amount in minor units of `currency` (default the report currency, CNY fen) with its symbol,
 * grouped thousands and the currency's minor digits: 123456 → "¥1,234.56", -1200 → "-¥12.00",
 * 5000 JPY → "JP¥5,000". A currency without a symbol is written before the number ("SGD 1.00").
 * Not an integer: "-" (never a made-up figure).
 */
export function formatMoney(minor: number | bigint, currency: string = REPORT_CURRENCY): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) return '-';
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const digits = currencyDigits(currency);
  const scale = 10n ** BigInt(digits);
  const whole = group((abs / scale).toString());
  const fraction = digits > 0 ? `.${(abs % scale).toString().padStart(digits, '0')}` : '';
  const symbol = SYMBOLS[currency];
  const number = `${whole}${fraction}`;
  return `${negative ? '-' : ''}${symbol ?? `${currency} `}${number}`;
}

/** The sum of amounts in minor units, exactly (BigInt), back as a number when it is safe. */
export function sumMinor(values: readonly number[]): number {
  const total = values.reduce((acc, v) => acc + BigInt(v), 0n);
  return Number(total);
}

import { ARRAY_DISPLAY_MAX, JSON_COLUMN_MAX_CHARS } from '../../config';

/** What an empty cell shows (spec §9: a missing value shows '-'; the same in every language). */
export const UNAVAILABLE = '-';

/** The text a cell shows for any value: objects as compact JSON, null/undefined/'' as ''. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The popover text: JSON (also JSON inside a string) pretty-printed with 2 spaces, else the text itself. */
export function prettyText(value: unknown): string {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!/^[[{]/.test(trimmed)) return value;
    try {
      parsed = JSON.parse(trimmed) as unknown;
    } catch {
      return value;
    }
  }
  if (parsed !== null && typeof parsed === 'object') return JSON.stringify(parsed, null, 2);
  return cellText(parsed);
}

/** JSON column formatter (spec §9): the first 100 characters. */
export function jsonColumnText(value: unknown, max = JSON_COLUMN_MAX_CHARS): string {
  return cellText(value).slice(0, max);
}

/** Array display (spec §2.5): the first 50 items, and whether a '...' marker follows. */
export function arrayItems<T>(items: readonly T[], max = ARRAY_DISPLAY_MAX): { shown: T[]; more: boolean } {
  return { shown: items.slice(0, max), more: items.length > max };
}

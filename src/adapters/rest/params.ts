/** A value a query parameter may carry. */
export type ParamValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type Params = Record<string, ParamValue>;

function scalar(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/**
 * Encodes query parameters the way the back end expects (spec §7): booleans as 1/0, arrays repeated
 * without indices (`ids=1&ids=2`), null/undefined left out. Keys keep their order.
 */
export function encodeParams(params: Params | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as ReadonlyArray<string | number | boolean>) search.append(key, scalar(item));
    } else {
      search.append(key, scalar(value as string | number | boolean));
    }
  }
  return search.toString();
}

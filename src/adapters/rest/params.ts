import type { ListQuery } from '../api';

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

/**
 * A transport-neutral list query in django-vue-admin's words (API-CONTRACT §3): `page`, `limit`,
 * `ordering` (`-field` descending), `search`, then each filter (`field=value`, `field__icontains`,
 * `field=a&field=b`, `field_after`/`field_before`, `field__isnull`), then `ids`. The only place a list
 * query becomes query parameters.
 */
export function listParams(query: ListQuery = {}): Params {
  const params: Params = {};
  if (query.page !== undefined) params.page = query.page;
  if (query.limit !== undefined) params.limit = query.limit;
  if (query.ordering) params.ordering = `${query.ordering.direction === 'desc' ? '-' : ''}${query.ordering.field}`;
  if (query.search) params.search = query.search;
  for (const filter of query.filters ?? []) {
    switch (filter.op) {
      case 'equals':
        params[filter.field] = filter.value;
        break;
      case 'contains':
        params[`${filter.field}__icontains`] = filter.value;
        break;
      case 'in':
        params[filter.field] = filter.values;
        break;
      case 'range':
        if (filter.from) params[`${filter.field}_after`] = filter.from;
        if (filter.to) params[`${filter.field}_before`] = filter.to;
        break;
      case 'isNull':
        params[`${filter.field}__isnull`] = filter.value;
        break;
    }
  }
  if (query.ids && query.ids.length > 0) params.ids = query.ids;
  return params;
}

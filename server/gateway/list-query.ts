import { GraphQLError } from 'graphql';
import { isRecord } from '../../contracts/json';

/**
 * The gateway's half of the transport-neutral list query: the typed `ListQueryInput` of a
 * `resourceList` call written as django-vue-admin's query parameters (API-CONTRACT §3): `page`,
 * `limit`, `ordering` (`-field` descending), `search`, each filter, `ids`. Booleans go as 1/0, arrays
 * repeat their key without indices (spec §7). Anything malformed is a request error before any call.
 */

const FIELD = /^[A-Za-z][A-Za-z0-9_]*$/;

const refuse = (message: string) => new GraphQLError(message, { extensions: { kind: 'request', code: 400 } });

function scalar(value: unknown, where: string): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value;
  throw refuse(`${where} 必须是字符串、数字或布尔值`);
}

function fieldOf(value: unknown): string {
  if (typeof value !== 'string' || !FIELD.test(value)) throw refuse('field 必须是字段名');
  return value;
}

export function upstreamListParams(input: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (input === null || input === undefined) return params;
  if (!isRecord(input)) throw refuse('query 必须是对象');
  if (typeof input.page === 'number') params.append('page', String(input.page));
  if (typeof input.limit === 'number') params.append('limit', String(input.limit));
  if (isRecord(input.ordering)) params.append('ordering', `${input.ordering.direction === 'DESC' ? '-' : ''}${fieldOf(input.ordering.field)}`);
  if (typeof input.search === 'string' && input.search) params.append('search', input.search);
  for (const filter of Array.isArray(input.filters) ? input.filters : []) {
    if (!isRecord(filter)) throw refuse('filters 的每一项必须是对象');
    const field = fieldOf(filter.field);
    switch (filter.op) {
      case 'EQUALS':
        params.append(field, scalar(filter.value, field));
        break;
      case 'CONTAINS':
        params.append(`${field}__icontains`, scalar(filter.value, field));
        break;
      case 'IN':
        for (const value of Array.isArray(filter.values) ? filter.values : []) params.append(field, scalar(value, field));
        break;
      case 'RANGE':
        if (typeof filter.from === 'string' && filter.from) params.append(`${field}_after`, filter.from);
        if (typeof filter.to === 'string' && filter.to) params.append(`${field}_before`, filter.to);
        break;
      case 'IS_NULL':
        if (typeof filter.value !== 'boolean') throw refuse(`${field}: IS_NULL 需要布尔值`);
        params.append(`${field}__isnull`, filter.value ? '1' : '0');
        break;
      default:
        throw refuse('op 无效');
    }
  }
  for (const id of Array.isArray(input.ids) ? input.ids : []) params.append('ids', scalar(id, 'ids'));
  return params;
}

import type { FieldSpec, ResourceSpec } from './spec';
import { CrudError } from './spec';

export type QueryParams = Record<string, string | string[] | undefined>;

export const MAX_LIMIT = 999;
export const DEFAULT_LIMIT = 10;

/** Collects SQL conditions with $n parameters. */
export class Conditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  add(sqlWithQ: string, ...values: unknown[]): void {
    // `?` placeholders become $n in order.
    let i = 0;
    const sql = sqlWithQ.replace(/\?/g, () => {
      this.params.push(values[i++]);
      return `$${this.params.length}`;
    });
    this.parts.push(sql);
  }

  raw(sql: string): void {
    this.parts.push(sql);
  }

  where(): string {
    return this.parts.length === 0 ? '' : `WHERE ${this.parts.map((p) => `(${p})`).join(' AND ')}`;
  }
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function all(v: string | string[] | undefined): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== '');
}

export function parseBool(s: string): boolean | null {
  const v = s.trim().toLowerCase();
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return null;
}

function parseInt32(s: string): number | null {
  if (!/^-?\d{1,10}$/.test(s.trim())) return null;
  const n = Number(s);
  return Math.abs(n) <= 2_147_483_647 ? n : null;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` (Shanghai time) → ISO instant; end of day for a bare end date. */
function parseShanghai(s: string, endOfDay: boolean): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, se] = m;
  const hasTime = h !== undefined;
  const base = Date.UTC(Number(y), Number(mo) - 1, Number(d), hasTime ? Number(h) : 0, hasTime ? Number(mi) : 0, se ? Number(se) : 0) - 8 * 3_600_000;
  if (Number.isNaN(base)) return null;
  return new Date(!hasTime && endOfDay ? base + 86_400_000 - 1 : base).toISOString();
}

function applyFilter(c: Conditions, key: string, f: FieldSpec, raw: string, label: string): void {
  const bad = () => new CrudError(`${label}:请输入一个有效的值。`);
  switch (f.filter) {
    case 'int': {
      const values = raw.split(',').map((s) => parseInt32(s));
      if (values.some((v) => v === null)) throw bad();
      if (values.length === 1) c.add(`${f.sql} = ?`, values[0]);
      else c.add(`${f.sql} = ANY(?::int[])`, values);
      return;
    }
    case 'bool': {
      const b = parseBool(raw);
      if (b === null) throw bad();
      c.add(`${f.sql} = ?`, b);
      return;
    }
    case 'icontains':
      c.add(`lower(${f.sql}) LIKE ? ESCAPE '\\'`, `%${escapeLike(raw.toLowerCase())}%`);
      return;
    case 'istartswith':
      c.add(`lower(${f.sql}) LIKE ? ESCAPE '\\'`, `${escapeLike(raw.toLowerCase())}%`);
      return;
    case 'iregex':
      try {
        new RegExp(raw);
      } catch {
        throw bad();
      }
      c.add(`${f.sql} ~* ?`, raw);
      return;
    case 'exact':
      c.add(`${f.sql}::text = ?`, raw);
      return;
    default:
      void key;
  }
}

export interface ListQuery {
  conditions: Conditions;
  orderBy: string;
  page: number;
  limit: number;
  /** `?query={id,name}`: keep only these keys (django-restql), or null. */
  only: string[] | null;
}

/** Ordering: comma-separated fields, '-' for descending; unknown fields are ignored (as DRF does). */
export function orderClause(spec: ResourceSpec, ordering: string | undefined): string {
  const parts: string[] = [];
  let firstDesc = false;
  for (const token of (ordering ?? spec.defaultOrder).split(',').map((s) => s.trim()).filter(Boolean)) {
    const desc = token.startsWith('-');
    const name = desc ? token.slice(1) : token;
    const f = spec.fields[name];
    if (!f || f.sortable === false) continue;
    if (parts.length === 0) firstDesc = desc;
    // PostgreSQL's default null placement (last ascending, first descending) so indexes serve the order.
    parts.push(`${f.sql} ${desc ? 'DESC' : 'ASC'}`);
  }
  if (parts.length === 0 && ordering !== undefined) return orderClause(spec, undefined);
  parts.push(`t.id ${firstDesc ? 'DESC' : 'ASC'}`);
  return parts.join(', ');
}

/** Reads paging, ordering, search, field filters, date ranges and `ids` from the query string. */
export function parseListQuery(spec: ResourceSpec, q: QueryParams, conditions = new Conditions()): ListQuery {
  const pageRaw = parseInt32(first(q.page) ?? '1');
  const limitRaw = parseInt32(first(q.limit) ?? first(q.page_size) ?? String(DEFAULT_LIMIT));
  const page = pageRaw === null || pageRaw < 1 ? 1 : pageRaw;
  const limit = limitRaw === null || limitRaw < 1 ? DEFAULT_LIMIT : Math.min(limitRaw, MAX_LIMIT);
  if (spec.baseWhere) conditions.raw(spec.baseWhere);

  const search = first(q.search)?.trim();
  if (search && spec.search.length > 0) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    conditions.add(spec.search.map((s) => `lower(COALESCE((${s})::text, '')) LIKE ? ESCAPE '\\'`).join(' OR '), ...spec.search.map(() => pattern));
  }

  for (const [key, value] of Object.entries(q)) {
    const raw = first(value);
    if (raw === undefined || raw === '') continue;
    if (key.endsWith('__isnull')) {
      const name = key.slice(0, -'__isnull'.length);
      const f = spec.fields[name];
      if (!f?.nullable) continue;
      const b = parseBool(raw);
      if (b === null) throw new CrudError(`${spec.labels[name] ?? name}:请输入一个有效的值。`);
      conditions.raw(`${f.sql} IS ${b ? '' : 'NOT '}NULL`);
      continue;
    }
    if (key.endsWith('__icontains')) {
      // django's lookup suffix, as the console's `contains` filter writes it: any filterable field, as text.
      const name = key.slice(0, -'__icontains'.length);
      const f = spec.fields[name];
      if (!f?.filter) continue;
      conditions.add(`lower((${f.sql})::text) LIKE ? ESCAPE '\\'`, `%${escapeLike(raw.toLowerCase())}%`);
      continue;
    }
    const f = spec.fields[key];
    if (f?.filter) applyFilter(conditions, key, f, raw, spec.labels[key] ?? key);
  }

  // Date range on create_datetime: _after/_before, or two values of create_datetime (yyyy-MM-dd).
  const created = spec.fields.create_datetime;
  if (created) {
    const range = all(q.create_datetime);
    const after = first(q.create_datetime_after) ?? first(q.create_datetime__gte) ?? (range.length === 2 ? range[0] : undefined);
    const before = first(q.create_datetime_before) ?? first(q.create_datetime__lte) ?? (range.length === 2 ? range[1] : undefined);
    for (const [v, end] of [
      [after, false],
      [before, true],
    ] as const) {
      if (!v) continue;
      const at = parseShanghai(v, end);
      if (!at) throw new CrudError(`${spec.labels.create_datetime ?? '创建时间'}:日期格式应为 yyyy-MM-dd。`);
      conditions.add(`${created.sql} ${end ? '<=' : '>='} ?::timestamptz`, at);
    }
  }

  const ids = all(q.ids).concat(all(q.id__in));
  if (ids.length > 0) {
    const nums = ids.map(parseInt32);
    if (nums.some((n) => n === null)) throw new CrudError('ids:请输入一个有效的值。');
    conditions.add('t.id = ANY(?::int[])', nums);
  }

  const restql = first(q.query);
  const only = restql ? restql.replace(/[{}\s]/g, '').split(',').filter((s) => /^\w+$/.test(s)) : null;
  return { conditions, orderBy: orderClause(spec, first(q.ordering)), page, limit, only: only && only.length > 0 ? only : null };
}

import type { Queryable, Row } from '../../db/db';
import { AUDIT_SELECT, auditView } from './resource';
import { CrudError, type FieldSpec, type FilterKind, type ResourceSpec, type SheetColumn } from './spec';

/** `t.a, t.b, ...` after the audit columns. */
export function selectOf(columns: string[], extra: string[] = []): string {
  return [AUDIT_SELECT, ...columns.map((c) => `t.${c}`), ...extra].join(', ');
}

/** The audit keys plus the named columns of a row. */
export function viewOf(columns: string[]) {
  return (r: Row): Record<string, unknown> => {
    const out = auditView(r);
    for (const c of columns) out[c] = r[c] ?? null;
    return out;
  };
}

/** Fields every resource can sort on and range-filter: id and the audit datetimes. */
export function auditFields(): Record<string, FieldSpec> {
  return {
    id: { sql: 't.id', filter: 'int' },
    create_datetime: { sql: 't.create_datetime' },
    update_datetime: { sql: 't.update_datetime' },
    creator: { sql: 't.creator', filter: 'int', nullable: true },
    dept_belong_id: { sql: 't.dept_belong_id', filter: 'exact', nullable: true },
  };
}

/**
 * One of a resource's own list fields: a filter kind (`'icontains'`), `'sort'` for a field that can only
 * be sorted on, or a whole spec whose `sql` defaults to the main table's column of the same name.
 */
export type OwnField = FilterKind | 'sort' | (Omit<FieldSpec, 'sql'> & { sql?: string });

/**
 * The fields of a list: the audit fields plus the resource's own, each over `t.<name>` unless it names
 * its own `sql` (a joined table's column, a subquery): `{ name: 'icontains', parent: { filter: 'int',
 * nullable: true }, sort: 'sort' }`.
 */
export function listFields(own: Record<string, OwnField>): Record<string, FieldSpec> {
  const out = auditFields();
  for (const [name, field] of Object.entries(own)) {
    if (field === 'sort') out[name] = { sql: `t.${name}` };
    else if (typeof field === 'string') out[name] = { sql: `t.${name}`, filter: field };
    else out[name] = { sql: `t.${name}`, ...field };
  }
  return out;
}

type WriteColumn = ResourceSpec['columns'][string];

/**
 * The writable inputs of a resource, each stored in the column of the same name; `special` adds how
 * some are stored (`json`, `toDb`).
 */
export function writeColumns(names: readonly string[], special: Record<string, Omit<WriteColumn, 'column'>> = {}): ResourceSpec['columns'] {
  return Object.fromEntries(names.map((c) => [c, { column: c, ...special[c] }]));
}

/**
 * The row `id` of `table` (its `columns`), or a CrudError with `message` when there is none: the check
 * that a referenced row exists, in the writing transaction.
 */
export async function requireRow<T extends Row = Row>(tx: Queryable, table: string, id: unknown, message: string, columns = '1', key = 'id'): Promise<T> {
  const row = (await tx.query<T>(`SELECT ${columns} FROM ${table} WHERE ${key} = $1`, [id]))[0];
  if (!row) throw new CrudError(message);
  return row;
}

/** The stored row an update changes (its `columns`, over `table t`), or null for a create. */
export async function currentRow<T extends Row>(tx: Queryable, table: string, id: number | null, columns: string): Promise<T | null> {
  if (id === null) return null;
  return (await tx.query<T>(`SELECT ${columns} FROM ${table} t WHERE t.id = $1`, [id]))[0] ?? null;
}

export const text = (field: string, title: string, width?: number): SheetColumn => ({
  field,
  title,
  width,
  parse: (s) => (s === '' ? undefined : s),
});

export const int = (field: string, title: string): SheetColumn => ({
  field,
  title,
  parse: (s) => (s === '' ? undefined : /^-?\d+$/.test(s) ? Number(s) : s),
});

export const bool = (field: string, title: string, yes = '启用', no = '禁用'): SheetColumn => ({
  field,
  title,
  format: (v) => (v === true ? yes : v === false ? no : null),
  parse: (s) => {
    if (s === '') return undefined;
    if ([yes, 'true', '1', '是'].includes(s)) return true;
    if ([no, 'false', '0', '否'].includes(s)) return false;
    return s;
  },
});

export const choice = (field: string, title: string, choices: Record<number, string>): SheetColumn => ({
  field,
  title,
  format: (v) => (typeof v === 'number' ? (choices[v] ?? v) : null),
  parse: (s) => {
    if (s === '') return undefined;
    const hit = Object.entries(choices).find(([, label]) => label === s);
    if (hit) return Number(hit[0]);
    return /^\d+$/.test(s) ? Number(s) : s;
  },
});

/** A code shown by its name (`names`), the code itself when it has none. */
export const namedCol = (field: string, title: string, names: Record<string, string>, width?: number): SheetColumn => ({
  field,
  title,
  ...(width === undefined ? {} : { width }),
  format: (v) => (typeof v === 'string' ? (names[v] ?? v) : null),
});

/** A flag shown as 是 / 否 (export only). */
export const yesNoCol = (field: string, title: string): SheetColumn => ({ field, title, format: (v) => (v === true ? '是' : '否') });

/** A list of `{ name }` objects (tags, games) shown as their names. */
export const namesCol = (field: string, title: string, width: number): SheetColumn => ({
  field,
  title,
  width,
  format: (v) => (Array.isArray(v) ? v.map((item) => (item as { name: string }).name).join('、') : null),
});

/** The remark and creation time most exports end with. */
export const remarkAndCreatedCols = (remark = '备注'): SheetColumn[] => [readOnlyCol('description', remark, 30), datetimeCol('create_datetime', '创建时间')];

export const readOnlyCol = (field: string, title: string, width?: number): SheetColumn => ({ field, title, width });

export const datetimeCol = (field: string, title: string): SheetColumn => ({ field, title, width: 20 });

export const intList = (field: string, title: string): SheetColumn => ({
  field,
  title,
  format: (v) => (Array.isArray(v) ? v.join(',') : null),
  parse: (s) => (s === '' ? undefined : s.split(/[,，\s]+/).filter(Boolean).map((x) => (/^\d+$/.test(x) ? Number(x) : x))),
});

/** Whether `candidate` is `id` itself or one of its descendants in a self-referencing tree table. */
async function isSelfOrBelow(tx: Queryable, table: string, id: number, candidate: number): Promise<boolean> {
  const rows = await tx.query(
    `WITH RECURSIVE sub AS (SELECT id FROM ${table} WHERE id = $1 UNION SELECT c.id FROM ${table} c JOIN sub ON c.parent = sub.id)
     SELECT 1 FROM sub WHERE id = $2`,
    [id, candidate],
  );
  return rows.length > 0;
}

export async function refuseCycle(tx: Queryable, table: string, id: number | null, parent: unknown, message: string): Promise<void> {
  if (id === null || typeof parent !== 'number') return;
  if (await isSelfOrBelow(tx, table, id, parent)) throw new CrudError(message);
}

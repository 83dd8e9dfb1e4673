import type { Queryable, Row } from '../../db/db';
import { AUDIT_SELECT, auditView } from './resource';
import { CrudError, type FieldSpec, type SheetColumn } from './spec';

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

import type { z } from 'zod';
import type { Db, Queryable, Row } from '../../db/db';
import { parseInput } from '../validation';
import { LoadingCache } from '../cache';
import { formatDatetime } from '../time';
import type { Account } from '../users';
import { Conditions, parseListQuery, type ListQuery, type QueryParams } from './query';
import { CrudError, type ResourceSpec, type WriteContext } from './spec';
import { readXlsxBounded, writeXlsx, XlsxError, type Cell } from './xlsx';

export interface Scope {
  sql: string;
  params: unknown[];
}

export interface PagedList {
  page: number;
  total: number;
  limit: number;
  is_next: boolean;
  is_previous: boolean;
  data: Array<Record<string, unknown>>;
}

export interface PlainList {
  page: 1;
  limit: 1;
  total: number;
  data: Array<Record<string, unknown>>;
}

/** Audit columns selected for every resource (main table alias `t`); names resolved per row, after LIMIT. */
export const AUDIT_SELECT = `t.id, t.description, t.creator, t.modifier, t.dept_belong_id, t.create_datetime, t.update_datetime,
  (SELECT cu.name FROM users cu WHERE cu.id = t.creator) AS creator_name,
  (SELECT mu.name FROM users mu WHERE t.modifier ~ '^[0-9]{1,9}$' AND mu.id = t.modifier::int) AS modifier_name`;

export function dt(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return formatDatetime(v as Date | string);
}

/** The audit keys of a wire row, from a row selected with AUDIT_SELECT. */
export function auditView(r: Row): Record<string, unknown> {
  return {
    id: r.id,
    modifier_name: r.modifier_name ?? null,
    creator_name: r.creator_name ?? null,
    create_datetime: dt(r.create_datetime),
    update_datetime: dt(r.update_datetime),
    description: r.description ?? null,
    modifier: r.modifier ?? null,
    dept_belong_id: r.dept_belong_id ?? null,
    creator: r.creator ?? null,
  };
}

interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

/** Database constraint failures → a clear Chinese message (anything else is rethrown). */
export function constraintMessage(err: unknown): string | null {
  const e = err as PgError;
  switch (e?.code) {
    case '23505':
      return '数据已存在，唯一字段的值重复。';
    case '23503':
      return '关联的数据不存在，或仍被其他数据引用。';
    case '23514':
      return '字段的值不在允许的范围内。';
    case '23502':
      return '缺少必填的字段。';
    case '22001':
      return '字段的值过长。';
    case '22003':
      return '数值超出范围。';
    case '40P01':
    case '40001':
      // PostgreSQL: two writers waited on each other (e.g. two imports counting users of the same groups).
      return '与同时进行的其他修改冲突，未保存任何数据，请重试。';
    default:
      return null;
  }
}

function withScope(c: Conditions, scope: Scope | null): void {
  if (scope) c.add(scope.sql, ...scope.params);
}

/** Filename-safe timestamp for export files (Shanghai time). */
function stamp(): string {
  return formatDatetime(Date.now()).replace(/[-: ]/g, '').slice(0, 14);
}

/**
 * Whether a list's WHERE clause can run over the count table instead of the rows: it names only
 * `t.<column>` for columns the count table has, and no subquery. Anything else (a join's alias, a
 * column the table does not keep, a bare name) makes the list count its rows.
 */
export function countableBy(where: string, columns: readonly string[]): boolean {
  if (/\bselect\b/i.test(where)) return false;
  const withoutParams = where.replace(/\$\d+(::[\w[\]]+)?/g, '').replace(/::[\w[\]]+/g, '');
  const refs = withoutParams.match(/[A-Za-z_][\w]*\.[A-Za-z_][\w]*/g) ?? [];
  const known = new Set(columns.map((c) => `t.${c}`));
  if (!refs.every((r) => known.has(r))) return false;
  // Every other word must be SQL, not a column name without its alias.
  const words = withoutParams.replace(/[A-Za-z_][\w]*\.[A-Za-z_][\w]*/g, ' ').match(/[A-Za-z_]\w*/g) ?? [];
  return words.every((w) => SQL_WORDS.has(w.toUpperCase()));
}

const SQL_WORDS = new Set(['WHERE', 'AND', 'OR', 'NOT', 'IS', 'NULL', 'ANY', 'IN', 'TRUE', 'FALSE']);

export interface CrudOptions {
  /**
   * Keep list pages in memory until this process writes to the database (see db/changes.ts). Only
   * when no other process writes to it (the embedded database): a second instance's writes would
   * not be seen, and totals must stay exact.
   */
  cacheLists?: boolean;
}

/**
 * List pages kept per resource at most (all dropped when full), for how long at most, and the largest
 * page kept (bigger ones, e.g. limit=999 lookups, are read each time): memory stays in the tens of MB.
 */
const LIST_CACHE_ENTRIES = 100;
const LIST_CACHE_TTL_MS = 10 * 60_000;
const LIST_CACHE_MAX_ROWS = 100;

/** Generic operations over one ResourceSpec. */
/**
 * The PATCH form of an input schema: every field optional. zod refuses `.partial()` on an object with
 * refinements (a cross-field rule such as "end not before start"); such update schemas are written
 * with optional fields already, so they are used as they are and keep their rule.
 */
function partialOf(schema: z.ZodType): z.ZodType {
  if (!('partial' in schema) || typeof schema.partial !== 'function') return schema;
  try {
    return (schema.partial as () => z.ZodType)();
  } catch {
    return schema;
  }
}

export class CrudResource {
  private readonly lists: LoadingCache<string, PagedList | PlainList> | null;

  constructor(
    readonly spec: ResourceSpec,
    private readonly db: Db,
    options: CrudOptions = {},
  ) {
    this.lists = options.cacheLists ? new LoadingCache(null, LIST_CACHE_TTL_MS, { maxEntries: LIST_CACHE_ENTRIES, changes: db.changes, tables: [spec.table] }) : null;
  }

  private get from(): string {
    return this.spec.from ?? `${this.spec.table} t`;
  }

  private async viewRows(rows: Row[]): Promise<Array<Record<string, unknown>>> {
    const out = rows.map((r) => this.spec.view(r));
    if (this.spec.decorate && out.length > 0) await this.spec.decorate(this.db, out);
    return out;
  }

  private trim(rows: Array<Record<string, unknown>>, only: string[] | null): Array<Record<string, unknown>> {
    if (!only) return rows;
    return rows.map((r) => Object.fromEntries(only.filter((k) => k in r).map((k) => [k, r[k]])));
  }

  /**
   * list: filters, search, ordering, paging (a page past the end is an empty page). The rows, their
   * names and the total come from one statement. With `cacheLists` the same page is answered from
   * memory (the same object, never to be changed by the caller) until the database changes.
   */
  async list(q: QueryParams, scope: Scope | null): Promise<PagedList | PlainList> {
    const lq = parseListQuery(this.spec, q);
    withScope(lq.conditions, scope);
    const lazy = this.spec.lazyParent;
    if (lazy && !Object.keys(q).some((k) => q[k] !== '' && (k === 'search' || k === lazy || k.startsWith(`${lazy}__`) || this.spec.fields[k]?.filter))) {
      lq.conditions.raw(`t.${lazy} IS NULL`);
    }
    if (!this.lists || lq.limit > LIST_CACHE_MAX_ROWS) return this.loadList(lq);
    const key = JSON.stringify([lq.conditions.where(), lq.conditions.params, lq.orderBy, lq.page, lq.limit, lq.only]);
    return this.lists.through(key, () => this.loadList(lq));
  }

  private async loadList(lq: ListQuery): Promise<PagedList | PlainList> {
    const where = lq.conditions.where();
    const params = lq.conditions.params;
    if (this.spec.listShape === 'plain') {
      const rows = await this.db.query(`SELECT ${this.spec.select} FROM ${this.from} ${where} ORDER BY ${lq.orderBy} LIMIT 5000`, params);
      return { page: 1, limit: 1, total: 1, data: this.trim(await this.viewRows(rows), lq.only) };
    }
    const offset = (lq.page - 1) * lq.limit;
    // The total rides along as an InitPlan (computed once); only an empty page past the first needs its own count.
    const rows = await this.db.query(
      `SELECT ${this.spec.select}, (${this.countSql(where)}) AS list_total__ FROM ${this.from} ${where} ORDER BY ${lq.orderBy} LIMIT ${lq.limit} OFFSET ${offset}`,
      params,
    );
    const total = rows.length > 0 ? Number(rows[0]?.list_total__ ?? 0) : offset === 0 ? 0 : await this.count(where, params);
    return {
      page: lq.page,
      total,
      limit: lq.limit,
      is_next: lq.page * lq.limit < total,
      is_previous: lq.page > 1,
      data: this.trim(await this.viewRows(rows), lq.only),
    };
  }

  /** SQL giving the exact number of rows the list has: from the count table when the conditions allow it. */
  private countSql(where: string): string {
    const counts = this.spec.countTable;
    return counts && countableBy(where, counts.columns)
      ? `SELECT COALESCE(sum(t.n), 0)::int FROM ${counts.table} t ${where}`
      : `SELECT count(*)::int FROM ${this.from} ${where}`;
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    return (await this.db.query<{ n: number }>(`SELECT (${this.countSql(where)}) AS n`, params))[0]?.n ?? 0;
  }

  /** One row by id (inside the base condition and the scope), or null. */
  async retrieve(id: number, scope: Scope | null = null): Promise<Record<string, unknown> | null> {
    const c = new Conditions();
    c.add('t.id = ?', id);
    if (this.spec.baseWhere) c.raw(this.spec.baseWhere);
    withScope(c, scope);
    const rows = await this.db.query(`SELECT ${this.spec.select} FROM ${this.from} ${c.where()}`, c.params);
    return (await this.viewRows(rows))[0] ?? null;
  }

  private async exists(tx: Queryable, ids: number[], scope: Scope | null): Promise<number[]> {
    const c = new Conditions();
    c.add('t.id = ANY(?::int[])', ids);
    if (this.spec.baseWhere) c.raw(this.spec.baseWhere);
    withScope(c, scope);
    const rows = await tx.query<{ id: number }>(`SELECT t.id FROM ${this.from} ${c.where()}`, c.params);
    return rows.map((r) => r.id);
  }

  /** Validates an input with the create (or update) schema; the result or a CrudError with "<label>:<problem>". */
  validate(input: unknown, mode: 'create' | 'update' | 'patch'): Record<string, unknown> {
    const schema = (mode === 'create' ? this.spec.createSchema : (this.spec.updateSchema ?? this.spec.createSchema)) as z.ZodType | undefined;
    if (!schema) throw new CrudError('该资源不支持此操作。');
    const effective = mode === 'patch' ? partialOf(schema) : schema;
    const parsed = parseInput(effective, input, this.spec.labels);
    if (!parsed.ok) throw new CrudError(parsed.msg);
    return parsed.data as Record<string, unknown>;
  }

  private columnValues(input: Record<string, unknown>): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [key, col] of Object.entries(this.spec.columns)) {
      if (!(key in input) || input[key] === undefined) continue;
      const v = col.toDb ? col.toDb(input[key]) : input[key];
      values[col.column] = col.json ? (v === undefined ? null : JSON.stringify(v)) : v;
    }
    if ('description' in input && input.description !== undefined) values.description = input.description;
    if (input.dept_belong_id !== undefined && input.dept_belong_id !== null && input.dept_belong_id !== '') values.dept_belong_id = String(input.dept_belong_id);
    return values;
  }

  private async checkUniques(tx: Queryable, values: Record<string, unknown>, id: number | null): Promise<void> {
    for (const u of this.spec.uniques ?? []) {
      const cols = u.fields.map((f) => this.spec.columns[f]?.column ?? f);
      if (!cols.some((c) => c in values)) continue;
      let current: Row | undefined;
      if (id !== null) current = (await tx.query(`SELECT ${cols.join(', ')} FROM ${this.spec.table} WHERE id = $1`, [id]))[0];
      const probe = cols.map((c) => (c in values ? values[c] : current?.[c]));
      if (u.ignoreNull && probe.some((v) => v === null || v === undefined || v === '')) continue;
      const c = new Conditions();
      cols.forEach((col, i) => (probe[i] === null || probe[i] === undefined ? c.raw(`${col} IS NULL`) : c.add(`${col} = ?`, probe[i])));
      if (id !== null) c.add('id <> ?', id);
      const taken = await tx.query(`SELECT 1 FROM ${this.spec.table} ${c.where()} LIMIT 1`, c.params);
      if (taken.length > 0) throw new CrudError(u.message);
    }
  }

  private async write(tx: Queryable, account: Account, input: Record<string, unknown>, id: number | null): Promise<number> {
    const w: WriteContext = { tx, account };
    const values = this.columnValues(input);
    await this.checkUniques(tx, values, id);
    await this.spec.beforeWrite?.(w, input, values, id);
    values.modifier = String(account.id);
    let rowId: number;
    if (id === null) {
      values.creator = account.id;
      values.dept_belong_id ??= account.dept === null ? null : String(account.dept);
      const cols = Object.keys(values);
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO ${this.spec.table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
        cols.map((c) => values[c]),
      );
      rowId = rows[0]?.id ?? 0;
    } else {
      const cols = Object.keys(values);
      await tx.query(
        `UPDATE ${this.spec.table} SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, update_datetime = now() WHERE id = $1`,
        [id, ...cols.map((c) => values[c])],
      );
      rowId = id;
    }
    await this.spec.afterWrite?.(w, rowId, input);
    return rowId;
  }

  private async inTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      const out = await this.db.transaction(fn);
      this.spec.changed?.();
      return out;
    } catch (err) {
      if (err instanceof CrudError) throw err;
      const msg = constraintMessage(err);
      if (msg) throw new CrudError(msg);
      throw err;
    }
  }

  async create(account: Account, body: unknown): Promise<Record<string, unknown>> {
    if (this.spec.readOnly) throw new CrudError('该资源不支持此操作。');
    const input = this.validate(body, 'create');
    const id = await this.inTransaction((tx) => this.write(tx, account, input, null));
    return (await this.retrieve(id)) ?? { id };
  }

  /** PUT (full input) or PATCH (partial); null when the row is not there or out of scope. */
  async update(account: Account, id: number, body: unknown, partial: boolean, scope: Scope | null): Promise<Record<string, unknown> | null> {
    if (this.spec.readOnly) throw new CrudError('该资源不支持此操作。');
    const input = this.validate(body, partial ? 'patch' : 'update');
    const done = await this.inTransaction(async (tx) => {
      if ((await this.exists(tx, [id], scope)).length === 0) return false;
      await this.write(tx, account, input, id);
      return true;
    });
    return done ? await this.retrieve(id) : null;
  }

  /** Deletes the rows (all or none); false when one of them is not there or out of scope. */
  async destroy(account: Account, ids: number[], scope: Scope | null): Promise<boolean> {
    if (this.spec.readOnly && !this.spec.deletable) throw new CrudError('该资源不支持此操作。');
    const unique = [...new Set(ids)];
    return this.inTransaction(async (tx) => {
      if ((await this.exists(tx, unique, scope)).length !== unique.length) return false;
      await this.spec.beforeDelete?.({ tx, account }, unique);
      await tx.query(`DELETE FROM ${this.spec.table} WHERE id = ANY($1::int[])`, [unique]);
      return true;
    });
  }

  /** export_data: every row the list would give (filters, search, ordering, scope), up to 100k rows. */
  async exportXlsx(q: QueryParams, scope: Scope | null): Promise<{ file: Buffer; name: string }> {
    const sheet = this.spec.sheet ?? [];
    const lq = parseListQuery(this.spec, q);
    withScope(lq.conditions, scope);
    const rows = await this.db.query(`SELECT ${this.spec.select} FROM ${this.from} ${lq.conditions.where()} ORDER BY ${lq.orderBy} LIMIT 100000`, lq.conditions.params);
    const views = await this.viewRows(rows);
    const cells: Cell[][] = views.map((v, i) => sheet.map((col) => (col.format ? col.format(v[col.field], rows[i] ?? {}) : toCell(v[col.field]))));
    return {
      file: await writeXlsx(this.spec.title, sheet.map((c) => c.title), cells, sheet.map((c) => c.width ?? 18)),
      name: `${this.spec.title}-${stamp()}.xlsx`,
    };
  }

  /** import_data GET: an empty sheet with the import columns. */
  async template(): Promise<{ file: Buffer; name: string }> {
    const cols = (this.spec.sheet ?? []).filter((c) => c.parse);
    return { file: await writeXlsx(this.spec.title, cols.map((c) => c.title), [], cols.map((c) => c.width ?? 18)), name: `${this.spec.title}导入模板.xlsx` };
  }

  /** update_template: the import columns plus id, filled with the current rows, for editing and re-import. */
  async updateTemplate(scope: Scope | null): Promise<{ file: Buffer; name: string }> {
    const cols = (this.spec.sheet ?? []).filter((c) => c.parse);
    const c = new Conditions();
    if (this.spec.baseWhere) c.raw(this.spec.baseWhere);
    withScope(c, scope);
    const rows = await this.db.query(`SELECT ${this.spec.select} FROM ${this.from} ${c.where()} ORDER BY t.id LIMIT 100000`, c.params);
    const views = await this.viewRows(rows);
    const cells: Cell[][] = views.map((v, i) => [v.id as number, ...cols.map((col) => (col.format ? col.format(v[col.field], rows[i] ?? {}) : toCell(v[col.field])))]);
    return { file: await writeXlsx(this.spec.title, ['id', ...cols.map((x) => x.title)], cells), name: `${this.spec.title}更新模板.xlsx` };
  }

  /**
   * import_data POST: every row validated first, then all written in one transaction. Any bad row
   * (validation, duplicate, constraint) → nothing is written and each bad row is listed.
   */
  async importXlsx(account: Account, file: Buffer): Promise<{ created: number; updated: number }> {
    let sheet: string[][];
    try {
      sheet = await readXlsxBounded(file);
    } catch (err) {
      throw new CrudError(err instanceof XlsxError ? err.message : '文件无法读取');
    }
    const [header = [], ...body] = sheet;
    const cols = (this.spec.sheet ?? []).filter((c) => c.parse);
    const index = new Map<string, number>();
    header.forEach((h, i) => index.set(h.trim(), i));
    const missing = cols.filter((c) => !index.has(c.title) && !index.has(c.field));
    if (missing.length === cols.length) throw new CrudError(`导入失败：表头应为 ${cols.map((c) => c.title).join('、')}`);
    const idCol = index.get('id');
    const errors: Array<{ row: number; msg: string }> = [];
    const inputs: Array<{ row: number; id: number | null; input: Record<string, unknown> }> = [];
    body.forEach((cells, i) => {
      if (cells.every((v) => (v ?? '').trim() === '')) return;
      const row = i + 2;
      const raw: Record<string, unknown> = {};
      for (const c of cols) {
        const at = index.get(c.title) ?? index.get(c.field);
        if (at === undefined || !c.parse) continue;
        const v = c.parse((cells[at] ?? '').trim());
        if (v !== undefined) raw[c.field] = v;
      }
      const idText = idCol === undefined ? '' : (cells[idCol] ?? '').trim();
      const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
      try {
        inputs.push({ row, id, input: this.validate(raw, id === null ? 'create' : 'patch') });
      } catch (err) {
        errors.push({ row, msg: err instanceof Error ? err.message : String(err) });
      }
    });
    if (errors.length === 0 && inputs.length === 0) throw new CrudError('导入失败：表格中没有数据。');
    if (errors.length > 0) throw new CrudError(importFailure(errors), 4000, errors);
    let created = 0;
    let updated = 0;
    await this.inTransaction(async (tx) => {
      for (const it of inputs) {
        // A savepoint per row would hide which constraint failed; stop at the first and report it.
        try {
          if (it.id !== null && (await this.exists(tx, [it.id], null)).length === 1) {
            await this.write(tx, account, it.input, it.id);
            updated++;
          } else {
            await this.write(tx, account, it.input, null);
            created++;
          }
        } catch (err) {
          const msg = err instanceof CrudError ? err.message : constraintMessage(err);
          if (msg === null) throw err;
          throw new CrudError(importFailure([{ row: it.row, msg }]), 4000, [{ row: it.row, msg }]);
        }
      }
    });
    return { created, updated };
  }
}

/** One message naming every bad row (the same rows also go out as `data: [{row, msg}]`). */
function importFailure(errors: Array<{ row: number; msg: string }>): string {
  const shown = errors
    .slice(0, 50)
    .map((e) => `第${e.row}行 ${e.msg}`)
    .join('；');
  return `导入失败，没有写入任何数据：${shown}${errors.length > 50 ? `；等共 ${errors.length} 行` : ''}`;
}

export function toCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

import type { z } from 'zod';
import type { Db, Queryable, Row } from '../../db/db';
import type { Account } from '../users';

/** How a query parameter filters on a field (django-filter lookups the real back end uses). */
export type FilterKind = 'exact' | 'int' | 'bool' | 'icontains' | 'istartswith' | 'iregex';

export interface FieldSpec {
  /** SQL expression (over the list's FROM) for filters and ordering. */
  sql: string;
  /** Query-parameter filter, if the field can be filtered. */
  filter?: FilterKind;
  /** Allowed in `ordering` (default true). */
  sortable?: boolean;
  /** `<field>__isnull=true|false` allowed. */
  nullable?: boolean;
}

/** One column of the xlsx export / import template. */
export interface SheetColumn {
  field: string;
  title: string;
  /** For export: turns the row's value into the cell. */
  format?: (value: unknown, row: Row) => string | number | boolean | null;
  /** For import: turns the cell text into the input value (undefined = leave out). */
  parse?: (cell: string) => unknown;
  width?: number;
}

export interface WriteContext {
  tx: Queryable;
  account: Account;
}

/** Failure raised by a hook: becomes code 4000 (or `code`) with this message, after a rollback. */
export class CrudError extends Error {
  constructor(
    message: string,
    readonly code = 4000,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/**
 * A resource described declaratively: where its rows live, what can be filtered, searched and sorted,
 * how a row is shown, which inputs create and update it. One description gives list, retrieve,
 * create, update, destroy, multiple_delete, export_data, import_data and update_template.
 */
export interface ResourceSpec<C extends z.ZodType = z.ZodType, U extends z.ZodType = z.ZodType> {
  /** Route segment: /api/system/<path>/ */
  path: string;
  /** Human name (export file name, messages). */
  title: string;
  table: string;
  /** FROM clause; the main table is aliased `t`. */
  from?: string;
  /** Condition always applied to lists and single-row reads (e.g. leave out superusers). */
  baseWhere?: string;
  /** SELECT list (without the word SELECT) for the row view. */
  select: string;
  fields: Record<string, FieldSpec>;
  /** Default ordering, e.g. '-create_datetime' or 'sort'. */
  defaultOrder: string;
  /** SQL expressions searched (case-insensitive contains) by `?search=`. */
  search: string[];
  /** Lists filtered by the caller's data scope (dept_belong_id / creator). */
  dataScope?: boolean;
  /** Shapes one database row into the wire row. */
  view: (row: Row) => Record<string, unknown>;
  /** Adds data that needs another query (e.g. role_info) to a page of wire rows. */
  decorate?: (db: Db, rows: Array<Record<string, unknown>>) => Promise<void>;
  /** Lazy tree: a list call naming no filter, search or parent gives only the rows whose field IS NULL. */
  lazyParent?: string;
  /**
   * A table kept by triggers in the same transaction as every write of `table` (see
   * migrations/005_user_counts.sql): one row per combination of `columns` (named and typed as in
   * `table`) with its row count `n`. A list whose WHERE clause names only `t.<column>` of these is
   * counted by summing it (the clause runs over it unchanged, aliased `t`): an exact total without
   * counting the rows. Other lists count the rows. Only for a `from` that gives one row per row of
   * `table` (joins to unique keys), as the user list's LEFT JOIN to its department does.
   */
  countTable?: { table: string; columns: readonly string[] };
  /** Paginated list (shape 1, default) or all rows as shape 2 (menu and dept lazy lists). */
  listShape?: 'paged' | 'plain';
  createSchema?: C;
  updateSchema?: U;
  labels: Record<string, string>;
  /** Input key → column for the plain columns (m2m and special fields are handled by hooks). */
  columns: Record<string, { column: string; json?: boolean; toDb?: (v: unknown) => unknown }>;
  /** Unique constraints checked before writing, with the message shown when taken. */
  uniques?: Array<{ fields: string[]; message: string; ignoreNull?: boolean }>;
  /** Extra checks / derived columns before INSERT or UPDATE; may add columns to `values`. */
  beforeWrite?: (w: WriteContext, input: Record<string, unknown>, values: Record<string, unknown>, id: number | null) => Promise<void>;
  /** After the row is written (same transaction): m2m rows. */
  afterWrite?: (w: WriteContext, id: number, input: Record<string, unknown>) => Promise<void>;
  /** Refuses a delete with a reason (same transaction). */
  beforeDelete?: (w: WriteContext, ids: number[]) => Promise<void>;
  /** After a committed change: drop caches, push frames. */
  changed?: () => void;
  /** Read-only resources answer writes with 405-like refusal. */
  readOnly?: boolean;
  /** Allows DELETE even when readOnly (operation_log). */
  deletable?: boolean;
  sheet?: SheetColumn[];
  /** Import key: existing rows matched on this field are updated instead of created. */
  importKey?: string;
}

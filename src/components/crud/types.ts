import type { ReactNode } from 'react';
import type { ResourceStore } from '../../stores/resource';
import type { RootStore } from '../../stores/root';
import type { ListFilter, Ordering, ResourceRow } from '../../stores/types';

/**
 * A CRUD page as data: what the table shows, what can be searched, what the form edits and with which
 * rules, which buttons exist and under which permission names. One component (CrudPage) renders it.
 */

/** How a field is edited and shown. */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'switch'
  | 'select'
  | 'multiselect'
  | 'date'
  | 'datetime'
  | 'deptTree'
  | 'image'
  | 'avatar'
  | 'file'
  | 'json'
  | 'array'
  | 'progress'
  | 'icon'
  | 'remote';

export interface Option {
  label: string;
  value: string | number | boolean;
  color?: string | null;
}

export interface Rule {
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  min?: number;
  max?: number;
  email?: boolean;
  /** A pattern and the message the server gives for it (after 'label:'). */
  pattern?: { regex: RegExp; message: string };
  /** A rule of the field's own (e.g. a list editor's rows): the whole message, or null when the value passes. */
  check?: (value: unknown, values: Record<string, unknown>) => string | null;
}

export interface FieldForm {
  /** Column span of 24 (default 12, spec §9). */
  span?: number;
  rules?: Rule;
  /** Value of a new row. */
  default?: unknown | ((root: RootStore) => unknown);
  /** Only on create / only on edit. */
  createOnly?: boolean;
  editOnly?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /**
   * The field's names in the server's refusals (e.g. 'Crontab 表达式', '参数'): a message that starts
   * with one (`<name>:`, `<name>：`, `<name>无效`) is shown under this field instead of below the form.
   * The label and the key count too.
   */
  serverNames?: readonly string[];
}

export interface FieldColumn {
  width?: number;
  sortable?: boolean;
  /** A filter input in the column header (an `equals` condition on the key, or `in` for several values). */
  filter?: boolean;
  /** Custom cell. */
  cell?: (row: ResourceRow) => ReactNode;
  hidden?: boolean;
}

export interface FieldSearch {
  /** The field the condition is on (default the key). */
  param?: string;
  type?: FieldType;
}

/** Remote search select: the resource searched by text and read back by ids. */
export interface RemoteSource {
  /** The resource's base path, e.g. '/api/system/user/'. */
  url: string;
  labelKey: string;
  valueKey?: string;
}

export interface FieldDef {
  key: string;
  /** Text (already translated by the page). */
  label: string;
  type?: FieldType;
  /** Dictionary key whose entries label the values (spec §4 tag colours). */
  dict?: string;
  options?: Option[];
  remote?: RemoteSource;
  /** false = not in the table. */
  column?: FieldColumn | false;
  /** Present = searchable in the search form. */
  search?: FieldSearch | true;
  /** false = not in the form. */
  form?: FieldForm | false;
  /** A form input of the page's own (an upload for a purpose, a colour picker) instead of the type's. */
  input?: (props: CustomInputProps) => ReactNode;
}

/** What a field's own form input receives. */
export interface CustomInputProps {
  value: unknown;
  onChange(value: unknown): void;
  disabled: boolean;
  invalid: boolean;
  /** The element id the form's label points at. */
  id: string;
  testId: string;
  /** The whole form's values (an input that depends on another field, e.g. a game's events). */
  values: Record<string, unknown>;
  /** create or edit (an input may keep parts of an existing row). */
  mode: 'create' | 'edit';
  /** The row being edited (null on create). */
  row: ResourceRow | null;
}

export type ButtonName = 'add' | 'edit' | 'view' | 'remove' | 'export' | 'import' | 'search';

export interface ActionContext {
  root: RootStore;
  store: ResourceStore;
  /** Opens the edit form of a row. */
  edit(row: ResourceRow): void;
  /** Asks with the page's confirmation dialog (确定 / 取消). */
  confirm(text: string): Promise<boolean>;
}

export interface RowAction {
  key: string;
  label: string;
  icon?: string;
  /** Permission name (the button's `value`, e.g. 'ResetPassword'). */
  permission: string;
  severity?: 'secondary' | 'success' | 'info' | 'warning' | 'danger' | 'help';
  run(row: ResourceRow, ctx: ActionContext): void | Promise<void>;
  visible?(row: ResourceRow): boolean;
}

export interface ToolbarAction {
  key: string;
  label: string;
  icon?: string;
  permission: string;
  run(ctx: ActionContext): void | Promise<void>;
}

export interface TreeOptions {
  /** The field naming the parent whose children load (e.g. 'parent' or 'pcode'). */
  childParam: string;
  /** Row field whose value is the parent of the children (default 'id'). */
  childValueKey?: string;
  /** Whether a row has children (lazy: children load on expand). */
  hasChildren(row: ResourceRow): boolean;
}

export interface ResourceDescription {
  /** Viewset base path, e.g. '/api/system/user/'. */
  resource: string;
  fields: FieldDef[];
  /** Permission names per built-in button (the menu button values). A button without one is not shown. */
  permissions: Partial<Record<ButtonName, string>>;
  /** Default ordering (the user may sort by a sortable column instead). */
  ordering?: Ordering;
  /** Conditions always sent (e.g. the parent of a sub-dictionary). */
  baseFilters?: readonly ListFilter[];
  /** Rows per page (default 10). */
  limit?: number;
  /** false: a lazy tree or a plain list (no page/limit). */
  paginated?: boolean;
  tree?: TreeOptions;
  /** Append the common trailing columns of spec §3 (default true). */
  commonColumns?: boolean;
  rowActions?: RowAction[];
  toolbarActions?: ToolbarAction[];
  /** The body sent on save (default: the form values). */
  toBody?(values: Record<string, unknown>, mode: 'create' | 'edit'): Record<string, unknown>;
  /** Whether a row's delete button shows (default: every row). */
  removable?(row: ResourceRow): boolean;
  /** Form dialog width (default 860px). */
  dialogWidth?: string;
  /** data-testid prefix of the page (default 'crud'). */
  testId?: string;
}

import { REMARK_MAX_LENGTH } from '../../config';
import type { RootStore } from '../../stores/root';
import type { FieldDef } from './types';

type T = (key: string) => string;

/** The creating user's department (spec §3 default of dept_belong_id), or null. */
export function currentUserDept(root: RootStore): number | null {
  const dept: unknown = (root.session.user as Record<string, unknown> | null)?.dept;
  return typeof dept === 'number' ? dept : null;
}

/**
 * The common trailing columns of spec §3: description (remark textarea, max 200, 请输入内容, in the form),
 * modifier_name, dept_belong_id (department tree, default the creator's department, stored as a number),
 * update_datetime, create_datetime (sortable, date range search), creator_name.
 */
export function commonColumns(t: T): FieldDef[] {
  return [
    {
      key: 'description',
      label: t('columns.description'),
      type: 'textarea',
      column: { width: 160 },
      form: { span: 24, rules: { maxLength: REMARK_MAX_LENGTH }, placeholder: t('columns.remarkPlaceholder') },
    },
    { key: 'modifier_name', label: t('columns.modifierName'), column: { width: 100 }, form: false },
    {
      key: 'dept_belong_id',
      label: t('columns.deptBelong'),
      type: 'deptTree',
      column: { width: 130, hidden: true },
      form: { default: (root: RootStore) => currentUserDept(root) },
    },
    { key: 'update_datetime', label: t('columns.updateDatetime'), type: 'datetime', column: { width: 160, sortable: true }, form: false },
    { key: 'create_datetime', label: t('columns.createDatetime'), type: 'datetime', column: { width: 160, sortable: true }, form: false },
    { key: 'creator_name', label: t('columns.creatorName'), column: { width: 100 }, form: false },
  ];
}

/** dept_belong_id is stored as a number (the server sends it as a string id). */
export function deptBelongValue(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

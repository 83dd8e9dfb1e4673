import { isRecord } from '../../../../../../contracts/json';
import type { ResourceRow } from '../../../../../stores/types';
import type { FieldDef, FieldType, Option } from '../../../../../components/crud/types';

type T = (key: string, params?: Record<string, string | number>) => string;

/** form_item_type (SystemConfig) → the form type that edits it. */
const FORM_TYPES: Record<number, FieldType> = {
  0: 'text',
  1: 'datetime',
  2: 'date',
  3: 'textarea',
  4: 'select',
  5: 'multiselect',
  6: 'select',
  7: 'image',
  8: 'file',
  9: 'switch',
  10: 'number',
  11: 'array',
  12: 'image',
  15: 'text',
};

/** The form_item_type names of the back end (SystemConfig model choices), in value order. */
export const FORM_ITEM_TYPE_NAMES = ['text', 'datetime', 'date', 'textarea', 'select', 'checkbox', 'radio', 'img', 'file', 'switch', 'number', 'array', 'imgs', 'foreignkey', 'manytomany', 'time'] as const;

/** Types whose value is chosen from data_options. */
export const OPTION_TYPES: ReadonlySet<number> = new Set([4, 5, 6]);

/** The rule the back end's own settings carry when an item is required (example 14). */
export const REQUIRED_RULE = { required: true, message: '必填项不能为空' } as const;

/** Key characters the server accepts (contracts systemConfigInput). */
const KEY_PATTERN = /^[A-Za-z0-9_]+$/;

/** data_options as select options ([{label, value}]), or undefined when it holds none. */
export function dataOptions(raw: unknown): Option[] | undefined {
  return Array.isArray(raw)
    ? raw.filter(isRecord).map((o) => ({ label: String(o.label ?? o.value), value: (o.value ?? '') as string | number | boolean }))
    : undefined;
}

/** Whether a setting's rule list says it is required. */
export function isRequired(rule: unknown): boolean {
  return Array.isArray(rule) && rule.some((r) => isRecord(r) && r.required === true);
}

/** A setting as a form field: its title, type, options and the 'required' rule. */
/** `text` shows the server's title and placeholder in the interface language (seed texts translated). */
export function settingField(item: ResourceRow, text: (value: string) => string = (value) => value): FieldDef {
  const type = FORM_TYPES[Number(item.form_item_type)] ?? 'text';
  const options = dataOptions(item.data_options);
  return {
    key: String(item.key),
    label: text(String(item.title ?? item.key)),
    type: type === 'array' ? 'json' : type,
    ...(options ? { options } : {}),
    form: { span: 24, placeholder: typeof item.placeholder === 'string' ? text(item.placeholder) : undefined, rules: { required: isRequired(item.rule) } },
  };
}

/** The problem with a key among the keys already used in the same group (or among the groups), or null. */
export function keyProblem(key: unknown, taken: readonly string[], t: T): string | null {
  if (typeof key !== 'string' || key === '') return null;
  if (!KEY_PATTERN.test(key)) return `${t('sys.config.key')}:${t('sys.config.keyPattern')}`;
  return taken.includes(key) ? t('sys.config.keyTaken') : null;
}

/** Fields of a new group (a top-level row, parent null). */
export function groupFields(t: T): FieldDef[] {
  return [
    { key: 'title', label: t('sys.config.title'), form: { span: 24, rules: { required: true, maxLength: 50 } } },
    { key: 'key', label: t('sys.config.key'), form: { span: 24, rules: { required: true, maxLength: 200 } } },
    { key: 'sort', label: t('sys.config.sort'), type: 'number', form: { default: 0 } },
    { key: 'status', label: t('sys.config.status'), type: 'switch', form: { default: true } },
  ];
}

/**
 * Fields of a new item of a group. The value input follows the chosen form type (and options);
 * data_options shows for select, checkbox and radio.
 */
export function itemFields(t: T, values: Record<string, unknown>): FieldDef[] {
  const formItemType = Number(values.form_item_type ?? 0);
  const typeOptions: Option[] = FORM_ITEM_TYPE_NAMES.map((label, value) => ({ label, value }));
  const valueField = settingField({ key: 'value', title: t('sys.config.value'), form_item_type: formItemType, data_options: values.data_options, rule: [] });
  const fields: FieldDef[] = [
    { key: 'title', label: t('sys.config.title'), form: { rules: { required: true, maxLength: 50 } } },
    { key: 'key', label: t('sys.config.key'), form: { rules: { required: true, maxLength: 200 } } },
    { key: 'form_item_type', label: t('sys.config.formItemType'), options: typeOptions, form: { default: 0, rules: { required: true } } },
    { key: 'required', label: t('sys.config.required'), type: 'switch', form: { default: false } },
    { ...valueField, form: { span: 24 } },
  ];
  if (OPTION_TYPES.has(formItemType)) {
    fields.push({ key: 'data_options', label: t('sys.config.dataOptions'), type: 'json', form: { span: 24, default: [] } });
  }
  fields.push(
    { key: 'setting', label: t('sys.config.setting'), type: 'json', form: { span: 24 } },
    { key: 'placeholder', label: t('sys.config.placeholder'), form: { rules: { maxLength: 100 } } },
    { key: 'sort', label: t('sys.config.sort'), type: 'number', form: { default: 0 } },
    { key: 'status', label: t('sys.config.status'), type: 'switch', form: { default: true } },
  );
  return fields;
}

const blankToNull = (v: unknown): unknown => (v === undefined || v === '' ? null : v);

/** The POST body of a new group. */
export function groupBody(values: Record<string, unknown>): Record<string, unknown> {
  return { parent: null, title: values.title, key: values.key, sort: values.sort ?? 0, status: values.status !== false, form_item_type: 0, value: null, rule: null };
}

/** The POST body of a new item under a group. */
export function itemBody(values: Record<string, unknown>, parent: number): Record<string, unknown> {
  const formItemType = Number(values.form_item_type ?? 0);
  return {
    parent,
    title: values.title,
    key: values.key,
    form_item_type: formItemType,
    value: blankToNull(values.value),
    data_options: OPTION_TYPES.has(formItemType) ? (values.data_options ?? []) : null,
    setting: blankToNull(values.setting),
    rule: values.required === true ? [REQUIRED_RULE] : [],
    placeholder: blankToNull(values.placeholder),
    sort: values.sort ?? 0,
    status: values.status !== false,
  };
}

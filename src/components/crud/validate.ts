import type { FieldDef } from './types';

/** Translate function of the form (i18next's t). */
type T = (key: string, params?: Record<string, string | number>) => string;

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks one field the way the server does and answers with the server's message
 * ('<label>:<problem>', API-CONTRACT §3), or null when the value passes.
 */
export function validateField(field: FieldDef, value: unknown, t: T, values: Record<string, unknown> = {}): string | null {
  const form = field.form;
  if (!form || !form.rules) return null;
  const rules = form.rules;
  const label = field.label;
  if (isEmpty(value)) return rules.required ? t('crud.required', { label }) : rules.check ? rules.check(value, values) : null;
  if (rules.check) {
    const own = rules.check(value, values);
    if (own) return own;
  }
  if (typeof value === 'string') {
    if (rules.minLength !== undefined && value.length < rules.minLength) return t('crud.minLength', { label, min: rules.minLength });
    if (rules.maxLength !== undefined && value.length > rules.maxLength) return t('crud.maxLength', { label, max: rules.maxLength });
    if (rules.email && !EMAIL.test(value)) return t('crud.invalidFormat', { label });
    if (rules.pattern && !rules.pattern.regex.test(value)) return `${label}:${rules.pattern.message}`;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return t('crud.invalidNumber', { label });
    if (rules.min !== undefined && value < rules.min) return t('crud.min', { label, min: rules.min });
    if (rules.max !== undefined && value > rules.max) return t('crud.max', { label, max: rules.max });
  }
  return null;
}

/** Every field's problem (first per field), keyed by field key; empty when the form passes. */
export function validateForm(fields: readonly FieldDef[], values: Record<string, unknown>, t: T): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const problem = validateField(field, values[field.key], t, values);
    if (problem) problems[field.key] = problem;
  }
  return problems;
}

/**
 * The field a server's refusal is about: the first whose label, key or `form.serverNames` entry starts
 * the message followed by ':', '：' or '无效' (the reference server's `<label>:<problem>` and
 * `<label>无效：…`); null when the message names none.
 */
export function fieldOfMessage(fields: readonly FieldDef[], message: string): string | null {
  const text = message.trim();
  for (const field of fields) {
    if (!field.form) continue;
    const names = [...(field.form.serverNames ?? []), field.label, field.key].filter((n) => n.length > 0);
    if (names.some((name) => [':', '：', '无效', ' 无效'].some((sep) => text.startsWith(`${name}${sep}`)))) return field.key;
  }
  return null;
}

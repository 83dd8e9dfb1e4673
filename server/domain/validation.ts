import type { z } from 'zod';
import { isRecord } from '../is-record';

type Issue = z.core.$ZodRawIssue;

/** Chinese messages for zod's built-in checks (a schema's own message always wins). */
function message(iss: Issue): string {
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined || iss.input === null ? '该字段是必填项。' : '类型不正确。';
    case 'too_small':
      return iss.origin === 'string' ? (Number(iss.minimum) <= 1 ? '该字段不能为空。' : `长度不能少于 ${String(iss.minimum)} 个字符。`) : `不能小于 ${String(iss.minimum)}。`;
    case 'too_big':
      return iss.origin === 'string' ? `长度不能超过 ${String(iss.maximum)} 个字符。` : `不能大于 ${String(iss.maximum)}。`;
    case 'invalid_format':
      return '格式不正确。';
    case 'invalid_union':
      return '类型不正确。';
    default:
      return '值不合法。';
  }
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; msg: string };

/**
 * Validates `input` against a contract schema. A failure becomes one message "<label>:<problem>"
 * (API-CONTRACT §3), the label taken from `labels` by the first path key, else the key itself.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, labels: Record<string, string> = {}): Parsed<z.infer<S>> {
  if (input !== undefined && !isRecord(input)) {
    return { ok: false, msg: '请求数据格式不正确，应为 JSON 对象。' };
  }
  const res = schema.safeParse(input ?? {}, { error: (iss) => message(iss) });
  if (res.success) return { ok: true, data: res.data };
  const first = res.error.issues[0];
  if (!first) return { ok: false, msg: '请求数据不合法。' };
  const key = first.path.length > 0 ? String(first.path[0]) : '';
  if (key === '') return { ok: false, msg: first.message };
  const label = labels[key] ?? key;
  return { ok: false, msg: first.message.startsWith(`${label}:`) || first.message.startsWith(`${key}:`) ? first.message : `${label}:${first.message}` };
}

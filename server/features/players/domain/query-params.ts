import { CrudError } from '../../../domain/crud/spec';

/**
 * Query-string readers of the accounts and game-user calls (center_users/accounts, game_users): each value
 * once, checked, the first problem → code 4000 with the reason (as domain/players/devices.ts does).
 */

export function one(q: Record<string, unknown>, key: string): string | undefined {
  const v = q[key];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw new CrudError(`参数 ${key.slice(0, 32)} 只能出现一次`);
  return v;
}

export function int(q: Record<string, unknown>, key: string, min: number, max: number, message: string): number | undefined {
  const v = one(q, key);
  if (v === undefined) return undefined;
  if (!/^\d{1,10}$/.test(v) || Number(v) < min || Number(v) > max) throw new CrudError(message);
  return Number(v);
}

export function text(q: Record<string, unknown>, key: string, label: string, max = 128): string | undefined {
  const v = one(q, key);
  if (v === undefined) return undefined;
  if (v.length > max) throw new CrudError(`${label}最长 ${max} 个字符`);
  if (v.includes('\u0000')) throw new CrudError(`${label}不能包含空字符`);
  return v;
}

export function choice<T extends string>(q: Record<string, unknown>, key: string, values: readonly T[]): T | undefined {
  const v = one(q, key);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v)) throw new CrudError(`${key} 只能是 ${values.join('、')}`);
  return v as T;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day YYYY-MM-DD that exists. */
export function dayParam(q: Record<string, unknown>, key: string): string | undefined {
  const v = one(q, key);
  if (v === undefined) return undefined;
  if (!DAY_RE.test(v)) throw new CrudError(`${key} 必须是 YYYY-MM-DD 格式的日期`);
  const d = new Date(`${v}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) throw new CrudError(`${key} 不是有效的日期`);
  return v;
}

export function paging(q: Record<string, unknown>, max: number, fallback = 20): { page: number; limit: number } {
  return {
    page: int(q, 'page', 1, 1_000_000, 'page 必须是 1 到 1000000 的整数') ?? 1,
    limit: int(q, 'limit', 1, max, `limit 必须是 1 到 ${max} 的整数`) ?? fallback,
  };
}

/** A distinct_id parameter that must be present. */
export function playerParam(q: Record<string, unknown>): string {
  const v = text(q, 'distinct_id', '玩家 distinct_id ');
  if (v === undefined) throw new CrudError('缺少玩家 distinct_id');
  return v;
}

export const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

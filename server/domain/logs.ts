import type { Queryable } from '../db/db';
import type { AgentInfo } from './user-agent';

export interface LoginLogEntry {
  username: string;
  ip: string;
  agent: AgentInfo;
  userId: number;
  dept: number | null;
}

export async function writeLoginLog(db: Queryable, e: LoginLogEntry): Promise<void> {
  await db.query(
    `INSERT INTO login_log (username, ip, agent, browser, os, login_type, creator, dept_belong_id)
     VALUES ($1, $2, $3, $4, $5, 1, $6, $7)`,
    [e.username, e.ip.slice(0, 64), e.agent.agent, e.agent.browser.slice(0, 200), e.agent.os.slice(0, 200), e.userId, e.dept === null ? null : String(e.dept)],
  );
}

export interface OperationLogEntry {
  modular: string;
  path: string;
  body: string;
  method: string;
  ip: string;
  browser: string;
  os: string;
  responseCode: string;
  result: string;
  ok: boolean;
  userId: number | null;
  dept: number | null;
}

export async function writeOperationLog(db: Queryable, e: OperationLogEntry): Promise<void> {
  await db.query(
    `INSERT INTO operation_log (request_modular, request_path, request_body, request_method, request_ip, request_browser,
       request_os, response_code, json_result, status, creator, dept_belong_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      e.modular.slice(0, 64),
      e.path.slice(0, 400),
      e.body.slice(0, 20_000),
      e.method.slice(0, 8),
      e.ip.slice(0, 64),
      e.browser.slice(0, 64),
      e.os.slice(0, 64),
      e.responseCode.slice(0, 32),
      e.result.slice(0, 20_000),
      e.ok,
      e.userId,
      e.dept === null ? null : String(e.dept),
    ],
  );
}

/**
 * Keys whose string values never reach the operation log, in request and response bodies alike:
 * passwords, tokens (the sign-in and refresh answers), secrets, keys, captcha answers. The same rule
 * redacted the rows written before it (migration 010).
 */
const SECRET_KEYS = /^([a-z0-9_]*(password|secret|token)[a-z0-9_]*|access|refresh|captcha|api_?key|private_?key)$/i;
export const REDACTED = '******';

function redactValue(body: unknown): string {
  return JSON.stringify(body, (k, v: unknown) => (k !== '' && SECRET_KEYS.test(k) && typeof v === 'string' ? REDACTED : v));
}

/** The request body as the operation log keeps it: secrets replaced. */
export function maskBody(body: unknown): string {
  if (body === undefined || body === null) return '';
  try {
    return redactValue(body);
  } catch {
    return '';
  }
}

/** A response text as the operation log keeps it: JSON with secrets replaced; anything else by a regex over the text. */
export function maskResult(text: string): string {
  if (text === '') return '';
  try {
    return redactValue(JSON.parse(text));
  } catch {
    return text.replace(/"([A-Za-z0-9_]*(?:password|secret|token)[A-Za-z0-9_]*|access|refresh|captcha|api_?key|private_?key)"\s*:\s*"[^"]*"/gi, `"$1":"${REDACTED}"`);
  }
}

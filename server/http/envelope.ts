import { PreparedBody } from './prepared-body';
import type { TokenErrorMsg } from '../../contracts/schemas';

/** The `{code, msg, data}` envelope of API-CONTRACT §3. */

export const NO_CREDENTIALS = '身份认证信息未提供。';
export const NOT_FOUND_MSG = '接口地址不正确';

export interface Success<T> {
  code: 2000;
  data: T;
  msg: string;
}

export interface Failure {
  code: number;
  data: null;
  msg: string | TokenErrorMsg;
}

export function ok<T>(data: T, msg = 'success'): Success<T> {
  return { code: 2000, data, msg };
}

export function fail(msg: string | TokenErrorMsg, code = 4000): Failure {
  return { code, data: null, msg };
}

/** Bad, expired or wrongly typed access token (HTTP 200, code 401, msg object). */
export const TOKEN_NOT_VALID: Failure = fail(
  {
    detail: 'Given token not valid for any token type',
    code: 'token_not_valid',
    messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }],
  },
  401,
);

/** A valid token whose user is gone or disabled. */
export const USER_NOT_FOUND: Failure = fail({ detail: '用户不存在或已停用', code: 'user_not_found' }, 401);

/** Non-paginated list wrapper (shape 2): page and limit are always 1. */
export function plainList<T>(rows: T[], total = 1) {
  return { page: 1, limit: 1, total, data: rows };
}

const serializedOnce = new WeakMap<object, PreparedBody>();

/**
 * The success envelope as prepared UTF-8 JSON (compressed forms made on first demand), serialized
 * once per `source`: for answers built from a cached value that is never changed in place (a new load
 * is a new object), such as the menu tree, whose ~23 KB took most of web_router's per-request time to
 * serialize and encode again on every call.
 */
export function okJsonOf<T>(source: object, data: () => T, msg: string): PreparedBody {
  let body = serializedOnce.get(source);
  if (body === undefined) {
    body = PreparedBody.of(JSON.stringify(ok(data(), msg)));
    serializedOnce.set(source, body);
  }
  return body;
}

/** The content type Fastify gives the JSON it serializes, for answers sent as ready JSON. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

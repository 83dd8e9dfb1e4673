import type { Severity } from '../api';
import type { Translate } from '../../i18n';
import { HTTP_STATUS_KEYS, msgText, statusText } from '../error-text';

/**
 * The one table that says how each answer shows itself (spec §8). The HTTP client asks it what to do
 * with an envelope code or an HTTP status; nothing else in the console decides this.
 */

/** Envelope codes of the back end (API-CONTRACT §3). */
export const ENVELOPE = { ok: 2000, badRequest: 400, unauthorized: 401, warning: 402, notFound: 404, failure: 4000 } as const;

export type Outcome =
  /** Success: hand `data` to the caller. */
  | { kind: 'ok' }
  /** Refresh the token and retry (401 outside the login call). */
  | { kind: 'refresh' }
  /** Show the message with this severity and fail the call. */
  | { kind: 'show'; severity: Severity; message: string }
  /** The session is over: clear the cookies, go to login, show the message. */
  | { kind: 'expire'; message: string };

export interface AnswerContext {
  /** The API path as called (shown in 'msg: url' and 404 texts). */
  url: string;
  /** The call is the login call: a 401 there is a wrong password, not an expired token. */
  isLogin: boolean;
  t: Translate;
}

/** `msg` as one readable line, whatever its shape (string, token object, field-error list or map): see ../error-text. */
export const messageText = msgText;

/** The machine code inside a `msg` (`token_not_valid`, `user_not_found`), if any. */
function msgCode(msg: unknown): string | null {
  if (typeof msg === 'string') return msg;
  if (msg && typeof msg === 'object' && typeof (msg as Record<string, unknown>).code === 'string') {
    return (msg as Record<string, string>).code ?? null;
  }
  return null;
}

/** Special 4000 codes that end the session, with the message each shows. */
const SESSION_ENDING_4000: Record<string, string> = {
  token_not_valid: 'auth.tokenTimeout',
  user_not_found: 'auth.userInvalid',
};

type EnvelopeRule = (msg: unknown, ctx: AnswerContext) => Outcome;

const text = (msg: unknown, ctx: AnswerContext): string => messageText(msg) || ctx.t('http.failed');

const ENVELOPE_RULES: Record<number, EnvelopeRule> = {
  [ENVELOPE.ok]: () => ({ kind: 'ok' }),
  [ENVELOPE.unauthorized]: (msg, ctx) =>
    ctx.isLogin ? { kind: 'show', severity: 'error', message: messageText(msg) || ctx.t('login.wrongCredentials') } : { kind: 'refresh' },
  [ENVELOPE.warning]: (msg, ctx) => ({ kind: 'show', severity: 'warn', message: text(msg, ctx) }),
  [ENVELOPE.notFound]: (msg, ctx) => ({ kind: 'show', severity: 'info', message: text(msg, ctx) }),
  [ENVELOPE.failure]: (msg, ctx) => {
    const special = SESSION_ENDING_4000[msgCode(msg) ?? ''];
    return special ? { kind: 'expire', message: ctx.t(special) } : { kind: 'show', severity: 'error', message: text(msg, ctx) };
  },
  [ENVELOPE.badRequest]: (msg, ctx) => ({ kind: 'show', severity: 'error', message: text(msg, ctx) }),
};

/** What to do with an envelope `{code, msg}`. Unknown codes show 'msg: url'. */
export function envelopeOutcome(code: number, msg: unknown, ctx: AnswerContext): Outcome {
  const rule = ENVELOPE_RULES[code];
  if (rule) return rule(msg, ctx);
  return { kind: 'show', severity: 'error', message: `${text(msg, ctx)}: ${ctx.url}` };
}

export { HTTP_STATUS_KEYS };

/** What to do with an HTTP error status that came without an envelope. */
export function httpStatusOutcome(status: number, ctx: AnswerContext): Outcome {
  const message = statusText(status, ctx.t, ctx.url);
  if (status === 401 && !ctx.isLogin) return { kind: 'expire', message };
  return { kind: 'show', severity: 'error', message };
}

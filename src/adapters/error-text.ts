import { isRecord } from '../../contracts/json';
import type { Translate } from '../i18n';

/**
 * One readable line for whatever a failed call answered (spec §8, API-CONTRACT §3 and §17). Pure:
 * no network, no toasts. The HTTP client (rest/codes.ts, rest/http.ts) asks it for the text it shows,
 * so a `msg` that is a list or an object, an HTML error page, a proxy's page or an empty body never
 * reaches a person as `[object Object]` or markup.
 */

/** i18n keys of the HTTP status messages (spec §8). */
export const HTTP_STATUS_KEYS: Record<number, string> = {
  400: 'http.s400',
  401: 'http.s401',
  402: 'http.s402',
  403: 'http.s403',
  404: 'http.s404',
  408: 'http.s408',
  500: 'http.s500',
  501: 'http.s501',
  502: 'http.s502',
  503: 'http.s503',
  504: 'http.s504',
  505: 'http.s505',
};

/** Separator between several messages in one line (the back end's own texts are Chinese). */
const JOIN = '；';
/** Deeper than this a `msg` is not a message any more. */
const MAX_DEPTH = 6;
/** A toast is one line, not a dump. */
const MAX_LENGTH = 300;

/** Text that is a web page (or a fragment of one) rather than a message. */
export function looksLikeHtml(text: string): boolean {
  const head = text.trimStart().slice(0, 200).toLowerCase();
  return head.startsWith('<!doctype') || head.startsWith('<html') || /^<(head|body|h1|div|p|title|pre|center)[\s>]/.test(head);
}

function clip(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

function join(parts: string[]): string {
  return parts.filter(Boolean).join(JOIN);
}

function textOf(msg: unknown, depth: number): string {
  if (depth > MAX_DEPTH || msg === null || msg === undefined) return '';
  if (typeof msg === 'string') {
    const text = msg.trim();
    return looksLikeHtml(text) ? '' : text;
  }
  if (typeof msg === 'number' || typeof msg === 'boolean') return String(msg);
  // A list: of messages (['该字段是必填项。']) or of field maps ([{users: ['无效主键 …']}], §17).
  if (Array.isArray(msg)) return join(msg.map((item) => textOf(item, depth + 1)));
  if (!isRecord(msg)) return '';
  // The token error object (§4): {detail, code, messages: [{message}]}; DRF's {detail}.
  if (typeof msg.detail === 'string' && msg.detail.trim()) return msg.detail.trim();
  const first: unknown = Array.isArray(msg.messages) ? msg.messages[0] : undefined;
  if (isRecord(first) && typeof first.message === 'string' && first.message.trim()) return first.message.trim();
  for (const key of ['message', 'msg', 'error'] as const) {
    const own = textOf(msg[key], depth + 1);
    if (own) return own;
  }
  const keys = Object.keys(msg);
  if (typeof msg.code === 'string' && keys.every((k) => ['code', 'detail', 'messages'].includes(k))) return msg.code;
  // Field → messages (DRF serializer errors): "<field>:<message>", as the back end writes its own.
  return join(
    keys.map((field) => {
      const text = textOf(msg[field], depth + 1);
      if (!text) return '';
      return field === 'non_field_errors' || field === '__all__' ? text : `${field}:${text}`;
    }),
  );
}

/**
 * The text of an envelope's `msg`, whatever its shape: a string; the token error object; a list of
 * messages or of field maps; an object of field → messages. '' when it carries no text (the caller
 * then shows its own fallback); never markup.
 */
export function msgText(msg: unknown): string {
  return clip(textOf(msg, 0));
}

/** How a body that is not an envelope looks. */
export type BodyKind = 'empty' | 'html' | 'json' | 'text';

export function bodyKind(text: string): BodyKind {
  const t = text.trim();
  if (!t) return 'empty';
  if (looksLikeHtml(t)) return 'html';
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      JSON.parse(t);
      return 'json';
    } catch {
      return 'text';
    }
  }
  return 'text';
}

/** The spec's text for an HTTP error status (404 with the url; unknown statuses by number). */
export function statusText(status: number, t: Translate, url: string): string {
  const key = HTTP_STATUS_KEYS[status];
  return key ? t(key, { url }) : t('http.other', { status });
}

/**
 * One line for an answer that is not an envelope. An error status goes through the catalogue
 * whatever the body (Django's HTML 404, a proxy's 502 page, an empty 500); a success status whose
 * body is empty, a web page, or other data says which, so a wrong server address is recognisable.
 */
export function nonEnvelopeText(answer: { status: number; body?: BodyKind }, t: Translate, url: string): string {
  if (answer.status >= 400) return statusText(answer.status, t, url);
  if (answer.body === 'empty') return t('http.emptyAnswer', { url });
  if (answer.body === 'html') return t('http.htmlAnswer', { url });
  return t('http.badResponse');
}

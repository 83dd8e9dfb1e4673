/** Where a failed call went wrong. */
export type ApiErrorKind =
  /** The server answered with an envelope whose code is not 2000. */
  | 'envelope'
  /** The server answered with an HTTP error status and no envelope. */
  | 'http'
  /** No answer: network failure. */
  | 'network'
  /** No answer in time. */
  | 'timeout'
  /** The session is gone (refresh failed, retries exhausted, token_not_valid, user_not_found). */
  | 'auth'
  /** The answer could not be read. */
  | 'format';

/**
 * The one error type the adapters reject with. `message` is already translated and fit for a person;
 * `code` is the envelope code (or HTTP status for kind 'http'). The adapter has already shown it
 * (unless the call was quiet), so callers decide only what to do next.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | null;
  readonly url: string;
  /** The envelope's `data` of a refused call, when it says more (e.g. the rows an import refused: [{row, msg}]). */
  readonly details: unknown;

  constructor(kind: ApiErrorKind, message: string, url: string, code: number | null = null, details: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.url = url;
    this.details = details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

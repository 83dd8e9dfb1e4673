import { isApiError } from '../adapters/errors';

export { isApiError };

/** The text of a failed call for a person: the adapter's message (already translated and shown), else the error's own. */
export function failureMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

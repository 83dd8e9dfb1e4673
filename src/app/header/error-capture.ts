import type { LogEntry } from '../../stores/log';

/** Where errors go: the console's LogStore, or the login-only boot's EarlyLog. */
export interface ErrorLog {
  add(message: string, type: LogEntry['type'], url: string): void;
}

/**
 * Keeps every uncaught error and unhandled rejection in the front-end log (spec §3: message, type
 * danger, time, meta with user, uuid, token and the page url). Returns the function that stops it.
 */
export function captureErrors(log: ErrorLog, win: Window): () => void {
  const onError = (event: ErrorEvent) => {
    const message = event.error instanceof Error ? `${event.error.name}: ${event.error.message}` : event.message || 'Error';
    log.add(message, 'danger', win.location.href);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : `Unhandled rejection: ${String(reason)}`;
    log.add(message, 'danger', win.location.href);
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}

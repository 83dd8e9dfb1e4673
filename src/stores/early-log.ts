import { formatInstant } from './format';
import type { LogContext, LogEntry } from './log';

/**
 * The front-end log of the login-only boot: the same entries as LogStore's, without MobX
 * (which the login page does not load). The full console's LogStore adopts them when it starts, so a
 * failure met on the login page is still in the log afterwards.
 */
export class EarlyLog {
  readonly entries: LogEntry[] = [];

  constructor(private readonly context: LogContext) {}

  add(message: string, type: LogEntry['type'], url: string): void {
    this.entries.push({ message, type, time: formatInstant(this.context.now()), meta: { ...this.context.meta(), url } });
  }

  /** Hands the entries over (once): they leave this log. */
  take(): LogEntry[] {
    return this.entries.splice(0);
  }
}

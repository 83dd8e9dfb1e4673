import { makeAutoObservable } from 'mobx';
import { formatDateTime } from './format';

/** A front-end log entry (spec §3). */
export interface LogEntry {
  message: string;
  type: 'info' | 'danger';
  /** YYYY-MM-DD HH:mm:ss */
  time: string;
  meta: { user: string; uuid: string; token: string; url: string };
}

export interface LogContext {
  now(): Date;
  /** Who and where, read at the moment of logging. */
  meta(): { user: string; uuid: string; token: string };
}

/** The front-end log: every failed call and every error the console meets. */
export class LogStore {
  entries: LogEntry[] = [];

  constructor(private readonly context: LogContext) {
    makeAutoObservable<LogStore, 'context'>(this, { context: false }, { autoBind: true });
  }

  add(message: string, type: LogEntry['type'], url: string): void {
    this.entries.push({ message, type, time: formatDateTime(this.context.now()), meta: { ...this.context.meta(), url } });
  }

  get errorCount(): number {
    return this.entries.filter((entry) => entry.type === 'danger').length;
  }

  clear(): void {
    this.entries = [];
  }
}

import { makeAutoObservable } from 'mobx';
import { formatInstant } from './format';

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

export type LogTypeFilter = 'all' | LogEntry['type'];

/** The front-end log: every failed call and every error the console meets. */
export class LogStore {
  entries: LogEntry[] = [];

  constructor(private readonly context: LogContext) {
    makeAutoObservable<LogStore, 'context'>(this, { context: false }, { autoBind: true });
  }

  add(message: string, type: LogEntry['type'], url: string): void {
    this.entries.push({ message, type, time: formatInstant(this.context.now()), meta: { ...this.context.meta(), url } });
  }

  /** Entries recorded before this store existed (the login-only boot's `EarlyLog`), kept as they were. */
  adopt(entries: readonly LogEntry[]): void {
    this.entries.unshift(...entries);
  }

  get errorCount(): number {
    return this.entries.filter((entry) => entry.type === 'danger').length;
  }

  /** Newest first, by type and by a case-insensitive text in the message or url. */
  filtered(type: LogTypeFilter, text: string): LogEntry[] {
    const needle = text.trim().toLowerCase();
    return this.entries
      .filter((entry) => type === 'all' || entry.type === type)
      .filter((entry) => !needle || entry.message.toLowerCase().includes(needle) || entry.meta.url.toLowerCase().includes(needle))
      .reverse();
  }

  clear(): void {
    this.entries = [];
  }
}

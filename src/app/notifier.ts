import type { Notice } from '../stores/types';

/**
 * Toasts go through here. Until a toast view is attached, notices wait in a queue and the host is told
 * (so it can load the toast view on demand: the login page does not ship PrimeReact's Toast up front).
 */
export interface Notifier {
  notify(notice: Notice): void;
  /** The toast view registers how to show one (the queue is flushed into it); returns the detach function. */
  attach(show: (notice: Notice) => void): () => void;
  /** Called once notices are waiting with nobody attached (at once if some already are). */
  whenPending(callback: () => void): () => void;
}

export function createNotifier(): Notifier {
  let show: ((notice: Notice) => void) | null = null;
  const pending: Notice[] = [];
  const watchers = new Set<() => void>();
  return {
    notify(notice) {
      if (show) {
        show(notice);
        return;
      }
      pending.push(notice);
      for (const watcher of watchers) watcher();
    },
    attach(next) {
      show = next;
      for (const notice of pending.splice(0)) next(notice);
      return () => {
        if (show === next) show = null;
      };
    },
    whenPending(callback) {
      watchers.add(callback);
      if (pending.length) callback();
      return () => void watchers.delete(callback);
    },
  };
}

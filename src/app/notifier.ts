import type { Notice } from '../stores/types';

/**
 * Toasts go through here. Until a toast view is attached (it attaches once mounted), notices wait in a
 * queue and are shown as soon as it is.
 */
export interface Notifier {
  notify(notice: Notice): void;
  /** The toast view registers how to show one (the queue is flushed into it); returns the detach function. */
  attach(show: (notice: Notice) => void): () => void;
}

export function createNotifier(): Notifier {
  let show: ((notice: Notice) => void) | null = null;
  const pending: Notice[] = [];
  return {
    notify(notice) {
      if (show) show(notice);
      else pending.push(notice);
    },
    attach(next) {
      show = next;
      for (const notice of pending.splice(0)) next(notice);
      return () => {
        if (show === next) show = null;
      };
    },
  };
}

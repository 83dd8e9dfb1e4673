import type { Notifier } from './notifier';
import ToastView from './ToastView';

/** The toast view: small, part of the entry chunk, so a first error never waits for a chunk. */
export function ToastHost({ notifier }: { notifier: Notifier }) {
  return <ToastView notifier={notifier} />;
}

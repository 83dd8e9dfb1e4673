import { lazy, Suspense, useEffect, useState } from 'react';
import type { Notifier } from './notifier';

const ToastView = lazy(() => import('./ToastView'));

/** Mounts the toast view (a separate chunk) when the first notice arrives. */
export function ToastHost({ notifier }: { notifier: Notifier }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => notifier.whenPending(() => setWanted(true)), [notifier]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastView notifier={notifier} />
    </Suspense>
  );
}

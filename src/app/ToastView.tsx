import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { MESSAGE_DURATION_MS } from '../config';
import type { Notifier } from './notifier';

/**
 * Shows the notifier's notices as PrimeReact toasts (5 s unless a notice says otherwise), at the
 * bottom right, stacked upwards: never over the header menu, the header tools or their popovers
 * (the bell's, the user menu), nor over the tab bar (docs/shell.md, "Notifications").
 */
export default function ToastView({ notifier }: { notifier: Notifier }) {
  const toast = useRef<Toast>(null);
  useEffect(
    () =>
      notifier.attach((notice) => {
        toast.current?.show({ severity: notice.severity, detail: notice.text, life: notice.life ?? MESSAGE_DURATION_MS });
      }),
    [notifier],
  );
  return <Toast ref={toast} position="bottom-right" className="console-toast" />;
}

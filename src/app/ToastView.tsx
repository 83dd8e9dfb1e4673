import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice, Severity } from '../stores/types';
import { MESSAGE_DURATION_MS } from '../config';
import type { Notifier } from './notifier';
import './toast.css';

/**
 * Shows the notifier's notices stacked in the bottom-left corner (never over the header, the tab bar,
 * the page's toolbar and pager, nor a dialog's buttons, which sit on the right), 5 s unless a notice says otherwise (paused while
 * the pointer is on it), each closable. It wears PrimeReact's Toast classes, so the theme styles it
 * exactly like PrimeReact's own Toast, but it is a few hundred bytes in the entry chunk instead of
 * PrimeReact's component runtime: the first failing call (on the login page, a wrong password) shows
 * its toast without loading anything.
 */

const ICONS: Record<Severity, string> = {
  success: 'pi-check',
  info: 'pi-info-circle',
  warn: 'pi-exclamation-triangle',
  error: 'pi-times-circle',
};

/** How long the leaving animation runs (toast.css). */
const LEAVE_MS = 300;

interface Shown {
  id: number;
  notice: Notice;
  leaving: boolean;
}

export default function ToastView({ notifier }: { notifier: Notifier }) {
  const [shown, setShown] = useState<readonly Shown[]>([]);
  const nextId = useRef(0);

  useEffect(
    () =>
      notifier.attach((notice) => {
        nextId.current += 1;
        const id = nextId.current;
        setShown((list) => [...list, { id, notice, leaving: false }]);
      }),
    [notifier],
  );

  const leave = useCallback((id: number) => setShown((list) => list.map((item) => (item.id === id ? { ...item, leaving: true } : item))), []);
  const remove = useCallback((id: number) => setShown((list) => list.filter((item) => item.id !== id)), []);

  if (shown.length === 0) return null;
  return (
    <div className="p-toast p-component p-toast-bottom-left console-toast">
      {shown.map((item) => (
        <ToastMessage key={item.id} item={item} onClose={leave} onGone={remove} />
      ))}
    </div>
  );
}

function ToastMessage({ item, onClose, onGone }: { item: Shown; onClose: (id: number) => void; onGone: (id: number) => void }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const { id, notice, leaving } = item;
  const life = notice.life ?? MESSAGE_DURATION_MS;

  // The life runs while the pointer is away; hovering starts it again from the full life, like PrimeReact's.
  useEffect(() => {
    if (leaving || hovered) return;
    const timer = setTimeout(() => onClose(id), life);
    return () => clearTimeout(timer);
  }, [id, leaving, hovered, life, onClose]);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => onGone(id), LEAVE_MS);
    return () => clearTimeout(timer);
  }, [id, leaving, onGone]);

  return (
    <div
      className={`p-toast-message p-toast-message-${notice.severity}${leaving ? ' p-toast-message-exit-active' : ' console-toast-enter'}`}
      role="alert"
      aria-live="assertive"
      aria-atomic="true"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className="p-toast-message-content">
        <span className={`p-toast-message-icon pi ${ICONS[notice.severity]}`} aria-hidden="true" />
        <div className="p-toast-message-text">
          <div className="p-toast-detail">{notice.text}</div>
        </div>
        <button type="button" className="p-toast-icon-close p-link" aria-label={t('app.close')} onClick={() => onClose(id)}>
          <span className="p-toast-icon-close-icon pi pi-times" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

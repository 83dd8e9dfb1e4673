import { observer } from 'mobx-react-lite';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { MESSAGE_CENTER_PATH, POPOVER_WIDTH_PX } from '../../../config';
import { useStore } from '../../../components/store-context';
import { MessagePopover } from './MessagePopover';
import './message-bell.css';

/**
 * The header's message bell (spec §2.4): unread badge capped at 99; a click opens a 400px popover
 * with the newest message and the link to the notification centre.
 */
export const MessageBell = observer(function MessageBell() {
  const root = useStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const panel = useRef<OverlayPanel>(null);
  const messages = root.messages;
  // The name holds the number the badge shows (99+ beyond 99), so what is seen is what is announced.
  const label = t('messages.bell.label', { count: messages.badge || String(messages.unread) });
  return (
    <>
      <button
        type="button"
        className="console-icon-button message-bell"
        data-testid="message-bell"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        onClick={(event) => {
          panel.current?.toggle(event);
          void messages.refreshUnread();
        }}
      >
        <i className="pi pi-bell" aria-hidden="true" />
        {messages.badge && (
          <span className="message-bell-badge" data-testid="message-bell-badge" aria-hidden="true">
            {messages.badge}
          </span>
        )}
      </button>
      <OverlayPanel ref={panel} className="message-bell-panel" style={{ width: POPOVER_WIDTH_PX }}>
        <MessagePopover
          newest={messages.newest}
          onRead={() => void messages.readNewest()}
          onOpenCenter={() => {
            panel.current?.hide();
            navigate(MESSAGE_CENTER_PATH);
          }}
        />
      </OverlayPanel>
    </>
  );
});

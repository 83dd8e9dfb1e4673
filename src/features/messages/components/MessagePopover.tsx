import { useTranslation } from 'react-i18next';
import type { ReceivedMessage } from '../../../../contracts/schemas';
import { SafeHtml } from '../../../components/SafeHtml';

export interface MessagePopoverProps {
  /** The newest received message, or null (empty state). */
  newest: Pick<ReceivedMessage, 'title' | 'content'> & { is_read?: boolean } | null;
  /** Marks the newest message read (a click on its title); absent: the title is plain text. */
  onRead?(): void;
  /** The 前往通知中心 link. */
  onOpenCenter(): void;
}

/** The bell's popover body (spec §2.4): title 消息中心, the newest message or an empty state, a link to the centre. */
export function MessagePopover({ newest, onOpenCenter, onRead }: MessagePopoverProps) {
  const { t } = useTranslation();
  return (
    <div className="message-popover" data-testid="message-popover">
      <div className="message-popover-title">{t('messages.bell.title')}</div>
      <div className="message-popover-body">
        {newest ? (
          <>
            {onRead && newest.is_read === false ? (
              <button type="button" className="message-popover-subject is-unread" data-testid="message-popover-subject" title={t('messages.bell.markRead')} onClick={onRead}>
                <span className="message-popover-dot" aria-hidden="true" />
                {newest.title}
              </button>
            ) : (
              <div className="message-popover-subject" data-testid="message-popover-subject">
                {newest.title}
              </div>
            )}
            <SafeHtml html={newest.content} className="message-popover-content" data-testid="message-popover-content" />
          </>
        ) : (
          <div className="message-popover-empty" data-testid="message-popover-empty">
            <i className="pi pi-inbox" aria-hidden="true" />
            <span>{t('messages.bell.empty')}</span>
          </div>
        )}
      </div>
      <div className="message-popover-footer">
        <a
          href="#"
          data-testid="message-popover-link"
          onClick={(event) => {
            event.preventDefault();
            onOpenCenter();
          }}
        >
          {t('messages.bell.link')}
        </a>
      </div>
    </div>
  );
}

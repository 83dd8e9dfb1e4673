import { observer } from 'mobx-react-lite';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../../../components/SafeHtml';
import { useStore } from '../../../../../components/store-context';

/** The open message: title, sender and time, and its sanitized HTML content. */
export const MessageReader = observer(function MessageReader() {
  const { messages } = useStore();
  const { t } = useTranslation();
  const current = messages.current;
  return (
    <Dialog
      header={current?.title ?? ''}
      visible={current !== null}
      style={{ width: 640, maxWidth: '95vw' }}
      onHide={messages.closeCurrent}
      data-testid="message-reader"
    >
      {current && (
        <div className="message-reader">
          <div className="message-reader-meta">
            {t('messages.page.from', { name: current.creator_name ?? '-' })} · {current.create_datetime}
          </div>
          <SafeHtml html={current.content} className="message-reader-content" data-testid="message-reader-content" />
        </div>
      )}
    </Dialog>
  );
});

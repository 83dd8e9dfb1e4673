import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageDetail, ReceivedMessage } from '../../../../../../contracts/schemas';
import { PAGE_SIZES } from '../../../../../config';
import { useStore } from '../../../../../components/store-context';
import { ComposeDialog } from './ComposeDialog';
import { MessageReader } from './MessageReader';
import './message-center.css';

function targetsOf(m: MessageDetail, everybody: string): string {
  if (m.target_type === 3) return everybody;
  const names = [...m.user_info.map((u) => u.name), ...m.role_info.map((r) => r.name), ...m.dept_info.map((d) => d.name)];
  return names.join('、') || '-';
}

/**
 * The notification centre (spec §2.2 system/messageCenter): messages received (read state, newest
 * first, paging; opening one marks it read and lowers the badge) and sent (compose, view, delete).
 */
const MessageCenterPage = observer(function MessageCenterPage() {
  const root = useStore();
  const { messages } = root;
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  const [composing, setComposing] = useState(false);
  const [deleting, setDeleting] = useState<MessageDetail | null>(null);

  useEffect(() => {
    if (tab === 0) void messages.loadReceived();
    else void messages.loadSent();
  }, [tab, messages]);

  // A push that changes the unread count (new message, read elsewhere) refreshes the received list.
  const unread = messages.unread;
  useEffect(() => {
    if (tab === 0) void messages.loadReceived();
  }, [unread, tab, messages]);

  const received = messages.received;
  const sent = messages.sent;
  const onReceivedPage = (e: DataTablePageEvent) => void messages.loadReceived((e.page ?? 0) + 1, e.rows);
  const onSentPage = (e: DataTablePageEvent) => void messages.loadSent((e.page ?? 0) + 1, e.rows);

  return (
    <div className="message-center" data-testid="message-center">
      <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)}>
        <TabPanel header={t('messages.page.received')}>
          <DataTable
            value={received.rows}
            dataKey="id"
            lazy
            paginator
            first={(received.page - 1) * received.limit}
            rows={received.limit}
            totalRecords={received.total}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPage={onReceivedPage}
            loading={received.state === 'loading'}
            emptyMessage={t('messages.page.empty')}
            size="small"
            rowClassName={(row: ReceivedMessage) => (row.is_read ? 'is-read' : 'is-unread')}
            data-testid="messages-received-table"
          >
            <Column
              header={t('messages.page.colStatus')}
              style={{ width: 90 }}
              body={(row: ReceivedMessage) => (
                <Tag severity={row.is_read ? 'secondary' : 'danger'} value={t(row.is_read ? 'messages.page.read' : 'messages.page.unread')} data-testid="message-read-state" />
              )}
            />
            <Column
              header={t('messages.page.colTitle')}
              body={(row: ReceivedMessage) => (
                <button type="button" className="message-title-link" onClick={() => void messages.openReceived(row)} data-testid="message-row-open">
                  {row.title}
                </button>
              )}
            />
            <Column header={t('messages.page.colCreator')} field="creator_name" style={{ width: 140 }} />
            <Column header={t('messages.page.colTime')} field="create_datetime" style={{ width: 180 }} />
          </DataTable>
        </TabPanel>
        <TabPanel header={t('messages.page.sent')}>
          <div className="message-center-toolbar">
            <Button label={t('messages.page.compose')} icon="pi pi-send" size="small" onClick={() => setComposing(true)} data-testid="message-compose-button" />
            <Button label={t('messages.page.refresh')} icon="pi pi-refresh" size="small" outlined onClick={() => void messages.loadSent()} />
          </div>
          <DataTable
            value={sent.rows}
            dataKey="id"
            lazy
            paginator
            first={(sent.page - 1) * sent.limit}
            rows={sent.limit}
            totalRecords={sent.total}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPage={onSentPage}
            loading={sent.state === 'loading'}
            emptyMessage={t('messages.page.empty')}
            size="small"
            data-testid="messages-sent-table"
          >
            <Column header={t('messages.page.colTitle')} field="title" />
            <Column header={t('messages.page.colTargets')} body={(row: MessageDetail) => targetsOf(row, t('messages.compose.everybody'))} />
            <Column header={t('messages.page.colTime')} field="create_datetime" style={{ width: 180 }} />
            <Column
              header={t('messages.page.colActions')}
              style={{ width: 170 }}
              body={(row: MessageDetail) => (
                <div className="message-actions">
                  <Button label={t('messages.page.view')} size="small" text onClick={() => messages.showSent(row)} />
                  <Button label={t('messages.page.remove')} size="small" text severity="danger" onClick={() => setDeleting(row)} data-testid="message-delete" />
                </div>
              )}
            />
          </DataTable>
        </TabPanel>
      </TabView>
      <MessageReader />
      <ComposeDialog
        visible={composing}
        onClose={() => {
          setComposing(false);
        }}
      />
      <Dialog
        header={t('messages.page.removeTitle')}
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        style={{ width: 380 }}
        footer={
          <div>
            <Button label={t('messages.compose.cancel')} text onClick={() => setDeleting(null)} />
            <Button
              label={t('messages.page.remove')}
              severity="danger"
              data-testid="message-delete-confirm"
              onClick={() => {
                const target = deleting;
                setDeleting(null);
                if (target)
                  void messages.remove([target.id]).then((ok) => {
                    if (ok) root.notify({ severity: 'success', text: t('messages.page.removed') });
                  });
              }}
            />
          </div>
        }
      >
        {t('messages.page.removeConfirm')}
      </Dialog>
    </div>
  );
});

export default MessageCenterPage;

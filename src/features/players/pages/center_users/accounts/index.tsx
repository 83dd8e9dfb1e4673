import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { Sidebar } from 'primereact/sidebar';
import { useMemo, useState } from 'react';
import { LightTag } from '../../../../../components/cells/LightTag';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ActionContext, ResourceDescription } from '../../../../../components/crud/types';
import { useAccountsTexts } from '../../../components/accounts-locale';
import { StatusTag, when } from '../../../components/AccountParts';
import { useLoadedStore } from '../../../../../components/store-context';
import type { RootStore } from '../../../../../stores/root';
import '../../../components/players.css';
import { ACCOUNTS_PAGE_SIZE, BAN_REASON_MAX_LENGTH } from '../../../../../config';
import { ACCOUNTS_API, banProblem, type AccountPanel, type AccountsStore } from '../../../stores/accounts';
import type { AccountBan, AccountDetail } from '../../../stores/accounts-types';
import { formatMoney } from '../../../../../stores/format/money';
import { instantToWallClock, wallClockToInstant } from '../../../../../stores/format';
import type { ResourceRow } from '../../../../../stores/types';
import { useGameChoices } from '../../../../../components/useGameChoices';

interface GameRef {
  game_name: string;
}
const gamesOf = (row: ResourceRow): GameRef[] => (Array.isArray(row.game_list) ? (row.game_list as GameRef[]) : []);

type Pending = { kind: 'ban' | 'unban'; id: string; ctx: ActionContext } | null;

/** The ban / unban form: reason (required to ban), end of the ban (optional, in the future). */
const BanDialog = observer(function BanDialog({ pending, panel, onDone }: { pending: Pending; panel: AccountPanel; onDone: () => void }) {
  const t = useAccountsTexts();
  const [reason, setReason] = useState('');
  // The picker's value is a wall-clock time on the console's clock; the ban ends at the instant it names.
  const [expires, setExpires] = useState<Date | null>(null);
  const [tried, setTried] = useState(false);
  if (!pending) return null;
  const ban = pending.kind === 'ban';
  const expiresAt = expires ? new Date(wallClockToInstant(expires)) : null;
  const problem = ban ? banProblem(reason, expiresAt) : null;
  const submit = async () => {
    setTried(true);
    if (problem !== null) return;
    const done = ban ? await panel.ban(pending.id, reason, expiresAt) : await panel.unban(pending.id, reason);
    if (!done) return;
    pending.ctx.root.notify({ severity: 'success', text: t(ban ? 'accounts.accounts.banned' : 'accounts.accounts.unbanned', { id: pending.id }) });
    await pending.ctx.store.load();
    onDone();
  };
  return (
    <Dialog
      visible
      header={t(ban ? 'accounts.accounts.banTitle' : 'accounts.accounts.unbanTitle', { id: pending.id })}
      onHide={onDone}
      style={{ width: 'min(520px, 96vw)' }}
      data-testid="ban-dialog"
      footer={
        <>
          <Button label={t('accounts.accounts.cancel')} severity="secondary" outlined onClick={onDone} data-testid="ban-cancel" />
          <Button label={t('accounts.accounts.confirm')} severity={ban ? 'danger' : undefined} loading={panel.saving} onClick={() => void submit()} data-testid="ban-submit" />
        </>
      }
    >
      <div className="accounts-form">
        <label htmlFor="ban-reason">
          {ban ? <span className="accounts-required">*</span> : null}
          {t(ban ? 'accounts.accounts.reason' : 'accounts.accounts.unbanReason')}
        </label>
        <InputTextarea
          id="ban-reason"
          data-testid="ban-reason"
          value={reason}
          rows={3}
          maxLength={BAN_REASON_MAX_LENGTH + 10}
          invalid={tried && (problem === 'reasonRequired' || problem === 'reasonTooLong')}
          placeholder={t(ban ? 'accounts.accounts.reasonPlaceholder' : 'accounts.accounts.unbanReasonPlaceholder')}
          onChange={(e) => setReason(e.target.value)}
        />
        {ban ? (
          <>
            <label htmlFor="ban-expires">{t('accounts.accounts.expiresAt')}</label>
            <Calendar inputId="ban-expires" data-testid="ban-expires" value={expires} showTime hourFormat="24" showButtonBar minDate={instantToWallClock(new Date()) ?? undefined} onChange={(e) => setExpires((e.value as Date | null) ?? null)} />
            <small className="accounts-muted">{t('accounts.accounts.expiresHint')}</small>
          </>
        ) : null}
        {tried && problem !== null ? (
          <small className="p-error" data-testid="ban-problem">
            {t(`accounts.accounts.problem.${problem}`, { max: BAN_REASON_MAX_LENGTH })}
          </small>
        ) : null}
      </div>
    </Dialog>
  );
});

function BanHistory({ bans }: { bans: AccountBan[] }) {
  const t = useAccountsTexts();
  if (bans.length === 0) return <p className="accounts-muted">{t('accounts.accounts.noBans')}</p>;
  return (
    <DataTable value={bans} size="small" dataKey="id" data-testid="account-bans">
      <Column header={t('accounts.accounts.reason')} body={(b: AccountBan) => <span data-user-data>{b.reason}</span>} />
      <Column header={t('accounts.common.status')} body={(b: AccountBan) => <LightTag value={t(`accounts.accounts.banState.${b.state}`)} severity={b.state === 'active' ? 'danger' : 'info'} />} />
      <Column header={t('accounts.accounts.bannedAt')} body={(b: AccountBan) => `${when(b.banned_at)}${b.banned_by ? ` · ${b.banned_by}` : ''}`} />
      <Column header={t('accounts.accounts.expiresAt')} body={(b: AccountBan) => (b.expires_at ? when(b.expires_at) : t('accounts.common.forever'))} />
      <Column header={t('accounts.accounts.liftedAt')} body={(b: AccountBan) => (b.lifted_at && b.state === 'lifted' ? `${when(b.lifted_at)}${b.lifted_by ? ` · ${b.lifted_by}` : ''}${b.lift_reason ? ` · ${b.lift_reason}` : ''}` : '-')} />
    </DataTable>
  );
}

/** The account drawer: status, bindings, per-game figures, ban history. */
const AccountDrawer = observer(function AccountDrawer({ panel }: { panel: AccountPanel }) {
  const t = useAccountsTexts();
  const d: AccountDetail | null = panel.detail.result;
  // The content scrolls when it is long: focusable, so the keyboard scrolls it too (axe scrollable-region-focusable).
  return (
    <Sidebar visible={panel.distinctId !== null} position="right" onHide={panel.close} style={{ width: 'min(760px, 100vw)' }} pt={{ content: { tabIndex: 0 } }} header={t('accounts.accounts.title')} data-testid="account-drawer">
      {panel.detail.state === 'loading' && !d ? <p data-testid="account-drawer-loading">{t('accounts.common.loading')}</p> : null}
      {panel.detail.state === 'failed' ? (
        <p className="p-error" data-testid="account-drawer-error">
          {panel.detail.error}
        </p>
      ) : null}
      {d ? (
        <div className="accounts-detail" data-testid="account-detail">
          <dl className="accounts-facts">
            <dt>{t('accounts.common.player')}</dt>
            <dd>
              <code data-user-data>{d.distinct_id}</code>
            </dd>
            <dt>{t('accounts.common.status')}</dt>
            <dd>
              <StatusTag status={d.status} ban={d.ban} testId="account-drawer-status" />
              {d.ban ? <div className="accounts-muted" data-user-data>{d.ban.reason}</div> : null}
            </dd>
            <dt>{t('accounts.common.firstSeen')}</dt>
            <dd>{d.first_seen}</dd>
            <dt>{t('accounts.common.lastSeen')}</dt>
            <dd>{d.last_seen}</dd>
            <dt>{t('accounts.common.totalPaid')}</dt>
            <dd data-testid="account-total-paid">{formatMoney(d.total_paid)}</dd>
            <dt>{t('accounts.common.orders')}</dt>
            <dd>{d.orders}</dd>
            <dt>{t('accounts.common.flaggedEvents')}</dt>
            <dd data-testid="account-flagged">{d.flagged_events}</dd>
          </dl>
          <h4>{t('accounts.accounts.bindings')}</h4>
          {d.bindings.length === 0 ? (
            <p className="accounts-muted">{t('accounts.accounts.noBindings')}</p>
          ) : (
            <dl className="accounts-facts" data-testid="account-bindings">
              {d.bindings.map((b) => (
                <div key={b.kind} className="accounts-fact">
                  <dt>{t(`accounts.accounts.binding.${b.kind}`, { defaultValue: b.kind })}</dt>
                  <dd data-user-data>{b.value}</dd>
                </div>
              ))}
            </dl>
          )}
          <h4>{t('accounts.accounts.perGame')}</h4>
          <DataTable value={d.game_figures} size="small" dataKey="game" data-testid="account-games">
            <Column header={t('accounts.common.game')} body={(g: AccountDetail['game_figures'][number]) => <span data-user-data>{g.game_name}</span>} />
            <Column header={t('accounts.common.firstSeen')} field="first_day" />
            <Column header={t('accounts.common.lastSeen')} field="last_day" />
            <Column header={t('accounts.common.activeDays')} field="active_days" />
            <Column header={t('accounts.accounts.revenue')} body={(g: AccountDetail['game_figures'][number]) => formatMoney(g.revenue)} />
            <Column header={t('accounts.common.orders')} field="orders" />
          </DataTable>
          <h4>{t('accounts.accounts.bans')}</h4>
          <BanHistory bans={d.bans} />
          <p className="players-definition accounts-muted">{t('accounts.accounts.definition')}</p>
        </div>
      ) : null}
    </Sidebar>
  );
});

/**
 * 平台账号 (center_users/accounts): platform accounts (a distinct_id over every game) as a read-only
 * resource description: search, status and game filters; status (ban and its end), games, total paid,
 * first/last active day. Row actions: details (drawer: bindings, per-game figures, ban history), ban
 * (reason required, optional end) and unban — the screen's Update button.
 */
const AccountsView = observer(function AccountsView({ store }: { store: AccountsStore }) {
  const t = useAccountsTexts();
  const [panel] = useState(() => store.accountPanel());
  const [pending, setPending] = useState<Pending>(null);
  const games = useGameChoices();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: ACCOUNTS_API.accounts,
      testId: 'accounts',
      permissions: { search: 'Search', export: 'Export' },
      limit: ACCOUNTS_PAGE_SIZE,
      ordering: { field: 'last_seen', direction: 'desc' },
      commonColumns: false,
      fields: [
        { key: 'search', label: t('accounts.common.keyword'), search: true, column: false, form: false },
        {
          key: 'status',
          label: t('accounts.common.status'),
          options: [
            { value: 'normal', label: t('accounts.common.normal') },
            { value: 'banned', label: t('accounts.common.banned') },
          ],
          search: true,
          column: { width: 150, cell: (row) => <StatusTag status={String(row.status)} ban={(row.ban as AccountBan | null) ?? null} /> },
          form: false,
        },
        { key: 'game', label: t('accounts.common.game'), options: games.map((g) => ({ value: g.id, label: g.name })), search: true, column: false, form: false },
        { key: 'distinct_id', label: t('accounts.common.player'), column: { width: 160, cell: (row) => <code data-user-data>{String(row.distinct_id ?? '')}</code> }, form: false },
        {
          key: 'game_list',
          label: t('accounts.common.games'),
          column: {
            width: 170,
            cell: (row) => (
              <span className="players-accounts" data-user-data>
                {gamesOf(row)
                  .map((g) => g.game_name)
                  .join('、') || '-'}
              </span>
            ),
          },
          form: false,
        },
        { key: 'total_paid', label: t('accounts.common.totalPaid'), column: { width: 130, cell: (row) => <span className="accounts-money">{formatMoney(Number(row.total_paid))}</span> }, form: false },
        { key: 'orders', label: t('accounts.common.orders'), column: { width: 90 }, form: false },
        { key: 'first_seen', label: t('accounts.common.firstSeen'), column: { width: 120, sortable: true }, form: false },
        { key: 'last_seen', label: t('accounts.common.lastSeen'), column: { width: 120, sortable: true }, form: false },
      ],
      rowActions: [
        { key: 'view', label: t('accounts.common.view'), icon: 'pi pi-eye', permission: 'Retrieve', run: (row) => void panel.open(String(row.distinct_id)) },
        {
          key: 'ban',
          label: t('accounts.accounts.ban'),
          icon: 'pi pi-ban',
          permission: 'Update',
          severity: 'danger',
          visible: (row) => row.status !== 'banned',
          run: (row, ctx) => setPending({ kind: 'ban', id: String(row.distinct_id), ctx }),
        },
        {
          key: 'unban',
          label: t('accounts.accounts.unban'),
          icon: 'pi pi-unlock',
          permission: 'Update',
          severity: 'success',
          visible: (row) => row.status === 'banned',
          run: (row, ctx) => setPending({ kind: 'unban', id: String(row.distinct_id), ctx }),
        },
      ],
    }),
    [t, games, panel],
  );
  return (
    <>
      <CrudPage description={description} />
      <AccountDrawer panel={panel} />
      {pending ? <BanDialog key={`${pending.kind}:${pending.id}`} pending={pending} panel={panel} onDone={() => setPending(null)} /> : null}
    </>
  );
});

const loadAccounts = (root: RootStore) => root.accounts();

export default function AccountsPage() {
  const store = useLoadedStore(loadAccounts);
  return store ? <AccountsView store={store} /> : null;
}

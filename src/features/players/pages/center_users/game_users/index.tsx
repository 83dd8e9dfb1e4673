import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Sidebar } from 'primereact/sidebar';
import { TabPanel, TabView } from 'primereact/tabview';
import { useMemo, useState } from 'react';
import { LightTag } from '../../../../../components/cells/LightTag';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { useAccountsTexts } from '../../../components/accounts-locale';
import { DayRangePicker, StatusTag, useDuration, when, type DayRange } from '../../../components/AccountParts';
import { useLoadedStore } from '../../../../../components/store-context';
import type { RootStore } from '../../../../../stores/root';
import '../../../components/players.css';
import { ACCOUNTS_PAGE_SIZE } from '../../../../../config';
import type { QueryStore } from '../../../../../stores/analytics/query-store';
import { ACCOUNTS_API, type AccountsStore, type GameUserPanel, type GameUserTab } from '../../../stores/accounts';
import type { GameUserDevices, PlayerSessions, PlayerTrackEvent } from '../../../stores/accounts-types';
import { formatMoney } from '../../../../../stores/format/money';
import { useGameChoices } from '../../../../../components/useGameChoices';

const TABS: GameUserTab[] = ['detail', 'track', 'devices', 'sessions'];
const osName = (os: string) => (os === 'ios' ? 'iOS' : os === 'android' ? 'Android' : os || '-');

interface ViewStateProps<T> {
  loaded: QueryStore<T>;
  testId: string;
  empty: (v: T) => boolean;
  children: (v: T) => React.ReactNode;
}
/** A view's loading / failed / ready state (an observer: it reads the store's observables). */
const ViewState = observer(function ViewState<T>({ loaded, testId, empty, children }: ViewStateProps<T>) {
  const t = useAccountsTexts();
  if (loaded.state === 'failed')
    return (
      <p className="p-error" data-testid={`${testId}-error`}>
        {loaded.error}
      </p>
    );
  if (loaded.result === null) return <p data-testid={`${testId}-loading`}>{t('accounts.common.loading')}</p>;
  return (
    <div data-testid={testId} aria-busy={loaded.state === 'loading'}>
      {empty(loaded.result) ? null : children(loaded.result)}
    </div>
  );
}) as <T>(props: ViewStateProps<T>) => React.ReactNode;

const DetailView = observer(function DetailView({ panel }: { panel: GameUserPanel }) {
  const t = useAccountsTexts();
  return (
    <ViewState loaded={panel.detail} testId="game-user-detail" empty={() => false}>
      {(d) => (
        <dl className="accounts-facts">
          <dt>{t('accounts.common.player')}</dt>
          <dd>
            <code data-user-data>{d.distinct_id}</code>
          </dd>
          <dt>{t('accounts.common.game')}</dt>
          <dd data-user-data>{d.game_name}</dd>
          <dt>{t('accounts.common.status')}</dt>
          <dd>
            <StatusTag status={d.status} />
          </dd>
          <dt>{t('accounts.gameUsers.registeredAt')}</dt>
          <dd>{d.registered_at ? when(d.registered_at) : t('accounts.gameUsers.notRegistered')}</dd>
          <dt>{t('accounts.common.channel')}</dt>
          <dd data-user-data>{d.channel || t('accounts.common.unknownChannel')}</dd>
          <dt>{t('accounts.common.device')}</dt>
          <dd data-user-data>{d.device_model ? `${d.device_model} · ${osName(d.os)} ${d.os_version}` : '-'}</dd>
          <dt>{t('accounts.common.firstSeen')}</dt>
          <dd>{d.first_seen}</dd>
          <dt>{t('accounts.common.lastSeen')}</dt>
          <dd>{d.last_seen}</dd>
          <dt>{t('accounts.common.activeDays')}</dt>
          <dd>{d.active_days}</dd>
          <dt>{t('accounts.gameUsers.events')}</dt>
          <dd data-testid="game-user-events">{d.events}</dd>
          <dt>{t('accounts.gameUsers.lastEventAt')}</dt>
          <dd>{when(d.last_event_at)}</dd>
          <dt>{t('accounts.common.flaggedEvents')}</dt>
          <dd>{d.flagged_events}</dd>
          <dt>{t('accounts.gameUsers.gross')}</dt>
          <dd>{formatMoney(d.gross)}</dd>
          <dt>{t('accounts.gameUsers.refunds')}</dt>
          <dd>
            {formatMoney(d.refunds)}（{t('accounts.gameUsers.refundOrders')} {d.refund_orders}）
          </dd>
          <dt>{t('accounts.common.totalPaid')}</dt>
          <dd data-testid="game-user-paid">{formatMoney(d.total_paid)}</dd>
          <dt>{t('accounts.common.orders')}</dt>
          <dd>{d.orders}</dd>
        </dl>
      )}
    </ViewState>
  );
});

const propsText = (p: PlayerTrackEvent['properties']) =>
  Object.entries(p)
    .map(([k, v]) => `${k}=${v === null ? 'null' : String(v)}`)
    .join('  ');

const TrackView = observer(function TrackView({ panel }: { panel: GameUserPanel }) {
  const t = useAccountsTexts();
  const names = panel.detail.result?.event_names ?? [];
  const ALL = '\u0000all';
  const [event, setEvent] = useState<string>(panel.trackEvent ?? ALL);
  const [range, setRange] = useState<DayRange | null>(panel.trackRange);
  return (
    <div>
      <div className="accounts-toolbar">
        <label className="accounts-field">
          <span>{t('accounts.gameUsers.event')}</span>
        <Dropdown
          data-testid="track-event"
          inputId="track-event-input"
          value={event}
          options={[{ value: ALL, label: t('accounts.gameUsers.allEvents') }, ...names.map((n) => ({ value: n, label: n }))]}
          onChange={(e) => setEvent(String(e.value))}
        />
        </label>
        <DayRangePicker value={range} onChange={setRange} testId="track-range" clearable label={t('accounts.gameUsers.range')} />
        <Button label={t('accounts.gameUsers.apply')} icon="pi pi-search" onClick={() => void panel.filterTrack(event === ALL ? null : event, range)} data-testid="track-apply" />
      </div>
      <ViewState loaded={panel.track} testId="game-user-track" empty={() => false}>
        {(page) => (
          <DataTable
            value={page.data}
            dataKey="uuid"
            size="small"
            lazy
            paginator
            rows={panel.limit}
            first={(panel.trackPage - 1) * panel.limit}
            totalRecords={page.total}
            onPage={(e) => void panel.setTrackPage((e.page ?? 0) + 1)}
            loading={panel.track.state === 'loading'}
            emptyMessage={t('accounts.gameUsers.noEvents')}
          >
            <Column header={t('accounts.gameUsers.time')} body={(e: PlayerTrackEvent) => when(e.time)} style={{ width: 170 }} />
            <Column
              header={t('accounts.gameUsers.event')}
              body={(e: PlayerTrackEvent) => (
                <>
                  <code data-user-data>{e.event}</code> {e.banned ? <LightTag value={t('accounts.gameUsers.flagged')} severity="danger" /> : null}
                </>
              )}
              style={{ width: 250 }}
            />
            <Column header={t('accounts.gameUsers.properties')} body={(e: PlayerTrackEvent) => <span className="accounts-props" data-user-data>{propsText(e.properties)}</span>} />
          </DataTable>
        )}
      </ViewState>
    </div>
  );
});

const DevicesView = observer(function DevicesView({ panel }: { panel: GameUserPanel }) {
  const t = useAccountsTexts();
  type Device = GameUserDevices['devices'][number];
  return (
    <ViewState loaded={panel.devices} testId="game-user-devices" empty={() => false}>
      {(v) =>
        v.devices.length === 0 ? (
          <p className="accounts-muted">{t('accounts.gameUsers.noDevices')}</p>
        ) : (
          <>
            <h4>{t('accounts.gameUsers.models')}</h4>
            <DataTable value={v.models} size="small" dataKey="device_model">
              <Column header={t('accounts.gameUsers.models')} body={(m: GameUserDevices['models'][number]) => <span data-user-data>{m.device_model || '-'}</span>} />
              <Column header={t('accounts.gameUsers.osVersion')} body={(m: GameUserDevices['models'][number]) => `${osName(m.os)} ${m.os_version}`} />
              <Column header={t('accounts.gameUsers.deviceCount')} field="devices" />
            </DataTable>
            <h4>{t('accounts.common.device')}</h4>
            <DataTable value={v.devices} size="small" dataKey="device_id">
              <Column
                header={t('accounts.gameUsers.deviceId')}
                body={(d: Device) => (
                  <>
                    <code data-user-data>{d.device_id}</code> {d.registration ? <LightTag value={t('accounts.gameUsers.registrationDevice')} severity="info" /> : null}
                  </>
                )}
              />
              <Column header={t('accounts.gameUsers.models')} body={(d: Device) => <span data-user-data>{`${d.device_model} · ${osName(d.os)} ${d.os_version}`}</span>} />
              <Column header={t('accounts.common.firstSeen')} body={(d: Device) => when(d.first_seen)} />
              <Column header={t('accounts.common.lastSeen')} body={(d: Device) => when(d.last_seen)} />
              <Column header={t('accounts.gameUsers.accountsOnDevice')} field="accounts" />
              <Column
                header={t('accounts.gameUsers.otherAccounts')}
                body={(d: Device) => (
                  <span className="players-accounts" data-user-data>
                    {d.other_accounts.map((a) => `${a.distinct_id}（${a.game_name}）`).join('、') || '-'}
                  </span>
                )}
              />
            </DataTable>
          </>
        )
      }
    </ViewState>
  );
});

const SessionsView = observer(function SessionsView({ panel }: { panel: GameUserPanel }) {
  const t = useAccountsTexts();
  const duration = useDuration();
  const gap = panel.sessions.result?.gap_seconds ?? 1800;
  type Session = PlayerSessions['data'][number];
  return (
    <div>
      <div className="accounts-toolbar">
        <DayRangePicker value={panel.sessionRange} onChange={(r) => r && void panel.setSessionRange(r)} testId="sessions-range" label={t('accounts.gameUsers.range')} />
      </div>
      <p className="players-definition accounts-muted">{t('accounts.gameUsers.sessionRule', { minutes: gap / 60 })}</p>
      <ViewState loaded={panel.sessions} testId="game-user-sessions" empty={() => false}>
        {(s) => (
          <>
            <div className="accounts-totals" data-testid="sessions-totals">
              <div>
                {t('accounts.gameUsers.sessionCount')}
                <strong data-testid="sessions-count">{s.total.sessions}</strong>
              </div>
              <div>
                {t('accounts.gameUsers.avgLength')}
                <strong>{duration(s.total.avg_seconds)}</strong>
              </div>
              <div>
                {t('accounts.gameUsers.totalLength')}
                <strong>{duration(s.total.seconds)}</strong>
              </div>
              <div>
                {t('accounts.gameUsers.events')}
                <strong>{s.total.events}</strong>
              </div>
            </div>
            <DataTable
              value={s.data}
              dataKey="start"
              size="small"
              lazy
              paginator
              rows={panel.limit}
              first={(panel.sessionPage - 1) * panel.limit}
              totalRecords={s.total.sessions}
              onPage={(e) => void panel.setSessionPage((e.page ?? 0) + 1)}
              loading={panel.sessions.state === 'loading'}
              emptyMessage={t('accounts.gameUsers.noSessions')}
            >
              <Column header={t('accounts.gameUsers.start')} body={(x: Session) => when(x.start)} />
              <Column header={t('accounts.gameUsers.end')} body={(x: Session) => when(x.end)} />
              <Column header={t('accounts.gameUsers.length')} body={(x: Session) => duration(x.seconds)} />
              <Column header={t('accounts.gameUsers.events')} field="events" />
            </DataTable>
          </>
        )}
      </ViewState>
    </div>
  );
});

/** A player's drawer: the four views the spec names, each loaded when first shown. */
const PlayerDrawer = observer(function PlayerDrawer({ panel, gameName }: { panel: GameUserPanel; gameName: string }) {
  const t = useAccountsTexts();
  const key = panel.key;
  return (
    <Sidebar
      visible={key !== null}
      position="right"
      onHide={panel.close}
      style={{ width: 'min(900px, 100vw)' }}
      // The content scrolls when it is long: focusable, so the keyboard scrolls it too (axe scrollable-region-focusable).
      pt={{ content: { tabIndex: 0 } }}
      header={key ? t('accounts.gameUsers.title', { id: key.distinct_id, game: gameName }) : ''}
      data-testid="game-user-drawer"
    >
      {key ? (
        <TabView activeIndex={TABS.indexOf(panel.tab)} onTabChange={(e) => void panel.setTab(TABS[e.index] ?? 'detail')}>
          {TABS.map((tab) => (
            <TabPanel key={tab} header={t(`accounts.gameUsers.tabs.${tab}`)} pt={{ headerAction: { 'data-testid': `game-user-tab-${tab}` } as object }}>
              {tab === 'detail' ? <DetailView panel={panel} /> : tab === 'track' ? <TrackView panel={panel} /> : tab === 'devices' ? <DevicesView panel={panel} /> : <SessionsView panel={panel} />}
            </TabPanel>
          ))}
        </TabView>
      ) : null}
    </Sidebar>
  );
});

/**
 * 游戏用户 (center_users/game_users): the players of each game (game, account, channel, status filters):
 * status, channel, registration device, first/last active day, active days, total paid. 详情 opens the
 * player's drawer: detail, behaviour track, device profile, sessions.
 */
const GameUsersView = observer(function GameUsersView({ store }: { store: AccountsStore }) {
  const t = useAccountsTexts();
  const [panel] = useState(() => store.gameUserPanel());
  const [gameName, setGameName] = useState('');
  const games = useGameChoices();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: ACCOUNTS_API.gameUsers,
      testId: 'game-users',
      permissions: { search: 'Search', export: 'Export' },
      limit: ACCOUNTS_PAGE_SIZE,
      ordering: { field: 'last_seen', direction: 'desc' },
      commonColumns: false,
      fields: [
        { key: 'game', label: t('accounts.common.game'), options: games.map((g) => ({ value: g.id, label: g.name })), search: true, column: false, form: false },
        { key: 'search', label: t('accounts.common.keyword'), search: true, column: false, form: false },
        { key: 'channel', label: t('accounts.common.channel'), search: true, column: { width: 110, cell: (row) => <span data-user-data>{String(row.channel || '') || t('accounts.common.unknownChannel')}</span> }, form: false },
        {
          key: 'status',
          label: t('accounts.common.status'),
          options: [
            { value: 'normal', label: t('accounts.common.normal') },
            { value: 'banned', label: t('accounts.common.banned') },
          ],
          search: true,
          column: { width: 100, cell: (row) => <StatusTag status={String(row.status)} /> },
          form: false,
        },
        { key: 'distinct_id', label: t('accounts.common.player'), column: { width: 170, cell: (row) => <code data-user-data>{String(row.distinct_id ?? '')}</code> }, form: false },
        { key: 'game_name', label: t('accounts.common.game'), column: { width: 150, cell: (row) => <span data-user-data>{String(row.game_name ?? '')}</span> }, form: false },
        { key: 'device_model', label: t('accounts.common.device'), column: { width: 170, cell: (row) => <span data-user-data>{row.device_model ? `${String(row.device_model)} · ${osName(String(row.os))}` : '-'}</span> }, form: false },
        { key: 'first_seen', label: t('accounts.common.firstSeen'), column: { width: 115, sortable: true }, form: false },
        { key: 'last_seen', label: t('accounts.common.lastSeen'), column: { width: 115, sortable: true }, form: false },
        { key: 'active_days', label: t('accounts.common.activeDays'), column: { width: 100, sortable: true }, form: false },
        { key: 'total_paid', label: t('accounts.common.totalPaid'), column: { width: 120, cell: (row) => <span className="accounts-money">{formatMoney(Number(row.total_paid))}</span> }, form: false },
      ],
      rowActions: [
        {
          key: 'view',
          label: t('accounts.common.view'),
          icon: 'pi pi-eye',
          permission: 'Retrieve',
          run: (row) => {
            setGameName(String(row.game_name ?? ''));
            void panel.open(Number(row.game), String(row.distinct_id));
          },
        },
      ],
    }),
    [t, games, panel],
  );
  return (
    <>
      <CrudPage description={description} />
      <PlayerDrawer panel={panel} gameName={gameName} />
    </>
  );
});

const loadAccounts = (root: RootStore) => root.accounts();

export default function GameUsersPage() {
  const store = useLoadedStore(loadAccounts);
  return store ? <GameUsersView store={store} /> : null;
}

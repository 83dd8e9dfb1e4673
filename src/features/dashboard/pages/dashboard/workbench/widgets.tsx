import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { formatMoney } from '../../../../../stores/format/money';
import type { WidgetKind } from '../../../../../../contracts/schemas/dashboard/workbench';
import { TextInput } from '../../../../../components/controls';
import { menuIconClass } from '../../../../../components/menu-icon';
import { useStore } from '../../../../../components/store-context';
import type { MenuEntry } from '../../../../../stores/menu';
import type { WorkbenchStore } from '../../../stores/workbench';
import { WORKBENCH_SHORTCUTS_SHOWN } from '../../../../../config';
import { useWorkbenchTexts } from './locale';
import { formatInstant } from '../../../../../stores/format';

/** What every widget gets: the page's store and the pixels its body has. */
export interface WidgetProps {
  store: WorkbenchStore;
  /** Height of the widget's body in pixels (charts size to it). */
  bodyHeight: number;
}

export interface WidgetDefinition {
  /** PrimeIcons class of the title bar and the palette. */
  icon: string;
  component: ComponentType<WidgetProps>;
}

// The trend chart brings ECharts: its own chunk, fetched when a trend widget is shown.
const TrendWidget = lazy(() => import('./TrendWidget'));
// the realtime mini-chart (ECharts too, and the realtime store's chunk).
const RealtimeWidget = lazy(() => import('./RealtimeWidget'));

function Loading() {
  const t = useWorkbenchTexts();
  return (
    <div className="wb-state" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('workbench.loading')}
    </div>
  );
}

const Failed = () => {
  const t = useWorkbenchTexts();
  return <div className="wb-state wb-state-error">{t('workbench.failed')}</div>;
};

const WelcomeWidget = observer(function WelcomeWidget({ store }: WidgetProps) {
  const t = useWorkbenchTexts();
  const { session, dashboard } = useStore();
  const user = session.user;
  const roles = user?.role_info.map((r) => r.name).join(' / ') ?? '';
  const last = store.lastLogin;
  const onlyOne = (store.logins?.length ?? 0) <= 1;
  return (
    <div className="wb-welcome" data-testid="wb-welcome">
      <div className="wb-welcome-avatar" aria-hidden="true" data-user-data>
        {user?.avatar ? <img src={user.avatar} alt="" /> : (user?.name || '?').slice(0, 1)}
      </div>
      <div className="wb-welcome-text">
        <h2 data-user-data>{t('workbench.welcome.hello', { name: session.userName || user?.username || '-' })}</h2>
        <p data-user-data>{roles ? t('workbench.welcome.roles', { roles }) : t('workbench.welcome.noRole')}</p>
        <p data-testid="wb-last-login" data-user-data>
          {store.loginsState === 'error' ? t('workbench.failed') : last && !onlyOne ? t('workbench.welcome.lastLogin', { time: last.create_datetime, ip: last.ip ?? '-' }) : store.logins ? t('workbench.welcome.firstLogin') : t('workbench.loading')}
        </p>
        <p>
          <i className="pi pi-calendar" aria-hidden="true" /> {t('workbench.welcome.today', { date: dashboard.today ?? formatInstant(new Date()).slice(0, 10) })}
        </p>
      </div>
    </div>
  );
});

const CountsWidget = observer(function CountsWidget() {
  const t = useWorkbenchTexts();
  const { dashboard } = useStore();
  const rows: Array<[string, string, number | null]> = [
    ['users', 'pi-users', dashboard.usersTotal],
    ['logins', 'pi-sign-in', dashboard.loginsTotal],
    ['attachments', 'pi-paperclip', dashboard.attachmentsTotal],
    ['newUsers', 'pi-user-plus', dashboard.newUsers],
  ];
  return (
    <ul className="wb-counts" data-testid="wb-counts">
      {rows.map(([key, icon, value]) => (
        <li key={key}>
          <i className={`pi ${icon}`} aria-hidden="true" />
          <span className="wb-count-label">{t(`workbench.counts.${key}`)}</span>
          <strong data-testid={`wb-count-${key}`}>{dashboard.state === 'loading' ? '…' : value === null ? '-' : value.toLocaleString()}</strong>
        </li>
      ))}
    </ul>
  );
});

/** Menu entries by path (the user's own menu: a page they may no longer open is not offered). */
function entriesByPath(tree: readonly MenuEntry[]): Map<string, MenuEntry> {
  const out = new Map<string, MenuEntry>();
  const walk = (entries: readonly MenuEntry[]) => {
    for (const e of entries) {
      if (e.children.length > 0) walk(e.children);
      else if (!e.catalog && e.path.startsWith('/')) out.set(e.path, e);
    }
  };
  walk(tree);
  return out;
}

const ShortcutsWidget = observer(function ShortcutsWidget({ store }: WidgetProps) {
  const t = useWorkbenchTexts();
  const root = useStore();
  const [filter, setFilter] = useState('');
  const byPath = useMemo(() => entriesByPath(root.menu.built.tree), [root.menu.built]);
  if (store.shortcutsState === 'error') return <Failed />;
  if (store.shortcuts === null) return <Loading />;
  const known = store.shortcuts.flatMap((s) => {
    const entry = byPath.get(s.path);
    // The workbench itself is where the user already is.
    if (!entry || root.menu.routeFor(s.path)?.component === 'dashboard/workbench') return [];
    return [{ ...s, title: entry.title, icon: entry.icon }];
  });
  const needle = filter.trim().toLowerCase();
  const shown = known.filter((s) => !needle || s.title.toLowerCase().includes(needle) || s.path.toLowerCase().includes(needle)).slice(0, WORKBENCH_SHORTCUTS_SHOWN);
  return (
    <div className="wb-shortcuts" data-testid="wb-shortcuts">
      <TextInput
        className="wb-shortcut-filter"
        data-testid="workbench-shortcut-filter"
        aria-label={t('workbench.shortcuts.filter')}
        placeholder={t('workbench.shortcuts.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {known.length === 0 ? (
        <p className="wb-state">{t('workbench.shortcuts.empty')}</p>
      ) : shown.length === 0 ? (
        <p className="wb-state">{t('workbench.shortcuts.noMatch')}</p>
      ) : (
        <ul>
          {shown.map((s) => (
            <li key={s.path}>
              <button type="button" className="wb-shortcut" data-testid="wb-shortcut" title={t('workbench.shortcuts.visits', { count: s.visits })} onClick={() => root.navigate(s.path)}>
                <i className={menuIconClass(s.icon, false)} aria-hidden="true" />
                <span>{s.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});

const LoginsWidget = observer(function LoginsWidget({ store }: WidgetProps) {
  const t = useWorkbenchTexts();
  if (store.loginsState === 'error') return <Failed />;
  if (store.logins === null) return <Loading />;
  if (store.logins.length === 0) return <p className="wb-state">{t('workbench.logins.empty')}</p>;
  return (
    <ul className="wb-list" data-testid="wb-logins">
      {store.logins.map((row) => (
        <li key={row.create_datetime + (row.ip ?? '')} data-user-data>
          <span className="wb-list-main">{row.create_datetime}</span>
          <span className="wb-list-sub">
            {row.ip ?? '-'} · {row.browser ?? t('workbench.logins.unknown')} · {row.os ?? t('workbench.logins.unknown')}
          </span>
        </li>
      ))}
    </ul>
  );
});

const MessagesWidget = observer(function MessagesWidget({ store }: WidgetProps) {
  const t = useWorkbenchTexts();
  const root = useStore();
  const center = root.menu.built.routes.find((r) => r.component.startsWith('system/messageCenter'));
  if (store.messagesState === 'error') return <Failed />;
  if (store.messages === null) return <Loading />;
  return (
    <div className="wb-messages" data-testid="wb-messages">
      <div className="wb-messages-head">
        <span className="wb-unread" data-testid="wb-unread">{t('workbench.messages.unread', { count: root.messages.unread })}</span>
        {center && (
          <button type="button" className="p-button p-button-text p-button-sm" onClick={() => root.navigate(center.path)}>
            {t('workbench.messages.all')}
          </button>
        )}
      </div>
      {store.messages.length === 0 ? (
        <p className="wb-state">{t('workbench.messages.empty')}</p>
      ) : (
        <ul className="wb-list">
          {store.messages.map((m) => (
            <li key={m.id} className={m.is_read ? '' : 'wb-unread-row'} data-user-data>
              <span className="wb-list-main">
                {!m.is_read && <span className="wb-dot" role="img" aria-label={t('workbench.messages.unreadTag')} />}
                {m.title}
              </span>
              <span className="wb-list-sub">{m.create_datetime}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});

/** Today's game KPIs: active players, revenue (only with 收入概览's permission), new players, top games. */
const GameKpisWidget = observer(function GameKpisWidget({ store }: WidgetProps) {
  const t = useWorkbenchTexts();
  const { locale } = useStore();
  useEffect(() => {
    void store.loadKpis();
  }, [store]);
  const k = store.kpis;
  if (!k) {
    if (store.kpisState === 'error') return <div className="wb-state wb-state-error" data-testid="wb-kpis-error">{t('workbench.kpis.failed', { error: store.kpisError })}</div>;
    return <Loading />;
  }
  const number = (n: number) => n.toLocaleString(locale.language === 'en' ? 'en-US' : 'zh-CN');
  return (
    <div className="wb-kpis" data-testid="wb-kpis">
      <div className="wb-kpi-row">
        <div className="wb-kpi" data-testid="wb-kpi-active">
          <span className="wb-kpi-label">{t('workbench.kpis.active')}</span>
          <strong>{number(k.active_players)}</strong>
        </div>
        <div className="wb-kpi" data-testid="wb-kpi-revenue">
          <span className="wb-kpi-label">{t('workbench.kpis.revenue')}</span>
          {k.revenue === null ? <span className="wb-list-sub">{t('workbench.kpis.hidden')}</span> : <strong>{formatMoney(k.revenue, k.currency)}</strong>}
          {k.orders !== null && <span className="wb-list-sub">{t('workbench.kpis.orders', { n: number(k.orders) })}</span>}
        </div>
        <div className="wb-kpi" data-testid="wb-kpi-new">
          <span className="wb-kpi-label">{t('workbench.kpis.fresh')}</span>
          <strong>{number(k.new_players)}</strong>
        </div>
      </div>
      <div className="wb-list-head">
        <span>{k.top_by === 'revenue' ? t('workbench.kpis.topByRevenue') : t('workbench.kpis.topByActive')}</span>
        <span className="wb-list-sub">{t('workbench.kpis.day', { day: k.day, tz: k.timezone })}</span>
      </div>
      {k.top_games.length === 0 ? (
        <p className="wb-state" data-testid="wb-kpis-empty">{t('workbench.kpis.noGames')}</p>
      ) : (
        <table className="wb-kpi-table" data-testid="wb-kpi-games">
          <thead>
            <tr>
              <th>{t('workbench.kpis.game')}</th>
              <th className="is-number">{t('workbench.kpis.gameActive')}</th>
              <th className="is-number">{t('workbench.kpis.gameFresh')}</th>
              {k.revenue_allowed && <th className="is-number">{t('workbench.kpis.gameRevenue')}</th>}
            </tr>
          </thead>
          <tbody>
            {k.top_games.map((g) => (
              <tr key={g.game} data-testid="wb-kpi-game">
                <td className="wb-kpi-name">{g.name}</td>
                <td className="is-number">{number(g.active_players)}</td>
                <td className="is-number">{number(g.new_players)}</td>
                {k.revenue_allowed && <td className="is-number">{g.revenue === null ? '-' : formatMoney(g.revenue, k.currency)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
});

function LazyTrend(props: WidgetProps) {
  return (
    <Suspense fallback={<Loading />}>
      <TrendWidget {...props} />
    </Suspense>
  );
}

// the realtime widget
function LazyRealtime(props: WidgetProps) {
  return (
    <Suspense fallback={<Loading />}>
      <RealtimeWidget {...props} />
    </Suspense>
  );
}

/**
 * The widget registry: one entry per kind of contracts/schemas/workbench.ts (WIDGET_KINDS, with its
 * size rules). A new widget (e.g. a realtime mini-chart) is one kind there and one entry here.
 */
export const WIDGETS: Readonly<Record<WidgetKind, WidgetDefinition>> = {
  welcome: { icon: 'pi-home', component: WelcomeWidget },
  counts: { icon: 'pi-chart-pie', component: CountsWidget },
  shortcuts: { icon: 'pi-bolt', component: ShortcutsWidget },
  logins: { icon: 'pi-history', component: LoginsWidget },
  messages: { icon: 'pi-envelope', component: MessagesWidget },
  trend: { icon: 'pi-chart-line', component: LazyTrend },
  // the realtime widget
  realtime: { icon: 'pi-wave-pulse', component: LazyRealtime },
  // today's game KPIs
  game_kpis: { icon: 'pi-chart-bar', component: GameKpisWidget },
};

import { observer } from 'mobx-react-lite';
import { Activity, memo, useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useRawSearch } from '../../components/useRawSearch';
import { ASIDE_COLLAPSED_WIDTH_PX, ASIDE_WIDTH_PX, NARROW_VIEWPORT_QUERY, SYSTEM_NAME_KEY } from '../../config';
import { useStore } from '../../components/store-context';
import type { Tab } from '../../stores/tabs';
import { SearchPanel } from '../search/SearchPanel';
import { resolveShellRoute, type ShellRoute } from '../shell-routes';
import { Aside } from './Aside';
import { Header } from './Header';
import { PageFrame } from './PageFrame';
import { RealtimeConnection } from './RealtimeConnection';
import { TabBar } from './TabBar';
import { useShellPersistence } from './useShellPersistence';
import './layout.css';

function tabOf(route: ShellRoute, search: string): Tab {
  return {
    name: route.name,
    path: route.path,
    fullPath: search ? `${route.path}?${search}` : route.path,
    query: Object.fromEntries(new URLSearchParams(search)),
    params: {},
    meta: { ...(route.titleKey ? { titleKey: route.titleKey } : {}), ...(route.title !== undefined ? { title: route.title } : {}), auth: true, cache: route.cache },
  };
}

/** One tab's page. Memoised: a tab switch re-renders none of the kept pages, only flips their Activity. */
const KeptPage = memo(
  observer(function KeptPage({ path }: { path: string }) {
    const root = useStore();
    const route = resolveShellRoute(root, path);
    if (!route) return null;
    return <PageFrame route={route} path={path} />;
  }),
);

/**
 * The pages of the open tabs (spec §2.4): the current one is visible; pages marked cache stay mounted
 * while hidden (React's <Activity>), so their state survives a tab switch; a closed or refreshed tab
 * gets a new key, so it starts afresh.
 */
const PageOutlet = observer(function PageOutlet({ current }: { current: Tab }) {
  const root = useStore();
  const tabs = root.tabs.opened.some((tab) => tab.fullPath === current.fullPath) ? root.tabs.opened : [...root.tabs.opened, current];
  return (
    <>
      {tabs.map((tab) => {
        const active = tab.fullPath === current.fullPath;
        const route = resolveShellRoute(root, tab.path);
        if (!route || (!active && !route.cache)) return null;
        return (
          <Activity key={`${tab.fullPath}#${root.tabs.generation(tab.fullPath)}`} mode={active ? 'visible' : 'hidden'}>
            <div className="console-page" data-page={tab.fullPath}>
              <KeptPage path={tab.path} />
            </div>
          </Activity>
        );
      })}
    </>
  );
});

/** Keeps `ui.narrow` true while the viewport matches NARROW_VIEWPORT_QUERY. */
function useNarrowViewport(setNarrow: (on: boolean) => void): void {
  useEffect(() => {
    const query = window.matchMedia(NARROW_VIEWPORT_QUERY);
    const follow = () => setNarrow(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [setNarrow]);
}

/** The frame of every signed-in page: header, aside, tab bar, the kept-alive pages and the search panel. */
const Layout = observer(function Layout({ route, refreshing }: { route: ShellRoute; refreshing?: string }) {
  const root = useStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const locationSearch = useRawSearch();
  // On /refresh the layout shows the tab being refreshed: its page starts afresh, then the router goes back to it.
  const search = refreshing !== undefined ? (refreshing.split('?')[1] ?? '') : locationSearch;
  const current = tabOf(route, search);
  useEffect(() => {
    if (refreshing === undefined) return;
    root.tabs.refresh(refreshing);
    navigate(refreshing, { replace: true });
  }, [root, navigate, refreshing]);
  useShellPersistence(root, root.session.userKey, root.menu.loaded || root.bootState === 'ready');

  // A title the page set for its own tab (a game's name) wins over the route's.
  const ownTitle = root.tabs.opened.find((tab) => tab.fullPath === current.fullPath)?.meta.pageTitle;
  const pageTitle = ownTitle || (route.titleKey ? t(route.titleKey) : route.title || t('route.untitled'));
  useEffect(() => {
    document.title = `${t(SYSTEM_NAME_KEY)} - ${pageTitle}`;
  }, [t, pageTitle]);

  const currentJson = JSON.stringify(current);
  useEffect(() => {
    root.tabs.open(JSON.parse(currentJson) as Tab);
  }, [root, currentJson]);

  useNarrowViewport(root.ui.setNarrow);
  // A page opened from the drawer closes it.
  useEffect(() => {
    root.ui.setDrawerOpen(false);
  }, [root, current.fullPath]);

  const narrow = root.ui.narrow;
  const asideWidth = root.ui.asideCollapsed && !narrow ? ASIDE_COLLAPSED_WIDTH_PX : ASIDE_WIDTH_PX;
  const transition = root.ui.asideTransition ? '' : ' no-aside-transition';
  return (
    <div className={`console-layout${transition}${narrow ? ' is-narrow' : ''}`} style={{ '--aside-width': `${asideWidth}px` } as CSSProperties}>
      <Header />
      <RealtimeConnection />
      <div className="console-body">
        <Aside />
        {narrow && root.ui.drawerOpen && <div className="console-drawer-backdrop" data-testid="drawer-backdrop" aria-hidden="true" onClick={() => root.ui.setDrawerOpen(false)} />}
        <div className="console-main">
          <TabBar />
          {/* Focusable: the keyboard scrolls the page even where it holds no control (axe scrollable-region-focusable). */}
          <main className="console-content" tabIndex={0}>
            <PageOutlet current={current} />
          </main>
        </div>
      </div>
      <SearchPanel />
    </div>
  );
});

export default Layout;

import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, type CSSProperties } from 'react';
import { useSearch } from 'wouter';
import { ASIDE_COLLAPSED_WIDTH_PX, ASIDE_WIDTH_PX } from '../../config';
import { PageLoading } from '../../components/PageLoading';
import { useStore } from '../../components/store-context';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { LayoutRoute } from '../routes';
import { Aside } from './Aside';
import { Header } from './Header';
import { TabBar } from './TabBar';
import './layout.css';

/** The frame of every signed-in page: header, aside, tab bar and the content area. */
const Layout = observer(function Layout({ route }: { route: LayoutRoute }) {
  const root = useStore();
  const search = useSearch();
  useDocumentTitle(route.titleKey);

  useEffect(() => {
    const query = Object.fromEntries(new URLSearchParams(search));
    root.tabs.open({
      name: route.name,
      path: route.path,
      fullPath: search ? `${route.path}?${search}` : route.path,
      query,
      params: {},
      meta: { titleKey: route.titleKey, auth: true },
    });
  }, [root, route, search]);

  const asideWidth = root.ui.asideCollapsed ? ASIDE_COLLAPSED_WIDTH_PX : ASIDE_WIDTH_PX;
  const { Page } = route;
  return (
    <div className="console-layout" style={{ '--aside-width': `${asideWidth}px` } as CSSProperties}>
      <Header />
      <div className="console-body">
        <Aside />
        <div className="console-main">
          <TabBar />
          <main className="console-content">
            <Suspense fallback={<PageLoading />}>
              <Page />
            </Suspense>
          </main>
        </div>
      </div>
    </div>
  );
});

export default Layout;

import { observer } from 'mobx-react-lite';
import { useLocation } from 'wouter';
import { useRawSearch } from '../../components/useRawSearch';
import { useStore } from '../../components/store-context';
import { SideMenu } from '../menu/SideMenu';
import { useMenuClick } from '../menu/useMenuClick';

/** The aside: the side menu of the current section (spec §2.4), 200px or collapsed to 65px. */
export const Aside = observer(function Aside() {
  const root = useStore();
  const [path] = useLocation();
  const search = useRawSearch();
  const click = useMenuClick();
  const collapsed = root.ui.asideCollapsed;
  const fullPath = search ? `${path}?${search}` : path;
  return (
    <aside className={`console-aside${collapsed ? ' is-collapsed' : ''}`} data-testid="aside">
      <SideMenu entries={root.menu.asideEntries(path)} collapsed={collapsed} activePath={fullPath} onSelect={click} />
    </aside>
  );
});

import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useStore } from '../../components/store-context';
import type { Tab } from '../../stores/tabs';
import { TabMenu } from '../tabs/TabMenu';
import { useTabCommand } from '../tabs/useTabCommand';

/** Context menu of the index tab, and of any other tab (spec §2.4). */
export const INDEX_TAB_COMMANDS = ['closeAll'] as const;
export const TAB_CONTEXT_COMMANDS = ['refresh', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'] as const;
/** Options of the dropdown button (its main click closes all). */
export const DROPDOWN_COMMANDS = ['closeLeft', 'closeRight', 'closeOthers', 'closeAll'] as const;

interface OpenMenu {
  kind: 'context' | 'dropdown';
  target: string;
  commands: readonly string[];
  left: number;
  top: number;
}

/**
 * The tab bar (spec §2.4): card tabs titled with the meta title (default 未命名); click navigates,
 * the close icon closes, drag reorders; right-click opens the context menu; the dropdown button at the
 * end closes all on its main click and offers close left / right / others / all.
 *
 * Keyboard (WAI-ARIA tabs, roving tabindex): Tab reaches the current tab only; ← → (Home, End) move
 * to another tab and open it; Delete closes the focused tab; Shift+F10 or the context-menu key opens
 * its context menu. Many tabs scroll sideways without a scrollbar (wheel, or the focused/current tab
 * scrolls into view), so the strip keeps its height.
 */
export const TabBar = observer(function TabBar() {
  const root = useStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const strip = useRef<HTMLDivElement>(null);
  /** Set when the keyboard moved to a tab: that tab gets the focus once it is current. */
  const focusNext = useRef<string | null>(null);
  const current = root.tabs.current;

  // The current tab is always in view; a keyboard move also focuses it.
  useEffect(() => {
    const el = strip.current?.querySelector<HTMLElement>(`[data-testid="tab"][data-path="${CSS.escape(current)}"]`);
    if (!el) return;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    if (focusNext.current === current) {
      focusNext.current = null;
      el.focus();
    }
  }, [current, root.tabs.opened.length]);

  // A page's own title first; a menu tab shows its menu's current title (in the interface language); a kept tab whose menu is gone, the title it had.
  const title = (tab: Tab) => tab.meta.pageTitle || (tab.meta.titleKey ? t(tab.meta.titleKey) : root.menu.routeFor(tab.path)?.meta.title || tab.meta.title || t('route.untitled'));
  const go = (to: string | null) => {
    if (to) navigate(to);
  };

  const run = useTabCommand();

  const openContext = (event: MouseEvent, tab: Tab) => {
    event.preventDefault();
    const commands = root.tabs.isClosable(tab) ? TAB_CONTEXT_COMMANDS : INDEX_TAB_COMMANDS;
    setMenu({ kind: 'context', target: tab.fullPath, commands, left: event.clientX, top: event.clientY });
  };

  const openDropdown = (event: MouseEvent<HTMLButtonElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setMenu({ kind: 'dropdown', target: root.tabs.current, commands: DROPDOWN_COMMANDS, left: Math.max(8, rect.right - 150), top: rect.bottom + 4 });
  };

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>, tab: Tab, index: number) => {
    const opened = root.tabs.opened;
    const moveTo = (target: Tab | undefined) => {
      if (!target) return;
      event.preventDefault();
      strip.current?.querySelector<HTMLElement>(`[data-testid="tab"][data-path="${CSS.escape(target.fullPath)}"]`)?.focus();
      if (target.fullPath !== current) navigate(target.fullPath);
    };
    switch (event.key) {
      case 'ArrowRight':
        return moveTo(opened[(index + 1) % opened.length]);
      case 'ArrowLeft':
        return moveTo(opened[(index - 1 + opened.length) % opened.length]);
      case 'Home':
        return moveTo(opened[0]);
      case 'End':
        return moveTo(opened[opened.length - 1]);
      case 'Enter':
      case ' ':
        event.preventDefault();
        navigate(tab.fullPath);
        return;
      case 'Delete': {
        if (!root.tabs.isClosable(tab)) return;
        event.preventDefault();
        const next = root.tabs.close(tab.fullPath);
        focusNext.current = next ?? root.tabs.current;
        if (next) navigate(next);
        return;
      }
      case 'ContextMenu':
      case 'F10':
        if (event.key === 'F10' && !event.shiftKey) return;
        event.preventDefault();
        {
          const rect = event.currentTarget.getBoundingClientRect();
          const commands = root.tabs.isClosable(tab) ? TAB_CONTEXT_COMMANDS : INDEX_TAB_COMMANDS;
          setMenu({ kind: 'context', target: tab.fullPath, commands, left: rect.left, top: rect.bottom + 4 });
        }
        return;
      default:
    }
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragFrom !== null) root.tabs.move(dragFrom, index);
    setDragFrom(null);
    setDropAt(null);
  };

  return (
    <div className="console-tabs-bar">
      <div
        ref={strip}
        className="console-tabs"
        data-testid="tab-bar"
        role="tablist"
        aria-label={t('shell.tabs')}
        onWheel={(event) => {
          // A vertical wheel scrolls the strip sideways (it has no scrollbar).
          if (strip.current && Math.abs(event.deltaY) > Math.abs(event.deltaX)) strip.current.scrollLeft += event.deltaY;
        }}
      >
        {root.tabs.opened.map((tab, index) => {
          const active = tab.fullPath === current;
          const closable = root.tabs.isClosable(tab);
          return (
            <div
              key={tab.fullPath}
              role="tab"
              tabIndex={active ? 0 : -1}
              aria-selected={active}
              data-testid="tab"
              data-path={tab.fullPath}
              draggable={closable}
              className={`console-tab${active ? ' is-active' : ''}${dropAt === index && dragFrom !== index ? ' is-drop-target' : ''}`}
              onClick={() => navigate(tab.fullPath)}
              onContextMenu={(event) => openContext(event, tab)}
              onKeyDown={(event) => onTabKey(event, tab, index)}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', tab.fullPath);
                setDragFrom(index);
              }}
              onDragOver={(event) => {
                if (dragFrom === null || index === 0) return;
                event.preventDefault();
                setDropAt(index);
              }}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={() => {
                setDragFrom(null);
                setDropAt(null);
              }}
            >
              <span className="console-tab-dot" aria-hidden="true" />
              <span className="console-tab-title">{title(tab)}</span>
              {closable && (
                // Not a button inside the tab (a tab holds no other control): the pointer's way to close;
                // the keyboard's is Delete on the focused tab, or the context menu.
                <span
                  className="console-tab-close"
                  title={t('shell.tabClose')}
                  aria-hidden="true"
                  data-testid="tab-close"
                  onClick={(event) => {
                    event.stopPropagation();
                    go(root.tabs.close(tab.fullPath));
                  }}
                >
                  <i className="pi pi-times" />
                </span>
              )}
            </div>
          );
        })}
      </div>
      <div className="console-tabs-dropdown p-buttonset">
        <button type="button" className="console-tabs-main" title={t('shell.tabCloseAll')} aria-label={t('shell.tabCloseAll')} data-testid="tabs-close-all" onClick={() => run('closeAll', current)}>
          <i className="pi pi-times-circle" aria-hidden="true" />
        </button>
        <button type="button" className="console-tabs-more" title={t('shell.tabMore')} aria-label={t('shell.tabMore')} aria-haspopup="menu" data-testid="tabs-more" onClick={openDropdown}>
          <i className="pi pi-chevron-down" aria-hidden="true" />
        </button>
      </div>
      {menu && (
        <TabMenu
          commands={menu.commands}
          position={{ left: menu.left, top: menu.top }}
          testId={menu.kind === 'context' ? 'tab-context-menu' : 'tab-dropdown-menu'}
          onCommand={(command) => run(command, menu.target)}
          onClose={closeMenu}
        />
      )}
    </div>
  );
});

import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { RESIZE_THROTTLE_MS } from '../../config';
import { menuIconClass } from '../../components/menu-icon';
import { useStore } from '../../components/store-context';
import type { MenuEntry } from '../../stores/menu';
import { useMenuClick } from './useMenuClick';

/** Calls `fn` at most once per `ms` (leading and trailing call). */
export function throttle(fn: () => void, ms: number): { run: () => void; cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    run() {
      const now = Date.now();
      const wait = last + ms - now;
      if (wait <= 0) {
        last = now;
        fn();
      } else {
        timer ??= setTimeout(() => {
          timer = null;
          last = Date.now();
          fn();
        }, wait);
      }
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

export interface HeaderMenuViewProps {
  sections: readonly MenuEntry[];
  activeId: number | null;
  onSelect(entry: MenuEntry): void;
}

/**
 * The horizontal header menu (spec §2.4): one entry per section; left and right scroll arrows show
 * only when the entries are wider than the container; the check reruns on window resize, throttled
 * to 300 ms.
 */
export function HeaderMenuView({ sections, activeId, onSelect }: HeaderMenuViewProps) {
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);

  const check = useCallback(() => {
    const el = viewport.current;
    if (el) setOverflow(el.scrollWidth > el.clientWidth + 1);
  }, []);

  useEffect(() => {
    check();
    const throttled = throttle(check, RESIZE_THROTTLE_MS);
    window.addEventListener('resize', throttled.run);
    return () => {
      window.removeEventListener('resize', throttled.run);
      throttled.cancel();
    };
  }, [check, sections]);

  const scroll = (direction: -1 | 1) => {
    const el = viewport.current;
    if (el) el.scrollBy({ left: direction * Math.max(120, el.clientWidth / 2), behavior: 'smooth' });
  };

  return (
    <div className={`console-header-menu${overflow ? ' is-overflowing' : ''}`} data-testid="header-menu">
      {overflow && (
        <button type="button" className="console-header-menu-arrow" aria-label={t('shell.scrollLeft')} data-testid="header-menu-left" onClick={() => scroll(-1)}>
          <i className="pi pi-angle-left" aria-hidden="true" />
        </button>
      )}
      <div ref={viewport} className="console-header-menu-viewport">
        <ul role="menubar">
          {sections.map((entry) => (
            <li key={entry.id} role="none">
              <button
                type="button"
                role="menuitem"
                className={`console-header-menu-item${entry.id === activeId ? ' is-active' : ''}`}
                data-testid="header-menu-item"
                onClick={() => onSelect(entry)}
              >
                <i className={menuIconClass(entry.icon, entry.catalog)} aria-hidden="true" />
                <span>{entry.title}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {overflow && (
        <button type="button" className="console-header-menu-arrow" aria-label={t('shell.scrollRight')} data-testid="header-menu-right" onClick={() => scroll(1)}>
          <i className="pi pi-angle-right" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/** The header menu bound to the console: a section with children becomes the side menu's section. */
export const HeaderMenu = observer(function HeaderMenu() {
  const root = useStore();
  const [path] = useLocation();
  const click = useMenuClick();
  const sections = root.menu.sections;
  const active = root.menu.sectionFor(path)?.id ?? root.menu.sectionId;
  return (
    <HeaderMenuView
      sections={sections}
      activeId={active}
      onSelect={(entry) => {
        if (entry.children.length > 0) {
          root.menu.selectSection(entry.id);
          // The aside now lists this section; leave a page of another section for its first leaf.
          if (root.menu.sectionFor(path)?.id !== entry.id) {
            const first = firstLeaf(entry);
            if (first) click(first.path);
          }
        } else click(entry.path);
      }}
    />
  );
});

function firstLeaf(entry: MenuEntry): MenuEntry | null {
  if (entry.children.length === 0) return entry;
  for (const child of entry.children) {
    const leaf = firstLeaf(child);
    if (leaf) return leaf;
  }
  return null;
}

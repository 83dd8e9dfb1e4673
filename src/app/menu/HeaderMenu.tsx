import { observer } from 'mobx-react-lite';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
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
 * Which sections the header shows and which go into the 更多 menu: the first ones that fit in
 * `available` px (leaving room for the 更多 button when some do not), the active section always among
 * the shown ones (it takes the place of the last one that fits). Indexes into `widths`.
 */
export function splitSections(widths: readonly number[], moreWidth: number, available: number, activeIndex: number): { shown: number[]; more: number[] } {
  const all = widths.map((_, i) => i);
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (total <= available) return { shown: all, more: [] };
  const room = available - moreWidth;
  let shown: number[] = [];
  let used = 0;
  for (const i of all) {
    if (used + (widths[i] ?? 0) > room) break;
    shown.push(i);
    used += widths[i] ?? 0;
  }
  if (activeIndex >= 0 && !shown.includes(activeIndex)) {
    // Drop from the end until the active section fits beside the others.
    const activeWidth = widths[activeIndex] ?? 0;
    while (shown.length > 0 && shown.reduce((sum, i) => sum + (widths[i] ?? 0), 0) + activeWidth > room) shown = shown.slice(0, -1);
    if (activeWidth <= room) shown = [...shown, activeIndex].sort((a, b) => a - b);
  }
  return { shown, more: all.filter((i) => !shown.includes(i)) };
}

/**
 * The horizontal header menu (spec §2.4): one entry per section. When they are wider than the space
 * the header leaves them, the sections that do not fit go into a 更多 (More) menu at the end, the
 * way the consoles people use all day do, instead of a strip scrolled with arrows (docs/console.md).
 * The widths are measured on an invisible copy of the entries; a ResizeObserver on the menu and on
 * that copy (window resizes, the aside toggling, a language switch, late fonts) reruns the check,
 * throttled to 300 ms (leading and trailing).
 */
export function HeaderMenuView({ sections, activeId, onSelect }: HeaderMenuViewProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const moreMenu = useRef<Menu>(null);
  const [split, setSplit] = useState<{ shown: number[]; more: number[] }>(() => ({ shown: sections.map((_, i) => i), more: [] }));
  const [moreOpen, setMoreOpen] = useState(false);
  const activeIndex = sections.findIndex((entry) => entry.id === activeId);

  const fit = useCallback(() => {
    const el = box.current;
    const copy = measure.current;
    if (!el || !copy) return;
    const widths = [...copy.querySelectorAll<HTMLElement>('[data-measure="item"]')].map((item) => item.getBoundingClientRect().width);
    const moreWidth = copy.querySelector<HTMLElement>('[data-measure="more"]')?.getBoundingClientRect().width ?? 0;
    const next = splitSections(widths, moreWidth, el.clientWidth, activeIndex);
    setSplit((old) => (old.shown.join() === next.shown.join() && old.more.join() === next.more.join() ? old : next));
  }, [activeIndex]);

  useLayoutEffect(() => {
    fit();
    const throttled = throttle(fit, RESIZE_THROTTLE_MS);
    const observer = new ResizeObserver(() => throttled.run());
    if (box.current) observer.observe(box.current);
    if (measure.current) observer.observe(measure.current);
    return () => {
      observer.disconnect();
      throttled.cancel();
    };
  }, [fit, sections]);

  const shown = split.shown.map((i) => sections[i]).filter((entry): entry is MenuEntry => !!entry);
  const more = split.more.map((i) => sections[i]).filter((entry): entry is MenuEntry => !!entry);
  const moreActive = more.some((entry) => entry.id === activeId);
  const moreItems: MenuItem[] = more.map((entry) => ({
    label: entry.title,
    command: () => onSelect(entry),
    template: (item, options) => (
      <div className={`p-menuitem-content${entry.id === activeId ? ' is-active' : ''}`} data-testid="header-menu-more-item">
        <a className={options.className} href="#" tabIndex={-1} onClick={(event) => event.preventDefault()} aria-current={entry.id === activeId ? 'true' : undefined}>
          <i className={`${menuIconClass(entry.icon, entry.catalog)} p-menuitem-icon`} aria-hidden="true" />
          <span className={options.labelClassName}>{item.label}</span>
        </a>
      </div>
    ),
  }));

  /** ← → move between the entries (a menubar). */
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    event.preventDefault();
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : (at + (event.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <div ref={box} className={`console-header-menu${more.length > 0 ? ' has-more' : ''}`} data-testid="header-menu">
      <div ref={measure} className="console-header-menu-measure" aria-hidden="true">
        {sections.map((entry) => (
          <span key={entry.id} className="console-header-menu-item" data-measure="item">
            <i className={menuIconClass(entry.icon, entry.catalog)} />
            <span>{entry.title}</span>
          </span>
        ))}
        <span className="console-header-menu-item console-header-menu-more" data-measure="more">
          <span>{t('shell.more')}</span>
          <i className="pi pi-angle-down" />
        </span>
      </div>
      <ul role="menubar" aria-label={t('shell.sections')} onKeyDown={onKeyDown}>
        {shown.map((entry) => (
          <li key={entry.id} role="none">
            <button
              type="button"
              role="menuitem"
              className={`console-header-menu-item${entry.id === activeId ? ' is-active' : ''}`}
              aria-current={entry.id === activeId ? 'true' : undefined}
              data-testid="header-menu-item"
              onClick={() => onSelect(entry)}
            >
              <i className={menuIconClass(entry.icon, entry.catalog)} aria-hidden="true" />
              <span>{entry.title}</span>
            </button>
          </li>
        ))}
        {more.length > 0 && (
          <li role="none">
            <button
              type="button"
              role="menuitem"
              aria-haspopup="menu"
              aria-expanded={moreOpen}
              className={`console-header-menu-item console-header-menu-more${moreActive ? ' is-active' : ''}`}
              data-testid="header-menu-more"
              onClick={(event) => moreMenu.current?.toggle(event)}
            >
              <span>{t('shell.more')}</span>
              <i className="pi pi-angle-down" aria-hidden="true" />
            </button>
          </li>
        )}
      </ul>
      {more.length > 0 && (
        <Menu
          model={moreItems}
          popup
          ref={moreMenu}
          className="console-header-more-menu"
          data-testid="header-menu-more-list"
          onShow={() => setMoreOpen(true)}
          onHide={() => setMoreOpen(false)}
        />
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

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabCommand } from '../../stores/tabs';

export const COMMAND_LABELS: Record<TabCommand, string> = {
  refresh: 'shell.tabRefresh',
  closeLeft: 'shell.tabCloseLeft',
  closeRight: 'shell.tabCloseRight',
  closeOthers: 'shell.tabCloseOthers',
  closeAll: 'shell.tabCloseAll',
};

export const COMMAND_ICONS: Record<TabCommand, string> = {
  refresh: 'pi-refresh',
  closeLeft: 'pi-arrow-left',
  closeRight: 'pi-arrow-right',
  closeOthers: 'pi-times',
  closeAll: 'pi-times-circle',
};

export interface TabMenuProps {
  commands: readonly string[];
  position: { left: number; top: number };
  onCommand(command: string): void;
  onClose(): void;
  testId: string;
}

/** A small command menu (tab context menu and dropdown): closes on outside click, Escape or a choice. */
export function TabMenu({ commands, position, onCommand, onClose, testId }: TabMenuProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // Focus moves into the menu and goes back to where it was when the menu closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const list = ref.current;
    list?.querySelector('button')?.focus();
    const down = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key === 'Tab') onClose();
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Home' || event.key === 'End') {
        const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
        if (items.length === 0) return;
        event.preventDefault();
        const at = items.indexOf(document.activeElement as HTMLButtonElement);
        const next =
          event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : (at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
        items[next]?.focus();
      }
    };
    document.addEventListener('mousedown', down);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('mousedown', down);
      document.removeEventListener('keydown', key);
      if (opener?.isConnected && (document.activeElement === document.body || list?.contains(document.activeElement))) opener.focus();
    };
  }, [onClose]);
  return (
    <ul ref={ref} className="console-tab-menu" role="menu" style={{ left: position.left, top: position.top }} data-testid={testId}>
      {commands.map((command) => {
        const label = (COMMAND_LABELS as Record<string, string | undefined>)[command];
        const icon = (COMMAND_ICONS as Record<string, string | undefined>)[command];
        return (
          <li key={command} role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                onCommand(command);
                onClose();
              }}
            >
              <i className={`pi ${icon ?? 'pi-question'}`} aria-hidden="true" />
              {label ? t(label) : command}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

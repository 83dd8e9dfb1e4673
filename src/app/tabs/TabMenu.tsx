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
    ref.current?.querySelector('button')?.focus();
    const down = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('mousedown', down);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('mousedown', down);
      document.removeEventListener('keydown', key);
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

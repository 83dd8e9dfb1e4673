import type { ReactNode, MouseEvent } from 'react';

export interface HeaderToolProps {
  /** Tooltip and accessible name. */
  tip: string;
  testId: string;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
  children: ReactNode;
  pressed?: boolean;
  haspopup?: 'menu' | 'dialog' | 'true';
  /** Whether the popover or dialog this button opens is open: the tooltip then stays hidden. */
  expanded?: boolean;
  /** Text the button shows (a badge, a language code): it leads the accessible name, as people see it. */
  shown?: string;
}

/**
 * One icon button of the header with a tooltip (CSS, shown on hover and keyboard focus, hidden while
 * the button's own popover is open: `aria-expanded`).
 */
export function HeaderTool({ tip, testId, onClick, children, pressed, haspopup, expanded, shown }: HeaderToolProps) {
  return (
    <button
      type="button"
      className="console-icon-button header-tool"
      data-testid={testId}
      data-tip={tip}
      aria-label={shown ? `${shown} ${tip}` : tip}
      aria-pressed={pressed}
      aria-haspopup={haspopup}
      aria-expanded={haspopup ? !!expanded : undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

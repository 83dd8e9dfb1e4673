import type { ReactNode, MouseEvent } from 'react';

export interface HeaderToolProps {
  /** Tooltip and accessible name. */
  tip: string;
  testId: string;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
  children: ReactNode;
  pressed?: boolean;
  haspopup?: 'menu' | 'dialog' | 'true';
}

/** One icon button of the header with a tooltip (CSS, shown on hover and focus). */
export function HeaderTool({ tip, testId, onClick, children, pressed, haspopup }: HeaderToolProps) {
  return (
    <button
      type="button"
      className="console-icon-button header-tool"
      data-testid={testId}
      data-tip={tip}
      aria-label={tip}
      aria-pressed={pressed}
      aria-haspopup={haspopup}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

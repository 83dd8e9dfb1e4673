import type { ButtonHTMLAttributes, ComponentProps } from 'react';

/**
 * Native inputs and buttons wearing PrimeReact's theme classes. The login page uses these instead of
 * PrimeReact's React components so that its JavaScript stays small (the components pull in tooltip,
 * ripple and their runtime); they look the same because the theme styles the classes.
 */

export function TextInput({ invalid, className, ...props }: ComponentProps<'input'> & { invalid?: boolean }) {
  const classes = ['p-inputtext', 'p-component', invalid ? 'p-invalid' : '', className ?? ''].filter(Boolean).join(' ');
  return <input {...props} className={classes} aria-invalid={invalid || undefined} />;
}

export interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  loading?: boolean;
  icon?: string;
}

export function ActionButton({ label, loading = false, icon, disabled, className, ...props }: ActionButtonProps) {
  const off = disabled || loading;
  const classes = ['p-button', 'p-component', loading ? 'p-button-loading' : '', off ? 'p-disabled' : '', className ?? ''].filter(Boolean).join(' ');
  const iconClass = loading ? 'pi pi-spin pi-spinner' : icon;
  return (
    <button type="button" {...props} disabled={off} aria-busy={loading || undefined} className={classes}>
      {iconClass && <span className={`p-button-icon p-button-icon-left ${iconClass}`} aria-hidden="true" />}
      <span className="p-button-label">{label}</span>
    </button>
  );
}

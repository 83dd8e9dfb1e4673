import type { ReactNode } from 'react';

/**
 * The sign-in page's icons, drawn inline: the page is prerendered into index.html (scripts/prerender.ts)
 * and painted before any stylesheet or font arrives, so its icons must not wait for the icon font (the
 * rest of the console keeps PrimeIcons, which the full stylesheet brings after sign-in).
 *
 * Each icon is drawn on a 16-unit grid of simple strokes and shown 1em wide and high, in `currentColor`:
 * CSS sizes and colours them as it did the font's glyphs. The view keeps the grid's middle 14 units, so
 * the drawing fills the square about as the font's glyphs filled theirs (strokes at the edge may
 * overflow it a little, hence `overflow="visible"`). They are decoration only (`aria-hidden`), never
 * focusable.
 */
function Icon({ name, className, children }: { name: string; className?: string; children: ReactNode }) {
  return (
    <svg
      className={`login-icon login-icon-${name}${className ? ` ${className}` : ''}`}
      viewBox="1 1 14 14"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      overflow="visible"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** A head over shoulders. */
export function UserIcon() {
  return (
    <Icon name="user">
      <circle cx={8} cy={5.25} r={2.75} />
      <path d="M2.75 14.25c0-2.9 2.35-5 5.25-5s5.25 2.1 5.25 5" />
    </Icon>
  );
}

/** A padlock: body and shackle. */
export function LockIcon() {
  return (
    <Icon name="lock">
      <rect x={3} y={7} width={10} height={7.5} rx={1.5} />
      <path d="M5.25 7V5a2.75 2.75 0 0 1 5.5 0v2" />
    </Icon>
  );
}

/** An open eye: the password is hidden, a click shows it. */
export function EyeIcon() {
  return (
    <Icon name="eye">
      <path d="M1.25 8C2.9 5.1 5.2 3.5 8 3.5s5.1 1.6 6.75 4.5C13.1 10.9 10.8 12.5 8 12.5S2.9 10.9 1.25 8z" />
      <circle cx={8} cy={8} r={2} />
    </Icon>
  );
}

/** The eye struck through: the password is shown, a click hides it. */
export function EyeSlashIcon() {
  return (
    <Icon name="eye-slash">
      <path d="M1.25 8C2.9 5.1 5.2 3.5 8 3.5s5.1 1.6 6.75 4.5C13.1 10.9 10.8 12.5 8 12.5S2.9 10.9 1.25 8z" />
      <circle cx={8} cy={8} r={2} />
      <path d="M2.5 2.5l11 11" />
    </Icon>
  );
}

/** A tick in a ring (the captcha field). */
export function VerifiedIcon() {
  return (
    <Icon name="verified">
      <circle cx={8} cy={8} r={6.25} />
      <path d="M5.25 8.25l1.85 1.85 3.65-3.85" />
    </Icon>
  );
}

/** An exclamation mark in a ring (the error box). */
export function ExclamationCircleIcon() {
  return (
    <Icon name="exclamation">
      <circle cx={8} cy={8} r={6.25} />
      <path d="M8 4.75v3.75" />
      <circle cx={8} cy={11.1} r={0.8} fill="currentColor" stroke="none" />
    </Icon>
  );
}

/** Three quarters of a ring over a faint full one, turned by CSS (`.login-spin` in login.css). */
export function SpinnerIcon() {
  return (
    <Icon name="spinner" className="login-spin">
      <circle cx={8} cy={8} r={6} opacity={0.25} />
      <path d="M8 2a6 6 0 1 1-6 6" />
    </Icon>
  );
}

/** Axes with a rising line. */
export function ChartLineIcon() {
  return (
    <Icon name="chart-line">
      <path d="M2 2v12h12" />
      <path d="M4.5 10.5l2.75-3.25 2.5 2 3.75-4.75" />
    </Icon>
  );
}

/** A wallet with its clasp. */
export function WalletIcon() {
  return (
    <Icon name="wallet">
      <path d="M3.5 4.5l6.75-2.25a.8.8 0 0 1 1 .75v1.5" />
      <rect x={1.75} y={4.5} width={12.5} height={9.25} rx={1.5} />
      <path d="M14.25 7.25h-2.75a1.6 1.6 0 0 0 0 3.25h2.75" />
      <circle cx={11.6} cy={8.9} r={0.6} fill="currentColor" stroke="none" />
    </Icon>
  );
}

/** Four tiles. */
export function TilesIcon() {
  return (
    <Icon name="tiles">
      <rect x={2} y={2} width={4.5} height={4.5} rx={1} />
      <rect x={9.5} y={2} width={4.5} height={4.5} rx={1} />
      <rect x={2} y={9.5} width={4.5} height={4.5} rx={1} />
      <rect x={9.5} y={9.5} width={4.5} height={4.5} rx={1} />
    </Icon>
  );
}

/** An arrow into a door frame: the default for another way to sign in. */
export function SignInIcon() {
  return (
    <Icon name="sign-in">
      <path d="M9.5 2h2.75A1.75 1.75 0 0 1 14 3.75v8.5A1.75 1.75 0 0 1 12.25 14H9.5" />
      <path d="M2 8h8" />
      <path d="M7 5l3 3-3 3" />
    </Icon>
  );
}

/** A key: bow and bit. */
export function KeyIcon() {
  return (
    <Icon name="key">
      <circle cx={5} cy={11} r={3} />
      <path d="M7.15 8.85L13.5 2.5" />
      <path d="M11.25 4.75l1.75 1.75" />
      <path d="M9.5 6.5l1.25 1.25" />
    </Icon>
  );
}

/**
 * A plugin's sign-in link names its icon as PrimeIcons classes (`pi pi-sign-in`, shared with the rest
 * of the console); here it is drawn from the ones above, and any other name gets the sign-in arrow.
 */
export function LoginLinkIcon({ icon }: { icon: string }) {
  const names = icon.split(/\s+/);
  if (names.includes('pi-key')) return <KeyIcon />;
  if (names.includes('pi-user')) return <UserIcon />;
  if (names.includes('pi-lock')) return <LockIcon />;
  if (names.includes('pi-verified')) return <VerifiedIcon />;
  return <SignInIcon />;
}

/**
 * What the page did before the console's scripts ran (index.html's inline boot scripts, see
 * src/app/boot/boot-script.ts): whether the prerendered login form is on screen, and whether someone
 * pressed 登录 before it was hydrated (the inline script held that submit back instead of letting the
 * browser post the form).
 */
export interface BootState {
  /** The prerendered login form was put into #root (only on /login). */
  prerendered: boolean;
  /** The language of that markup ('zh-chs' or 'en'). */
  language: string;
  /** A submit was held back before hydration. */
  submitPending: boolean;
  /** Set once the console has taken over the markup: submits are its own from then on. */
  hydrated: boolean;
}

declare global {
  interface Window {
    __CONSOLE_BOOT__?: BootState;
  }
}

function bootState(): BootState | undefined {
  return typeof window === 'undefined' ? undefined : window.__CONSOLE_BOOT__;
}

/** True once, when a submit was held back before hydration; the console takes it over from here. */
export function takePrehydrationSubmit(): boolean {
  const state = bootState();
  if (!state) return false;
  state.hydrated = true;
  const pending = state.submitPending;
  state.submitPending = false;
  return pending;
}

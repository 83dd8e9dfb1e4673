import { lazy, useState, type ComponentType, type ReactElement } from 'react';

/** A lazily loaded component whose module can be asked for ahead of its first render. */
export interface Preloadable<P extends object> {
  (props: P): ReactElement;
  /** Starts loading the module (once); resolves when it is there. A failed load can be asked for again. */
  preload(): Promise<void>;
  /** Whether the module has arrived (a render now shows it at once). */
  ready(): boolean;
}

/**
 * React.lazy, plus `preload()`. A component rendered after its module has arrived renders it at once:
 * React.lazy alone suspends on every first render (it cannot see that a promise has settled), and React
 * throttles the reveal of suspended content to 300 ms after the fallback was shown. On the way from the
 * sign-in to the dashboard, three nested lazy parts (the console, the layout, the dashboard page) each
 * cost up to those 300 ms (login → dashboard took 890 ms, 580 ms before the login-only boot).
 * Each mounted instance keeps the way it started (direct or lazy), so it is never remounted.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(start);
  function PreloadableComponent(props: P): ReactElement {
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  PreloadableComponent.preload = () => start().then(() => undefined);
  PreloadableComponent.ready = () => loaded !== null;
  return PreloadableComponent;
}

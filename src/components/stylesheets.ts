/**
 * index.html loads the full stylesheets without blocking the first paint (the login page's own rules
 * are inlined; scripts/prerender.ts). Anything else the console renders waits for them, so no page
 * ever shows unstyled: the first render off the login page, and the lazy routes (the layout after
 * signing in). Resolves at once where there are none (dev server, tests, stories).
 */
let ready: Promise<void> | null = null;

export function stylesheetsReady(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): Promise<void> {
  if (!doc) return Promise.resolve();
  ready ??= Promise.all(
    Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map(
      (link) =>
        new Promise<void>((resolve) => {
          const apply = () => {
            // Loaded with media="print" and switched by its onload; do it here too (a blocked inline handler).
            if (link.media === 'print') link.media = 'all';
            resolve();
          };
          if (link.sheet) return apply();
          link.addEventListener('load', apply, { once: true });
          // A stylesheet that cannot load must not keep the console from rendering.
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
  return ready;
}

/** A lazy module that also waits for the stylesheets (for React.lazy). */
export function withStylesheets<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), stylesheetsReady()]).then(([module]) => module);
}

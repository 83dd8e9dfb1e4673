import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

/** A module whose page counts its mounts. */
function pageModule(mounts: { count: number }) {
  function Page({ label }: { label: string }) {
    useEffect(() => {
      mounts.count += 1;
    }, []);
    return <p data-testid="page">{label}</p>;
  }
  return { default: Page };
}

function host(Component: (props: { label: string }) => React.ReactElement, label: string) {
  return (
    <Suspense fallback={<p data-testid="fallback">loading</p>}>
      <Component label={label} />
    </Suspense>
  );
}

describe('preloadable', () => {
  it('renders a preloaded module at once: the fallback is never shown, and the module loads once', async () => {
    let loads = 0;
    const mounts = { count: 0 };
    const Page = preloadable(async () => {
      loads += 1;
      return pageModule(mounts);
    });
    await Page.preload();
    await Page.preload();
    render(host(Page, 'dashboard'));
    // Synchronously after the first render, no microtask in between.
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(screen.getByTestId('page').textContent).toBe('dashboard');
    expect(loads).toBe(1);
  });

  it('without a preload behaves like React.lazy: the fallback, then the page, mounted once through re-renders', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const mounts = { count: 0 };
    const Page = preloadable(async () => {
      await gate;
      return pageModule(mounts);
    });
    const view = render(host(Page, 'first'));
    expect(screen.getByTestId('fallback')).toBeTruthy();
    await act(async () => {
      release();
      await gate;
    });
    expect(await screen.findByTestId('page')).toBeTruthy();
    // The module has arrived now; the instance that started lazily stays that one (no remount).
    view.rerender(host(Page, 'second'));
    expect(screen.getByTestId('page').textContent).toBe('second');
    expect(mounts.count).toBe(1);
  });

  it('a failed load can be asked for again', async () => {
    let attempts = 0;
    const mounts = { count: 0 };
    const Page = preloadable(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return pageModule(mounts);
    });
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await Page.preload();
    render(host(Page, 'again'));
    expect(screen.getByTestId('page').textContent).toBe('again');
    expect(attempts).toBe(2);
  });
});

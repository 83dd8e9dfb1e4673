import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Activity } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { StoreProvider } from '../../components/store-context';
import { createI18n } from '../../i18n';
import { createPageRegistry, type PageModule } from '../../pages/registry';
import { fakeApi } from '../../test/fake-api';
import { rootFixture } from '../../test/root-fixture';
import { menuItem } from '../../test/samples';
import { resolveShellRoute } from '../shell-routes';
import { PageFrame } from './PageFrame';

const menu = [
  menuItem(1, null, '系统管理'),
  menuItem(2, 1, '用户管理', { path: '/user', web_path: '/user', component: 'system/user/index' }),
  menuItem(3, 1, '角色管理', { path: '/role', web_path: '/role', component: 'system/role/index' }),
];

/** A page chunk that arrives only when the test says so (or never). */
function pendingChunk() {
  let arrive: (module: PageModule) => void = () => undefined;
  const promise = new Promise<PageModule>((resolve) => {
    arrive = resolve;
  });
  return { promise, arrive };
}

/** `chunkTimeoutMs`: short only where the timeout is the subject; else long enough for a loaded machine. */
function setup(hidden = false, chunkTimeoutMs = 60_000) {
  const { root } = rootFixture(fakeApi({}), { uuid: '1', token: 't' });
  root.menu.setItems(menu);
  let userChunk = pendingChunk();
  let userLoads = 0;
  const registry = createPageRegistry(
    {
      '../features/system/pages/system/user/index.tsx': () => {
        userLoads += 1;
        return userChunk.promise;
      },
      '../features/system/pages/system/role/index.tsx': () => Promise.resolve({ default: () => <p>role page</p> }),
    },
    {},
    { chunkTimeoutMs },
  );
  const location = memoryLocation({ path: '/user' });
  const frame = (path: string) => {
    const route = resolveShellRoute(root, path, registry);
    if (!route) throw new Error(`no route for ${path}`);
    return <PageFrame route={route} path={path} />;
  };
  render(
    <StoreProvider store={root}>
      <I18nextProvider i18n={createI18n('zh-chs')}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <div data-testid="user-tab">
            <Activity mode={hidden ? 'hidden' : 'visible'}>{frame('/user')}</Activity>
          </div>
          <div data-testid="role-tab">{frame('/role')}</div>
        </Router>
      </I18nextProvider>
    </StoreProvider>,
  );
  return {
    root,
    loads: () => userLoads,
    currentChunk: () => userChunk,
    freshChunk: () => {
      userChunk = pendingChunk();
      return userChunk;
    },
  };
}

describe('PageFrame: a page chunk that never arrives (spec §8: fails after 120 s)', () => {
  it('shows a message after the timeout, logs it once, and the other tabs keep working; retry loads it again', async () => {
    const { root, loads, freshChunk } = setup(false, 40);
    expect(await screen.findByText('role page')).toBeTruthy();
    const failed = await screen.findByTestId('page-load-failed', {}, { timeout: 2000 });
    expect(failed.textContent).toContain('页面加载超时');
    expect(root.log.entries).toHaveLength(1);
    expect(root.log.entries[0]).toMatchObject({ type: 'danger', meta: { url: 'http://console.test/user?status=1&q=a%20b' } });
    expect(root.log.entries[0]?.message).toContain('system/user/index');
    expect(screen.getByText('role page')).toBeTruthy();

    const chunk = freshChunk();
    fireEvent.click(screen.getByTestId('page-load-retry'));
    expect(loads()).toBe(2);
    await act(async () => {
      chunk.arrive({ default: () => <p>user page</p> });
      await chunk.promise;
    });
    expect(await screen.findByText('user page')).toBeTruthy();
    expect(root.log.entries).toHaveLength(1);
  });
});

describe('PageFrame: a page whose chunk is on its way', () => {
  it('shows its loading state, then the page once the chunk is there, loaded once', async () => {
    const { loads, currentChunk } = setup();
    const chunk = currentChunk();
    const tab = screen.getByTestId('user-tab');
    expect(tab.querySelector('.console-page-loading')).toBeTruthy();
    await act(async () => {
      chunk.arrive({ default: () => <p>user page</p> });
      await chunk.promise;
    });
    expect(tab.textContent).toContain('user page');
    expect(tab.querySelector('.console-page-loading')).toBeNull();
    expect(loads()).toBe(1);
  });
});

describe('PageFrame: a tab restored behind others (rendered hidden)', () => {
  it('loads its page while hidden (effects of hidden tabs wait), so it is there when shown', async () => {
    const { loads, currentChunk } = setup(true);
    const chunk = currentChunk();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(loads()).toBe(1);
    await act(async () => {
      chunk.arrive({ default: () => <p>user page</p> });
      await chunk.promise;
    });
    expect(screen.getByTestId('user-tab').textContent).toContain('user page');
  });
});

import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { StoreProvider } from '../components/store-context';
import { createI18n } from '../i18n';
import { fakeApi } from '../test/fake-api';
import { rootFixture } from '../test/root-fixture';
import { sampleDepts, sampleDictionaries, sampleMenu, sampleUser } from '../test/samples';
import { RouteGuard } from './RouteGuard';

function renderGuard(path: string, api: ReturnType<typeof fakeApi>, cookies: Record<string, string> = {}) {
  const { root } = rootFixture(api, cookies);
  const location = memoryLocation({ path, record: true });
  render(
    <StoreProvider store={root}>
      <I18nextProvider i18n={createI18n('zh-chs')}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <RouteGuard>
            <div data-testid="guarded">layout</div>
          </RouteGuard>
        </Router>
      </I18nextProvider>
    </StoreProvider>,
  );
  return { root, location };
}

describe('RouteGuard (spec §4)', () => {
  it('keeps the encoding of the original query in the login redirect', () => {
    const { location } = renderGuard('/user?status=1&q=a%20b', fakeApi({}));
    expect(location.history.at(-1)).toBe(`/login?redirect=${encodeURIComponent('/user?status=1&q=a%20b')}`);
  });

  it('lets the layout load for a user whose user_info has an empty name (spec §2.4: 未登录)', async () => {
    const api = fakeApi({
      userInfo: async () => ({ ...sampleUser, name: '' }),
      settings: async () => ({}),
      dictionary: (async () => sampleDictionaries) as never,
      allDept: async () => sampleDepts,
      webRouter: async () => sampleMenu,
    });
    const { root } = renderGuard('/index', api, { uuid: '1', token: 'access-0', refresh: 'refresh-0' });
    expect(await screen.findByTestId('guarded', {}, { timeout: 3000 })).toBeTruthy();
    expect(root.session.user?.username).toBe('superadmin');
    expect(root.bootState).toBe('ready');
    expect(screen.queryByText('正在加载用户信息…')).toBeNull();
  });
});

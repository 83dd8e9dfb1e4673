import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { loginResult, oauth2Config, oauth2LoginInput } from '../../../contracts/schemas';
import { memoryOAuth2State, storyConsole } from '../../../stories/console';
import { failure, loginData, ok } from '../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../stories/mocks/handlers';
import OAuth2Page from './OAuth2Page';
import { componentOn } from '../../../stories/kit';

const exchanged: unknown[] = [];
function oauth2Backend(enabled: boolean): MockBackend {
  const base = mockBackend();
  const handlers = [
    http.get('*/api/oauth2/config/', () =>
      HttpResponse.json(
        ok(oauth2Config, enabled ? { enabled: true, provider: 'Stand-in', authorizeUrl: 'https://id.example.test/authorize', clientId: 'console-client', scope: 'openid profile' } : { enabled: false }),
      ),
    ),
    http.post('*/api/oauth2/login/', async ({ request }) => {
      const body = oauth2LoginInput.parse(await request.json());
      exchanged.push(body);
      return HttpResponse.json(body.code === 'good-code' ? ok(loginResult, loginData, '登录成功') : failure(400, '授权码无效或已过期'));
    }),
  ];
  return new MockBackend([...handlers, ...base.handlers], base.state, () => {
    base.reset();
    exchanged.length = 0;
  });
}

const stateStore = memoryOAuth2State();
const left: string[] = [];
const ORIGIN = 'http://console.test';

const meta = { title: 'Plugins/OAuth2', ...componentOn(OAuth2Page, { console: { path: '/oauth2?redirect=%2FuserInfo', oauth2State: stateStore }, backend: oauth2Backend(true) }, { leave: (url: string) => void left.push(url), origin: ORIGIN }) } satisfies Meta<typeof OAuth2Page>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Start: the person goes to the provider with response_type=code, client id, redirect URI and a fresh state. */
export const Start: Story = {
  play: async ({ canvasElement }) => {
    left.length = 0;
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('oauth2-start'));
    await expect(canvas.getByTestId('oauth2-start')).toHaveTextContent('使用 Stand-in 登录');
    const url = new URL(left[0] ?? '');
    await expect(url.origin + url.pathname).toBe('https://id.example.test/authorize');
    await expect(url.searchParams.get('response_type')).toBe('code');
    await expect(url.searchParams.get('client_id')).toBe('console-client');
    await expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/oauth2`);
    const state = url.searchParams.get('state') ?? '';
    await expect(state).toMatch(/^[0-9a-f]{32}$/);
    await expect(stateStore.take()).toEqual({ state, redirect: '/userInfo' });
  },
};

/** Back with code and the right state: the server exchanges the code, the session is stored, on to the redirect. */
export const ReturnWithCode: Story = {
  parameters: { console: { path: '/oauth2?code=good-code&state=s-1' } },
  loaders: [() => stateStore.save({ state: 's-1', redirect: '/userInfo' })],
  play: async (context) => {
    const { storage, location } = storyConsole(context);
    await waitFor(() => expect(location.history.at(-1)).toBe('/userInfo'), { timeout: 5000 });
    await expect(exchanged).toEqual([{ code: 'good-code', redirectUri: `${ORIGIN}/oauth2` }]);
    await expect(storage.cookies.get('token')).toBe(loginData.access);
    await expect(storage.cookies.get('uuid')).toBe(String(loginData.userId));
  },
};

/** A state that does not match the one sent: refused before any call. */
export const StateMismatch: Story = {
  parameters: { console: { path: '/oauth2?code=good-code&state=forged' } },
  loaders: [() => stateStore.save({ state: 's-2', redirect: '/index' })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('oauth2-error')).toHaveTextContent('登录状态校验失败，请重试');
    await expect(exchanged).toEqual([]);
  },
};

/** Without a configured provider the page says so. */
export const NotConfigured: Story = {
  parameters: { backend: oauth2Backend(false) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('oauth2-off')).toHaveTextContent('未配置第三方登录');
  },
};

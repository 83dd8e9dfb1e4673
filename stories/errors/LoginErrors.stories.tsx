import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import LoginPage from '../../src/pages/login/LoginPage';
import { storyBackend, storyConsole } from '../console';
import { captchaAnswer, failure, PASSWORD } from '../mocks/fixtures';
import { MockBackend, mockBackend } from '../mocks/handlers';
import { componentOn } from '../kit';

/**
 * The login form's error states on MSW: each server answer of spec §8 a sign-in can meet shows in
 * the form (data-testid login-error), nothing is stored, and a 401 there never triggers a refresh.
 */

function loginAnswering(answer: () => Response, captcha = false): MockBackend {
  const base = mockBackend({ captcha });
  return new MockBackend([http.post('*/api/login/', answer), ...base.handlers], base.state, base.reset);
}

const meta = { title: 'Errors/Login form', ...componentOn(LoginPage, { console: { path: '/login' }, backend: mockBackend() }) } satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function submit(canvasElement: HTMLElement, password = PASSWORD, captcha?: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByTestId('login-username'), 'superadmin');
  await userEvent.type(canvas.getByTestId('login-password'), password);
  if (captcha !== undefined) await userEvent.type(canvas.getByTestId('login-captcha'), captcha);
  await userEvent.click(canvas.getByTestId('login-submit'));
  return canvas.findByTestId('login-error');
}

/** A wrong captcha answer: 图片验证码错误, and a fresh challenge replaces the used one. */
export const WrongCaptcha: Story = {
  play: async (context) => {
    await within(context.canvasElement).findByTestId('login-captcha-image');
    const error = await submit(context.canvasElement, PASSWORD, `${captchaAnswer(1)}9`);
    await expect(error).toHaveTextContent('图片验证码错误');
    await waitFor(() => expect(storyBackend(context).state.captchaIssued).toBe(2));
  },
};

/** 401 on the login call is a wrong password: shown in the form, no token refresh attempted. */
export const WrongPasswordNeverRefreshes: Story = {
  parameters: { backend: mockBackend({ captcha: false }) },
  play: async (context) => {
    const error = await submit(context.canvasElement, 'wrong-password');
    await expect(error).toHaveTextContent('账号/密码错误');
    await expect(storyBackend(context).state.refreshes).toBe(0);
    await expect(storyConsole(context).storage.cookies.get('token')).toBeNull();
  },
};

/** A 4000 from the server (e.g. a disabled account) shows its text. */
export const AccountDisabled: Story = {
  parameters: { backend: loginAnswering(() => HttpResponse.json(failure(4000, '该账号已被禁用,请联系管理员'))) },
  play: async (context) => {
    await expect(await submit(context.canvasElement)).toHaveTextContent('该账号已被禁用,请联系管理员');
    await expect(storyConsole(context).location.history.at(-1)).toBe('/login');
  },
};

/** An HTTP 502 from a proxy in front of the back end: 网关错误. */
export const GatewayDown: Story = {
  parameters: { backend: loginAnswering(() => new HttpResponse('<h1>502 Bad Gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } })) },
  play: async (context) => {
    await expect(await submit(context.canvasElement)).toHaveTextContent('网关错误');
  },
};

/** No answer at all (network down): 网络连接失败，请检查服务器地址. */
export const NetworkDown: Story = {
  parameters: { backend: loginAnswering(() => HttpResponse.error()) },
  play: async (context) => {
    await expect(await submit(context.canvasElement)).toHaveTextContent('网络连接失败，请检查服务器地址');
  },
};

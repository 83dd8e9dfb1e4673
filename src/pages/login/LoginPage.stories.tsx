import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend, storyConsole } from '../../../stories/console';
import { captchaAnswer, PASSWORD, PASSWORD_MD5, ACCESS_TOKEN } from '../../../stories/mocks/fixtures';
import { mockBackend } from '../../../stories/mocks/handlers';
import { PluginProvider } from '../../plugins/context';
import { EMPTY_PLUGINS } from '../../plugins/types';
import LoginPage from './LoginPage';
import { componentOn } from '../../../stories/kit';

/**
 * The page waits for no icon font (it is prerendered into index.html and painted before the stylesheets):
 * no element with PrimeIcons' `pi` class, and every icon an inline SVG that is hidden from assistive
 * technology and never takes the focus.
 */
async function expectInlineIcons(root: HTMLElement, atLeast: number) {
  await expect(root.querySelectorAll('.pi, [class^="pi-"], [class*=" pi-"]')).toHaveLength(0);
  const icons = [...root.querySelectorAll('.login-icon')];
  await expect(icons.length).toBeGreaterThanOrEqual(atLeast);
  for (const icon of icons) {
    await expect(icon.tagName.toLowerCase()).toBe('svg');
    await expect(icon).toHaveAttribute('aria-hidden', 'true');
    await expect(icon).toHaveAttribute('focusable', 'false');
  }
}

const meta = { title: 'Pages/Login', ...componentOn(LoginPage, { console: { path: '/login?redirect=%2FuserInfo' }, backend: mockBackend() }) } satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Captcha on: username, password, captcha input and image, the 登录 button. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('login-captcha-image')).toBeVisible();
    await expect(canvas.getByTestId('login-username')).toHaveAttribute('placeholder', '请输入用户名');
    await expect(canvas.getByTestId('login-password')).toHaveAttribute('type', 'password');
    await expect(canvas.getByTestId('login-captcha')).toBeVisible();
    await expect(canvas.getByTestId('login-submit')).toHaveTextContent('登录');
    await expect(canvas.getByText('欢迎登录')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('企业级后台管理系统 - 登录'));
    // Icons: user, lock, eye and captcha in the form; three points on the brand panel.
    await expectInlineIcons(canvas.getByTestId('login-form'), 4);
    await expectInlineIcons(canvasElement, 7);
    const user = canvas.getByTestId('login-username').parentElement?.querySelector(':scope > svg.login-icon-user');
    await expect(user).not.toBeNull();
  },
};

/** The eye shows the password and draws itself struck through; a second click hides it again. */
export const PasswordEye: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const password = await canvas.findByTestId('login-password');
    const eye = canvasElement.querySelector('.login-eye') as HTMLElement;
    await expect(eye.querySelector('svg.login-icon-eye')).not.toBeNull();
    await userEvent.click(eye);
    await expect(password).toHaveAttribute('type', 'text');
    await expect(eye.querySelector('svg.login-icon-eye-slash')).not.toBeNull();
    await expectInlineIcons(canvas.getByTestId('login-form'), 4);
    await userEvent.click(eye);
    await expect(password).toHaveAttribute('type', 'password');
    await expect(eye.querySelector('svg.login-icon-eye')).not.toBeNull();
  },
};

/** Signing in stores the session cookies and goes to the redirect target; the password travels as md5. */
export const SignsIn: Story = {
  parameters: { backend: mockBackend({ captcha: false, loginDelayMs: 300 }) },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const { storage, location } = storyConsole(context);
    await userEvent.type(canvas.getByTestId('login-username'), 'superadmin');
    await userEvent.type(canvas.getByTestId('login-password'), PASSWORD);
    await userEvent.click(canvas.getByTestId('login-submit'));
    await waitFor(() => expect(canvas.getByTestId('login-submit')).toBeDisabled());
    // Busy: the button's spinner is the page's own SVG, not the icon font's.
    await expect(canvas.getByTestId('login-submit')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByTestId('login-submit').querySelector('svg.login-icon-spinner.login-spin')).not.toBeNull();
    await expectInlineIcons(canvas.getByTestId('login-form'), 4);
    await waitFor(() => expect(location.history.at(-1)).toBe('/userInfo'));
    await expect(storage.cookies.get('token')).toBe(ACCESS_TOKEN);
    await expect(storyBackend(context).state.logins).toEqual([{ username: 'superadmin', password: PASSWORD_MD5 }]);
  },
};

/** Captcha off on the server: no captcha field, no image. */
export const CaptchaOff: Story = {
  parameters: { backend: mockBackend({ captcha: false }) },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByTestId('login-username')).toBeVisible();
    await waitFor(() => expect(storyConsole(context).app.root.loginPage.getSnapshot().captchaEnabled).toBe(false));
    await expect(canvas.queryByTestId('login-captcha')).toBeNull();
    await expect(canvas.queryByTestId('login-captcha-image')).toBeNull();
  },
};

/**
 * Before the server has said whether captcha is on (the prerendered page's state): the captcha row is
 * there with a spinner for the image, the footer waits for the settings. Captcha off here: once the
 * answers arrive the row goes and the footer shows the settings' texts with the version.
 */
export const BeforeTheServerAnswers: Story = {
  parameters: { backend: mockBackend({ captcha: false, startDelayMs: 800 }) },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const captcha = await canvas.findByTestId('login-captcha');
    await expect(captcha).toBeVisible();
    await expect(canvas.getByTestId('login-captcha-retry').querySelector('svg.login-icon-spinner.login-spin')).not.toBeNull();
    await expectInlineIcons(canvas.getByTestId('login-form'), 5);
    const footer = context.canvasElement.querySelector('.login-footer') as HTMLElement;
    await expect(footer).not.toBeVisible();
    await expect(footer).toHaveTextContent('v2.1.3');
    await waitFor(() => expect(canvas.queryByTestId('login-captcha')).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(footer).toBeVisible());
    await expect(footer).toHaveTextContent(/版权所有/);
  },
};

/** Like the real back end, which has no captcha/status call: the console reads the settings instead, silently. */
export const CaptchaStateFromSettings: Story = {
  parameters: { backend: mockBackend({ captcha: false, withoutCaptchaStatus: true }) },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(storyConsole(context).app.root.loginPage.getSnapshot().captchaEnabled).toBe(false));
    await expect(canvas.queryByTestId('login-captcha-image')).toBeNull();
    await expect(within(document.body).queryByText(/请求地址出错/)).toBeNull();
  },
};

/** A wrong password shows the server's message. */
export const WrongPassword: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await canvas.findByTestId('login-captcha-image');
    await userEvent.type(canvas.getByTestId('login-username'), 'superadmin');
    await userEvent.type(canvas.getByTestId('login-password'), 'not-the-password');
    await userEvent.type(canvas.getByTestId('login-captcha'), captchaAnswer(1));
    await userEvent.click(canvas.getByTestId('login-submit'));
    await expect(await canvas.findByTestId('login-error')).toHaveTextContent('账号/密码错误');
    await expect(canvas.getByTestId('login-error').querySelector('svg.login-icon-exclamation')).not.toBeNull();
    await expectInlineIcons(canvas.getByTestId('login-form'), 5);
    // A captcha is good for one try: a new one is fetched and the field is emptied.
    await waitFor(() => expect(storyBackend(context).state.captchaIssued).toBe(2));
    await expect(canvas.getByTestId('login-captcha')).toHaveValue('');
    await expect(storyConsole(context).storage.cookies.get('token')).toBeNull();
  },
};

/** Without a server message the console says 账号或密码不正确. */
export const WrongPasswordWithoutMessage: Story = {
  parameters: { backend: mockBackend({ captcha: false, wrongPasswordMessage: '' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByTestId('login-username'), 'superadmin');
    await userEvent.type(canvas.getByTestId('login-password'), 'nope');
    await userEvent.click(canvas.getByTestId('login-submit'));
    await expect(await canvas.findByTestId('login-error')).toHaveTextContent('账号或密码不正确');
  },
};

/** Required fields are checked before anything is sent. */
export const MissingFields: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await canvas.findByTestId('login-captcha-image');
    await userEvent.click(canvas.getByTestId('login-submit'));
    const error = await canvas.findByTestId('login-error');
    await expect(error).toHaveTextContent('请输入用户名');
    await expect(error).toHaveTextContent('请输入密码');
    await expect(error).toHaveTextContent('请输入验证码');
    await expect(canvas.getByTestId('login-username')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(canvas.getByTestId('login-username'), 'superadmin');
    await userEvent.click(canvas.getByTestId('login-submit'));
    await expect(canvas.getByTestId('login-error')).not.toHaveTextContent('请输入用户名');
    await expect(storyBackend(context).state.logins).toEqual([]);
  },
};

/** Clicking the captcha image fetches a new challenge. */
export const CaptchaClickReloads: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const image = await canvas.findByTestId('login-captcha-image');
    const first = image.getAttribute('src');
    await userEvent.click(image);
    await waitFor(() => expect(canvas.getByTestId('login-captcha-image').getAttribute('src')).not.toBe(first));
    await expect(storyBackend(context).state.captchaIssued).toBe(2);
  },
};

/**
 * Plugins' sign-in links: shown under the form only when available on this back end (one is, one
 * asks and is told no); a click keeps the login page's redirect query.
 */
export const PluginLoginLinks: Story = {
  decorators: [
    (Story) => (
      <PluginProvider
        plugins={{
          ...EMPTY_PLUGINS,
          names: ['oauth2', 'sso'],
          loginLinks: [
            { path: '/oauth2', labelKey: 'oauth2.title', icon: 'pi pi-sign-in', available: () => Promise.resolve(true) },
            { path: '/sso', labelKey: 'route.login', icon: 'pi pi-key', available: () => Promise.reject(new Error('no such endpoint')) },
          ],
        }}
      >
        <Story />
      </PluginProvider>
    ),
  ],
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const links = await canvas.findAllByTestId('login-link');
    await expect(links.map((link) => link.textContent)).toEqual(['第三方登录']);
    await expect(canvas.getByTestId('login-links')).toHaveTextContent('其他登录方式');
    await expect(links[0]).toHaveAttribute('href', '/oauth2?redirect=%2FuserInfo');
    // The plugin names `pi pi-sign-in`; the page draws its own sign-in arrow.
    await expect(links[0]?.querySelector('svg.login-icon-sign-in')).not.toBeNull();
    await expectInlineIcons(canvas.getByTestId('login-links'), 1);
    await userEvent.click(links[0] as HTMLElement);
    await waitFor(() => expect(storyConsole(context).location.history.at(-1)).toBe('/oauth2?redirect=%2FuserInfo'));
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { runInAction } from 'mobx';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../../stories/console';
import { superadmin } from '../../../stories/mocks/fixtures';
import { PluginProvider } from '../../plugins/context';
import { EMPTY_PLUGINS } from '../../plugins/types';
import { Fullscreen } from './Fullscreen';
import { HeaderToolList } from './HeaderToolList';
import { UserMenu } from './UserMenu';
import './header.css';
import '../layout/layout.css';
import { componentOn } from '../../../stories/kit';

/** Every header tool on its own, in each of its states. */
function Tools() {
  return (
    <div className="console-header" style={{ display: 'flex', gap: 8, padding: 12, justifyContent: 'flex-end' }}>
      <HeaderToolList />
      <UserMenu />
    </div>
  );
}

const meta = { title: 'Header/Tools', ...componentOn(Tools, { console: { path: '/index', signedIn: true, bootstrap: true } }) } satisfies Meta<typeof Tools>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** No log entries: tooltip 没有日志或异常, no badge. */
export const LogEmpty: Story = {
  play: async ({ canvasElement }) => {
    const tool = await within(canvasElement).findByTestId('header-log');
    await expect(tool).toHaveAttribute('data-tip', '没有日志或异常');
    await expect(within(canvasElement).queryByTestId('header-log-badge')).toBeNull();
  },
};

/** Entries with errors: 'N 条日志 | 包含 M 个异常', a danger badge; a click goes to /frontendLog. */
export const LogWithErrors: Story = {
  play: async (context) => {
    const { app, location } = storyConsole(context);
    runInAction(() => {
      app.root.log.add('saved', 'info', '/api/a/');
      app.root.log.add('boom', 'danger', '/api/b/');
      app.root.log.add('bad', 'danger', '/api/c/');
    });
    const canvas = within(context.canvasElement);
    const tool = await canvas.findByTestId('header-log');
    await waitFor(() => expect(tool).toHaveAttribute('data-tip', '3 条日志 | 包含 2 个异常'));
    await expect(canvas.getByTestId('header-log-badge')).toHaveTextContent('3');
    await expect(canvas.getByTestId('header-log-badge')).toHaveClass('is-danger');
    await userEvent.click(tool);
    await expect(location.history.at(-1)).toBe('/frontendLog');
  },
};

/** More than 99 entries: the badge says 99+. */
export const LogCapped: Story = {
  play: async (context) => {
    const { app } = storyConsole(context);
    runInAction(() => {
      for (let i = 0; i < 120; i += 1) app.root.log.add(`entry ${i}`, 'info', '/x');
    });
    const badge = await within(context.canvasElement).findByTestId('header-log-badge');
    await expect(badge).toHaveTextContent('99+');
    await expect(badge).not.toHaveClass('is-danger');
    await expect(within(context.canvasElement).getByTestId('header-log')).toHaveAttribute('data-tip', '120 条日志 | 包含 0 个异常');
  },
};

/** A document whose fullscreen the story controls (headless browsers refuse the real one). */
function fakeFullscreenDocument() {
  const events = new EventTarget();
  const fake = {
    fullscreenElement: null as Element | null,
    documentElement: {
      requestFullscreen: () => {
        fake.fullscreenElement = document.body;
        events.dispatchEvent(new Event('fullscreenchange'));
        return Promise.resolve();
      },
    },
    exitFullscreen: () => {
      fake.fullscreenElement = null;
      events.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    /** The browser leaves fullscreen by itself (Esc, F11). */
    leave() {
      fake.fullscreenElement = null;
      events.dispatchEvent(new Event('fullscreenchange'));
    },
  };
  return fake;
}
const fullscreenDoc = fakeFullscreenDocument();

/** Fullscreen: 全屏, then 退出全屏; leaving fullscreen by the browser resets the flag. */
export const FullscreenStates: Story = {
  render: () => (
    <div className="console-header" style={{ padding: 12 }}>
      <Fullscreen doc={fullscreenDoc as unknown as Document} />
    </div>
  ),
  play: async (context) => {
    const { app } = storyConsole(context);
    const tool = await within(context.canvasElement).findByTestId('header-fullscreen');
    await expect(tool).toHaveAttribute('data-tip', '全屏');
    await userEvent.click(tool);
    await waitFor(() => expect(tool).toHaveAttribute('data-tip', '退出全屏'));
    await expect(app.root.ui.fullscreen).toBe(true);
    await userEvent.click(tool);
    await waitFor(() => expect(tool).toHaveAttribute('data-tip', '全屏'));
    await userEvent.click(tool);
    await waitFor(() => expect(tool).toHaveAttribute('data-tip', '退出全屏'));
    fullscreenDoc.leave();
    await waitFor(() => expect(tool).toHaveAttribute('data-tip', '全屏'));
    await expect(app.root.ui.fullscreen).toBe(false);
  },
};

/** Theme dialog: 600px, seven themes with preview images; 已激活 on the active one, 使用 on others. */
export const ThemeDialogStates: Story = {
  play: async (context) => {
    const { app } = storyConsole(context);
    await userEvent.click(await within(context.canvasElement).findByTestId('header-theme'));
    const dialog = await body().findByRole('dialog');
    await expect(dialog).toHaveTextContent('主题');
    await expect(dialog.style.width).toBe('600px');
    const rows = dialog.querySelectorAll('[data-theme-row]');
    await expect([...rows].map((row) => row.getAttribute('data-theme-row'))).toEqual(['d2', 'chester', 'element', 'violet', 'line', 'star', 'tomorrow-night-blue']);
    await expect(dialog.querySelectorAll('img.theme-preview')).toHaveLength(7);
    await expect(within(dialog).getByTestId('theme-use-d2')).toHaveTextContent('已激活');
    await expect(within(dialog).getByTestId('theme-use-violet')).toHaveTextContent('使用');
    await userEvent.click(within(dialog).getByTestId('theme-use-violet'));
    await waitFor(() => expect(within(dialog).getByTestId('theme-use-violet')).toHaveTextContent('已激活'));
    await expect(within(dialog).getByTestId('theme-use-d2')).toHaveTextContent('使用');
    await expect(document.documentElement.dataset.theme).toBe('violet');
    await expect(await app.root.localDb.get('sys', 'theme.activeName', { user: true, defaultValue: '' })).toBe('violet');
  },
};

/** Size menu: four sizes; a choice sets data-size and shows 已更新页面内组件的默认尺寸. */
export const SizeMenuChoice: Story = {
  play: async (context) => {
    const { app } = storyConsole(context);
    await expect(document.documentElement.dataset.size).toBe('default');
    await userEvent.click(await within(context.canvasElement).findByTestId('header-size'));
    await expect(await body().findByTestId('size-default')).toHaveAttribute('aria-current', 'true');
    for (const size of ['medium', 'small', 'mini']) await waitFor(() => expect(body().getByTestId(`size-${size}`)).toBeVisible());
    await userEvent.click(body().getByTestId('size-mini'));
    await expect(await body().findByText('已更新页面内组件的默认尺寸', {}, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(document.documentElement.dataset.size).toBe('mini'));
    await expect(app.root.theme.size).toBe('mini');
  },
};

/** Colour picker: seven presets plus a free choice; the primary colour of every component follows. */
export const ColorChoice: Story = {
  play: async (context) => {
    const { app } = storyConsole(context);
    const html = document.documentElement;
    await waitFor(() => expect(html.style.getPropertyValue('--primary-color')).toBe('#409eff'));
    await userEvent.click(await within(context.canvasElement).findByTestId('header-color'));
    const presets = await body().findAllByRole('option');
    await expect(presets.map((p) => p.getAttribute('aria-label'))).toEqual(['#ff4500', '#ff8c00', '#ffd700', '#90ee90', '#00ced1', '#1e90ff', '#c71585']);
    await userEvent.click(body().getByTestId('color-c71585'));
    await waitFor(() => expect(html.style.getPropertyValue('--primary-color')).toBe('#c71585'));
    await expect(await app.root.localDb.get('sys', 'color.value', { user: true, defaultValue: '' })).toBe('#c71585');
    await userEvent.click(body().getByTestId('color-reset'));
    await waitFor(() => expect(app.root.theme.color).toBe('#409EFF'));
  },
};

/** Language menu: switching to English changes the texts at once and stores the cookie. */
export const LanguageChoice: Story = {
  play: async (context) => {
    const { storage } = storyConsole(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByTestId('user-menu')).toHaveTextContent('你好 超级管理员');
    await userEvent.click(canvas.getByTestId('header-language'));
    await userEvent.click(await body().findByTestId('language-en'));
    // The English texts are a chunk of their own: under load their import can take longer than waitFor's default second.
    await waitFor(() => expect(canvas.getByTestId('header-fullscreen')).toHaveAttribute('data-tip', 'Fullscreen'), { timeout: 10_000 });
    await expect(storage.cookies.get('lang')).toBe('en');
    await expect(canvas.getByTestId('header-log')).toHaveAttribute('data-tip', 'No logs or errors');
  },
};

/** Layout settings: container, smooth scrolling, transitions and gray mode. */
export const LayoutChoices: Story = {
  play: async (context) => {
    const html = document.documentElement;
    const button = await within(context.canvasElement).findByTestId('header-layout');
    await userEvent.click(button);
    // The tooltip of the button hides while its popover is open (the pointer still hovers the button).
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(getComputedStyle(button, '::after').visibility).toBe('hidden'));
    // The theme's controls, never the browser's bare radios and checkboxes.
    await expect(await body().findByTestId('container-card')).toHaveClass('p-radiobutton');
    for (const key of ['smooth', 'transition', 'gray']) await expect(body().getByTestId(`layout-${key}`)).toHaveClass('p-inputswitch');
    await expect(body().getByRole('switch', { name: /平滑滚动|Smooth/ })).toBeInTheDocument();
    // As a user does: the option's label (the radio's input sits under the theme's box).
    await userEvent.click(body().getByLabelText('卡片'));
    await waitFor(() => expect(html.dataset.container).toBe('card'));
    await expect(body().getByRole('radio', { name: '卡片' })).toBeChecked();
    const toggle = (name: string) => userEvent.click(body().getByRole('switch', { name }));
    await toggle('平滑滚动');
    await waitFor(() => expect(html).toHaveClass('smooth-scroll'));
    await toggle('页面过渡动画');
    await waitFor(() => expect(html).toHaveClass('no-transition'));
    await toggle('灰色模式');
    await waitFor(() => expect(html).toHaveClass('gray-mode'));
    await toggle('灰色模式');
    await waitFor(() => expect(html).not.toHaveClass('gray-mode'));
  },
};

/** User dropdown signed in: 你好 + name; items 个人信息 (→ /userInfo) and 注销. */
export const UserSignedIn: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByTestId('user-menu'));
    await expect(await body().findByTestId('user-menu-userinfo')).toHaveTextContent('个人信息');
    await expect(body().getByTestId('user-menu-logout')).toHaveTextContent('注销');
    await userEvent.click(body().getByTestId('user-menu-userinfo'));
    await expect(storyConsole(context).location.history.at(-1)).toBe('/userInfo');
  },
};

/** Not signed in: 未登录. */
export const UserNotSignedIn: Story = {
  parameters: { console: { path: '/index', signedIn: false } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('user-menu')).toHaveTextContent('未登录');
  },
};

/** Tenant mode with an avatar: the tenant name from user info and the avatar image. */
export const UserTenantAvatar: Story = {
  decorators: [
    (Story) => (
      <PluginProvider plugins={{ ...EMPTY_PLUGINS, names: ['tenant'], tenantMode: true }}>
        <Story />
      </PluginProvider>
    ),
  ],
  play: async (context) => {
    const { app } = storyConsole(context);
    runInAction(() => {
      app.root.session.user = { ...superadmin, tenant_name: '星辰游戏', avatar: '/themes/star/bg.svg' };
    });
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByTestId('header-tenant')).toHaveTextContent('星辰游戏');
    await expect(canvas.getByTestId('user-menu-avatar')).toHaveAttribute('src', '/themes/star/bg.svg');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentType } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { loginStoryParts } from '../../../stories/login-tree';
import { PASSWORD } from '../../../stories/mocks/fixtures';
import { mockBackend } from '../../../stories/mocks/handlers';
import type { Language } from '../../config';
import { ensureLanguage } from '../../i18n/core';
import { EMPTY_PLUGINS } from '../../plugins/types';
import { consoleComponent, loginTree } from './login-tree';
import { componentOn } from '../../../stories/kit';

/**
 * The login route's own tree, as main.tsx hydrates it: the login-only composition on the
 * REST adapter (answered by MSW), a memory router, and a stand-in for the full console's chunk whose
 * loading the story controls (the real chunk is the whole console; its own stories cover it).
 */
interface TreeArgs {
  path: string;
  language?: Language;
  /** The console chunk's load: 'instant', 'pending' (never arrives) or 'slow' (after 400 ms). */
  chunk: 'instant' | 'pending' | 'slow';
}

/** What a play function reads: how often the console chunk was asked for, and the router's history. */
interface TreeProbe {
  loads: number;
  history: string[];
}
const probes = new WeakMap<HTMLElement, TreeProbe>();

function FullConsoleStandIn() {
  return <main data-testid="full-console">full console</main>;
}

function LoginTreeHost({ path, language, chunk }: TreeArgs) {
  const [built] = useState(() => {
    const probe: TreeProbe = { loads: 0, history: [] };
    const load = (): Promise<ComponentType> => {
      probe.loads += 1;
      if (chunk === 'pending') return new Promise(() => undefined);
      if (chunk === 'slow') return new Promise((resolve) => setTimeout(() => resolve(FullConsoleStandIn), 400));
      return Promise.resolve(FullConsoleStandIn);
    };
    // Wired as main.tsx wires it: a successful sign-in preloads the console before the page moves on.
    const fullConsole = consoleComponent(load);
    const { parts, location } = loginStoryParts(path, language, () => fullConsole.preload().catch(() => undefined));
    probe.history = location.history;
    return { location, parts, probe, tree: loginTree(parts, EMPTY_PLUGINS, fullConsole, { hook: location.hook, searchHook: location.searchHook }) };
  });
  const [ready, setReady] = useState(!language);
  if (!ready && language) void ensureLanguage(built.parts.i18n, language).then(() => setReady(true));
  return (
    <div
      ref={(node) => {
        if (node) probes.set(node, built.probe);
      }}
      data-testid="login-tree"
    >
      {ready ? built.tree : null}
    </div>
  );
}

function probeOf(canvasElement: HTMLElement): TreeProbe {
  const host = canvasElement.querySelector('[data-testid="login-tree"]') as HTMLElement | null;
  const probe = host ? probes.get(host) : undefined;
  if (!probe) throw new Error('no login tree rendered');
  return probe;
}

const meta = { title: 'Shell/Login tree', ...componentOn(LoginTreeHost, { backend: mockBackend({ captcha: false }) }, { path: '/login?redirect=%2FuserInfo', chunk: 'instant' }) } satisfies Meta<typeof LoginTreeHost>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On /login: the login page and nothing of the console; its chunk is not even asked for. */
export const AtLogin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('login-submit')).toHaveTextContent('登录');
    await expect(canvas.getByTestId('login-username')).toHaveAttribute('placeholder', '请输入用户名');
    await expect(canvas.queryByTestId('full-console')).toBeNull();
    await expect(probeOf(canvasElement).loads).toBe(0);
  },
};

/** In English (the language cookie): the same form with English texts. */
export const InEnglish: Story = {
  args: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('login-submit')).toHaveTextContent('Sign in');
    await expect(canvas.queryByText('登录')).toBeNull();
  },
};

/**
 * Signing in loads the console's chunk while the page stays on /login with its button busy, then leaves
 * /login: the console takes the login page's place at once, with no loading indicator in between (a
 * Suspense fallback there would hold the console back 300 ms).
 */
export const SignedInLoadsTheConsole: Story = {
  args: { chunk: 'slow' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId('login-username'), 'superadmin');
    await userEvent.type(canvas.getByTestId('login-password'), PASSWORD);
    await userEvent.click(canvas.getByTestId('login-submit'));
    const probe = probeOf(canvasElement);
    // The sign-in answered and the chunk is on its way (400 ms): still on the form, the button busy.
    await waitFor(() => expect(probe.loads).toBe(1));
    await expect(canvas.getByTestId('login-submit')).toBeDisabled();
    await expect(probe.history.at(-1)).toBe('/login?redirect=%2FuserInfo');
    let sawIndicator = false;
    await waitFor(
      () => {
        if (canvas.queryByRole('status')) sawIndicator = true;
        expect(canvas.getByTestId('full-console')).toBeVisible();
      },
      { timeout: 3000, interval: 10 },
    );
    await expect(sawIndicator).toBe(false);
    await expect(probe.history.at(-1)).toBe('/userInfo');
    await expect(probe.loads).toBe(1);
  },
};

/** Any other address (e.g. a sign-in link) loads the console at once; until it arrives, the indicator. */
export const AwayFromLogin: Story = {
  args: { path: '/oauth2?code=abc', chunk: 'pending' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toBeVisible();
    await waitFor(() => expect(probeOf(canvasElement).loads).toBe(1));
    await expect(canvas.queryByTestId('login-submit')).toBeNull();
  },
};

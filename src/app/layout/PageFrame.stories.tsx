import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentType, type ReactElement } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { preloadable } from '../../components/preloadable';
import { PageChunkError } from '../../pages/registry';
import type { ShellRoute } from '../shell-routes';
import { PageFrame } from './PageFrame';
import './layout.css';
import { componentOn } from '../../../stories/kit';

/**
 * One tab's page frame (src/app/layout/PageFrame.tsx): its own loading state while the page's chunk
 * arrives (no Suspense fallback), the page, a chunk that fails (message, 重试, a fresh load), a page
 * that throws, and a long page. The chunk is a stand-in whose arrival the story controls.
 */
type Chunk = 'loaded' | 'pending' | 'slow' | 'fails-once' | 'page-throws' | 'long';

interface FrameArgs {
  chunk: Chunk;
}

function DemoPage() {
  return (
    <section data-testid="demo-page">
      <h2>演示页面</h2>
      <p>页面的代码已经到达。</p>
    </section>
  );
}

function LongPage() {
  return (
    <section data-testid="demo-page">
      {Array.from({ length: 60 }, (_, i) => (
        <p key={i}>第 {i + 1} 段：一段很长的页面内容，用来查看页面框架在内容超出一屏时的滚动。</p>
      ))}
    </section>
  );
}

function ThrowingPage(): ReactElement {
  throw new Error('页面渲染出错');
}

/** The loads the story's chunk has seen, read by the play functions. */
const loadsSeen = new WeakMap<HTMLElement, () => number>();

function FrameHost({ chunk }: FrameArgs) {
  const [built] = useState(() => {
    let loads = 0;
    const module = (page: ComponentType) => Promise.resolve({ default: page });
    const Page = preloadable((): Promise<{ default: ComponentType }> => {
      loads += 1;
      switch (chunk) {
        case 'pending':
          return new Promise(() => undefined);
        case 'slow':
          return new Promise((resolve) => setTimeout(() => resolve({ default: DemoPage }), 400));
        case 'fails-once':
          return loads === 1 ? Promise.reject(new PageChunkError('demo/index', 'failed', 120_000)) : module(DemoPage);
        case 'page-throws':
          return module(ThrowingPage);
        case 'long':
          return module(LongPage);
        default:
          return module(DemoPage);
      }
    });
    const route: ShellRoute = { name: 'demo', path: '/demo', title: '演示页面', component: 'demo/index', cache: false, render: () => <Page />, preload: Page.preload, ready: Page.ready };
    return { route, Page, loads: () => loads };
  });
  const [shown, setShown] = useState(chunk !== 'loaded');
  if (!shown) void built.Page.preload().then(() => setShown(true));
  return (
    <div
      ref={(node) => {
        if (node) loadsSeen.set(node, built.loads);
      }}
      data-testid="frame-host"
      style={{ padding: 16 }}
    >
      {shown ? <PageFrame route={built.route} path="/demo" /> : null}
    </div>
  );
}

function loadsOf(canvasElement: HTMLElement): number {
  const host = canvasElement.querySelector('[data-testid="frame-host"]') as HTMLElement | null;
  const loads = host ? loadsSeen.get(host) : undefined;
  if (!loads) throw new Error('no frame rendered');
  return loads();
}

const meta = { title: 'Shell/PageFrame', ...componentOn(FrameHost, { console: { path: '/index', signedIn: true } }, { chunk: 'loaded' }) } satisfies Meta<typeof FrameHost>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page's code is already there (a tab opened again, a preloaded route): the page at once. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('demo-page')).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(loadsOf(canvasElement)).toBe(1);
  },
};

/** The chunk has not arrived: the frame's loading state (the spec's message comes after 120 s). */
export const Loading: Story = {
  args: { chunk: 'pending' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toBeVisible();
    await expect(canvas.queryByTestId('demo-page')).toBeNull();
  },
};

/** The chunk arrives after 400 ms: the loading state, then the page, from one load. */
export const ChunkArrives: Story = {
  args: { chunk: 'slow' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toBeVisible();
    await expect(await canvas.findByTestId('demo-page', {}, { timeout: 3000 })).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(loadsOf(canvasElement)).toBe(1);
  },
};

/** A chunk that fails: the message with 重试 in this tab; 重试 loads it afresh and the page shows. */
export const ChunkFailsThenRetry: Story = {
  args: { chunk: 'fails-once' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failed = await canvas.findByTestId('page-load-failed');
    await expect(failed).toHaveTextContent('页面加载失败');
    await userEvent.click(canvas.getByTestId('page-load-retry'));
    await expect(await canvas.findByTestId('demo-page')).toBeVisible();
    await waitFor(() => expect(loadsOf(canvasElement)).toBe(2));
  },
};

/** A page that throws while rendering: the tab's message, the rest of the console untouched. */
export const PageThrows: Story = {
  args: { chunk: 'page-throws' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('page-load-failed')).toHaveTextContent('页面出错了');
    await expect(canvas.getByTestId('page-load-retry')).toBeVisible();
  },
};

/** A page longer than the screen: all of it is in the frame, nothing cut. */
export const LongContent: Story = {
  args: { chunk: 'long' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/第 60 段/)).toBeInTheDocument();
    await expect(canvas.getByTestId('demo-page').getBoundingClientRect().height).toBeGreaterThan(window.innerHeight);
  },
};

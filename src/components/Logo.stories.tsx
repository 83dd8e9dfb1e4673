import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Logo } from './Logo';

/** The console's mark (header, login page, collapsed aside). */
const meta = {
  title: 'Components/Logo',
  component: Logo,
  render: (args) => (
    <div style={{ padding: 16 }} data-testid="logo-frame">
      <Logo {...args} />
    </div>
  ),
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

const svgOf = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-testid="logo-frame"] svg') as SVGSVGElement;

/** 32 px by default, decorative (hidden from assistive technology), drawn on its gradient square. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const svg = svgOf(canvasElement);
    await expect(svg.getBoundingClientRect().width).toBe(32);
    await expect(svg.getBoundingClientRect().height).toBe(32);
    await expect(svg).toHaveAttribute('aria-hidden', 'true');
    await expect(svg).toHaveAttribute('focusable', 'false');
    const fill = svg.querySelector('rect')?.getAttribute('fill') ?? '';
    await expect(fill).toMatch(/^url\(#console-logo-bg-[\w-]+\)$/);
    await expect(svg.querySelector(fill.slice(4, -1))).not.toBeNull();
  },
};

/** Two copies, the first hidden (the brand panel on a narrow sign-in page): each paints its own gradient. */
export const SecondCopyWithFirstHidden: Story = {
  render: () => (
    <div style={{ padding: 16 }}>
      <div style={{ display: 'none' }}>
        <Logo />
      </div>
      <div data-testid="logo-frame">
        <Logo size={64} />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [first, second] = [...canvasElement.querySelectorAll('svg')];
    const gradientOf = (svg: SVGSVGElement | undefined) => svg?.querySelector('rect')?.getAttribute('fill')?.slice(5, -1) ?? '';
    await expect(gradientOf(second)).not.toBe(gradientOf(first));
    // The visible copy's gradient is inside the visible copy, so it paints (a shared id resolved to the hidden one).
    await expect(second?.querySelector(`linearGradient[id="${gradientOf(second)}"]`)).not.toBeNull();
    const rect = second?.querySelector('rect');
    await expect(rect ? getComputedStyle(rect).fill : '').toContain('url(');
  },
};

/** Any size scales the whole mark (viewBox kept); the class reaches the svg. */
export const LargeWithClass: Story = {
  args: { size: 96, className: 'login-logo' },
  play: async ({ canvasElement }) => {
    const svg = svgOf(canvasElement);
    await expect(svg.getBoundingClientRect().width).toBe(96);
    await expect(svg).toHaveAttribute('viewBox', '0 0 32 32');
    await expect(svg).toHaveClass('login-logo');
  },
};

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
    await expect(svg.querySelector('rect')?.getAttribute('fill')).toBe('url(#console-logo-bg)');
    await expect(svg.querySelector('#console-logo-bg')).not.toBeNull();
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

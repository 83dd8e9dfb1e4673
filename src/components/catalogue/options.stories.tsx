import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ColorChip, TagChips } from './options';
import './catalogue.css';

/**
 * The catalogue's two display cells: tags in their own colours (the text colour chosen for contrast)
 * and a colour swatch with its hex value; both show '-' for nothing.
 */
const meta = { title: 'Components/Catalogue cells', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const TAGS = [
  { id: 1, name: '热门', color: '#f5222d' },
  { id: 2, name: '新品', color: '#fadb14' },
  { id: 3, name: '休闲', color: '#003a8c' },
];

/** Light backgrounds get dark text, dark ones white. */
export const Tags: Story = {
  render: () => <TagChips tags={TAGS} />,
  play: async ({ canvasElement }) => {
    const chips = within(canvasElement).getAllByTestId('game-tag');
    await expect(chips).toHaveLength(3);
    await expect(chips[1]).toHaveStyle({ color: 'rgb(17, 17, 17)' });
    await expect(chips[2]).toHaveStyle({ color: 'rgb(255, 255, 255)' });
  },
};

/** No tags (or not a list): '-'. */
export const NoTags: Story = {
  render: () => <TagChips tags={null} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('-')).toBeVisible();
    await expect(within(canvasElement).queryByTestId('game-tag')).toBeNull();
  },
};

/** Long content: many tags with long names wrap inside the cell. */
export const ManyTags: Story = {
  render: () => (
    <div style={{ width: 240 }}>
      <TagChips tags={Array.from({ length: 12 }, (_, i) => ({ id: i, name: `很长的标签名称 ${i + 1}`, color: i % 2 ? '#722ed1' : '#a0d911' }))} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByTestId('game-tag')).toHaveLength(12);
  },
};

/** A swatch with its value, and '-' without one. */
export const Colors: Story = {
  render: () => (
    <p>
      <ColorChip color="#13c2c2" /> <ColorChip color="" />
    </p>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('#13c2c2')).toBeVisible();
    await expect(within(canvasElement).getByText('-')).toBeVisible();
  },
};

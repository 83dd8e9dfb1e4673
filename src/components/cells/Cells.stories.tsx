import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../../stories/console';
import { ArrayCell } from './ArrayCell';
import { DictTag } from './DictTag';
import { ImageCell } from './ImageCell';
import { ProgressCell } from './ProgressCell';
import { TextCell } from './TextCell';

const meta = {
  title: 'Components/Cells',
  parameters: { console: { path: '/index', signedIn: true, bootstrap: true } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const SAMPLE = { request: { path: '/api/system/user/', body: { name: 'x', roles: [1, 2, 3] } }, note: 'a'.repeat(150) };

/** Text that truncates to fit; the popover shows pretty-printed JSON and copies it (复制成功 / 复制失败). */
export const TruncatedText: Story = {
  render: () => (
    <div style={{ width: 180, padding: 16 }}>
      <TextCell value={JSON.stringify(SAMPLE)} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cell = canvas.getByTestId('text-cell');
    await expect(getComputedStyle(cell).textOverflow).toBe('ellipsis');
    await expect(cell.scrollWidth).toBeGreaterThan(cell.clientWidth);
    await userEvent.click(cell);
    const body = within(document.body);
    const [popover] = await body.findAllByTestId('text-cell-popover');
    await expect(popover?.querySelector('pre')?.textContent).toBe(JSON.stringify(SAMPLE, null, 2));
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void (copied = text) } });
    await userEvent.click(body.getByTestId('text-cell-copy'));
    await waitFor(() => expect(body.getByText('复制成功')).toBeInTheDocument());
    await expect(copied).toBe(JSON.stringify(SAMPLE, null, 2));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    await userEvent.click(body.getByTestId('text-cell-copy'));
    await waitFor(() => expect(body.getByText('复制失败')).toBeInTheDocument());
  },
};

/** JSON column: the first 100 characters in the cell. */
export const JsonColumn: Story = {
  render: () => <TextCell value={SAMPLE} json />,
  play: async ({ canvasElement }) => {
    const cell = within(canvasElement).getByTestId('text-cell');
    await expect(cell.textContent).toBe(JSON.stringify(SAMPLE).slice(0, 100));
  },
};

/** Array display: the first 50 items as tags, then '...'. */
export const ArrayDisplay: Story = {
  render: () => (
    <div>
      <ArrayCell value={Array.from({ length: 60 }, (_, i) => `item${i + 1}`)} />
      <hr />
      <div data-testid="short">
        <ArrayCell value={['a', 'b']} />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [long] = canvas.getAllByTestId('array-cell');
    await expect(long?.querySelectorAll('.p-tag')).toHaveLength(50);
    await expect(within(long as HTMLElement).getByTestId('array-cell-more')).toHaveTextContent('...');
    await expect(within(canvas.getByTestId('short')).queryByTestId('array-cell-more')).toBeNull();
  },
};

/** Progress: red at 50 or below, orange between 50 and 80, green at 80 or above. */
export const Progress: Story = {
  render: () => (
    <div style={{ width: 240, display: 'grid', gap: 8, padding: 16 }}>
      {[0, 50, 51, 79, 80, 100].map((v) => (
        <ProgressCell key={v} value={v} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const colors = within(canvasElement)
      .getAllByTestId('progress-cell')
      .map((el) => el.getAttribute('data-color'));
    await expect(colors).toEqual(['red', 'red', 'orange', 'orange', 'green', 'green']);
  },
};

/** Dictionary tags with the colour mapping of spec §4 (an entry's own colour first). */
export const DictionaryTags: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, padding: 16 }}>
      <DictTag value={true} dict="button_status_bool" />
      <DictTag value={false} dict="button_status_bool" />
      <DictTag value="Search" options={[{ label: '查询', value: 'Search' }]} />
      <DictTag value="Update" options={[{ label: '编辑', value: 'Update' }]} />
      <DictTag value="Create" options={[{ label: '新增', value: 'Create' }]} />
      <DictTag value="Retrieve" options={[{ label: '详情', value: 'Retrieve' }]} />
      <DictTag value="Delete" options={[{ label: '删除', value: 'Delete' }]} />
      <DictTag value={1} options={[{ label: '自有颜色', value: 1, color: 'warning' }]} />
    </div>
  ),
  play: async (context) => {
    const root = storyConsole(context).app.root;
    await waitFor(() => expect(root.dictionary.get('button_status_bool').length).toBeGreaterThan(0));
    const tags = within(context.canvasElement).getAllByTestId('dict-tag');
    await waitFor(() => expect(tags[0]).toHaveTextContent('启用'));
    await expect(tags.map((tag) => tag.getAttribute('data-type'))).toEqual(['success', 'danger', 'warning', 'primary', 'success', 'info', 'danger', 'warning']);
  },
};

/** A status tag in a column narrower than its text stays on one line (投放中, not 投放/中). */
export const TagInNarrowColumn: Story = {
  render: () => (
    <table style={{ tableLayout: 'fixed', width: 60 }}>
      <tbody>
        <tr>
          <td style={{ width: 40, padding: 4 }}>
            <DictTag value={1} options={[{ label: '投放中', value: 1, color: 'success' }]} />
          </td>
          <td style={{ width: 20, padding: 4 }}>
            <DictTag value={2} options={[{ label: '已停用', value: 2, color: 'danger' }]} />
          </td>
        </tr>
      </tbody>
    </table>
  ),
  play: async ({ canvasElement }) => {
    const tags = within(canvasElement).getAllByTestId('dict-tag');
    await expect(tags).toHaveLength(2);
    for (const tag of tags) {
      const lineHeight = Number.parseFloat(getComputedStyle(tag).lineHeight) || Number.parseFloat(getComputedStyle(tag).fontSize) * 1.5;
      const padding = Number.parseFloat(getComputedStyle(tag).paddingTop) + Number.parseFloat(getComputedStyle(tag).paddingBottom);
      // One line of text: the tag is no taller than one line plus its padding (two lines would double it).
      await expect(tag.getBoundingClientRect().height).toBeLessThan(lineHeight * 1.5 + padding);
      await expect(getComputedStyle(tag).whiteSpace).toBe('nowrap');
    }
  },
};

const PIXEL = 'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="%23409EFF"/></svg>';

/** Image cell 100x100 and avatar 200x200. */
export const Images: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, padding: 16 }}>
      <ImageCell value={[PIXEL, `${PIXEL}#2`]} />
      <ImageCell value={PIXEL} avatar />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const images = within(canvasElement).getAllByTestId('image-cell');
    await expect(images).toHaveLength(3);
    await expect(images[0]?.getBoundingClientRect().width).toBe(100);
    await expect(images[2]?.getBoundingClientRect().width).toBe(200);
  },
};

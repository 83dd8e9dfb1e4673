import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { z } from 'zod';
import { envelope, fileListRow, listPage, roleRow } from '../../../contracts/schemas';
import { MockBackend, mockBackend } from '../../../stories/mocks/handlers';
import { AvatarCropper } from './AvatarCropper';
import { DeptTreeSelect } from './DeptTreeSelect';
import JsonEditor from './JsonEditor';
import { RemoteSelect } from './RemoteSelect';
import { Uploader, type UploadKind } from './Uploader';

/** Calls the form mocks saw. */
const seen = { uploads: 0, searches: [] as string[] };

const audit = { description: null, creator: 1, creator_name: '超级管理员', modifier: '1', modifier_name: '超级管理员', dept_belong_id: '1', create_datetime: '2026-11-21 10:00:00', update_datetime: '2026-11-21 10:00:00' };
const uploaded = (id: number, name: string) =>
  fileListRow.parse({ ...audit, id, name, url: `media/files/${id}.png`, file_url: `media/files/${id}.png`, engine: 'local', mime_type: 'image/png', size: 68, md5sum: 'x' });
const role = (id: number, name: string) =>
  roleRow.parse({ ...audit, id, name, key: `role${id}`, sort: id, status: true, admin: false, data_range: 3, remark: null, dept: [], menu: [], permission: [] });
const ROLES = [role(1, '管理员'), role(2, '用户'), role(3, '运营')];

function formBackend(options: { emptyUpload?: boolean } = {}): MockBackend {
  const base = mockBackend();
  let next = 1;
  const handlers: HttpHandler[] = [
    http.post('*/api/system/file/', () => {
      seen.uploads += 1;
      if (options.emptyUpload) return HttpResponse.json(envelope(z.null()).parse({ code: 2000, msg: '新增成功', data: null }));
      return HttpResponse.json(envelope(fileListRow).parse({ code: 2000, msg: '新增成功', data: uploaded(next++, 'a.png') }));
    }),
    http.get('*/api/system/role/', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const ids = q.getAll('ids').map(Number);
      const keyword = q.get('search') ?? '';
      seen.searches.push(ids.length ? `ids=${ids.join(',')}` : `search=${keyword}`);
      if (ids.length) {
        // Initial values answer as { results: [...] } here (spec §7: data.data or data.results).
        return HttpResponse.json({ code: 2000, msg: 'success', data: { results: z.array(roleRow).parse(ROLES.filter((r) => ids.includes(r.id))) } });
      }
      const rows = ROLES.filter((r) => r.name.includes(keyword));
      return HttpResponse.json(envelope(listPage(roleRow)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 10, total: rows.length, data: rows } }));
    }),
    ...base.handlers,
  ];
  return new MockBackend(handlers, base.state, () => {
    base.reset();
    next = 1;
    seen.uploads = 0;
    seen.searches = [];
  });
}

const meta = {
  title: 'Components/Form types',
  parameters: { console: { path: '/index', signedIn: true, bootstrap: true }, backend: formBackend() },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function UploaderDemo({ kind }: { kind: UploadKind }) {
  const [value, setValue] = useState<string | string[] | null>(kind === 'image' ? [] : null);
  return (
    <div style={{ padding: 16 }}>
      <Uploader kind={kind} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </div>
  );
}

const png = (name = 'a.png', type = 'image/png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type });

/** Image uploader: several files, png/jpeg/jpg/ico/bmp/gif only; each upload keeps the answer's url. */
export const ImageUploader: Story = {
  render: () => <UploaderDemo kind="image" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByTestId('uploader-image-input') as HTMLInputElement;
    await expect(input.accept).toBe('.png,.jpeg,.jpg,.ico,.bmp,.gif');
    await expect(input.multiple).toBe(true);
    await userEvent.upload(input, [png('a.png'), png('b.gif', 'image/gif')]);
    await waitFor(() => expect(canvas.getByTestId('value')).toHaveTextContent('["media/files/1.png","media/files/2.png"]'));
    await expect(canvas.getAllByTestId('uploader-image-preview')).toHaveLength(2);
    await expect(canvas.getAllByTestId('uploader-image-preview')[0]?.getBoundingClientRect().width).toBe(100);
    await userEvent.upload(input, [new File(['x'], 'notes.txt', { type: 'text/plain' })], { applyAccept: false });
    await expect(canvas.getByTestId('uploader-image-error')).toHaveTextContent('只能上传 png, jpeg, jpg, ico, bmp, gif 格式的图片');
  },
};

/** Avatar uploader: one file, shown at 200x200. */
export const AvatarUploader: Story = {
  render: () => <UploaderDemo kind="avatar" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByTestId('uploader-avatar-input') as HTMLInputElement;
    await expect(input.multiple).toBe(false);
    await userEvent.upload(input, png('me.jpg', 'image/jpeg'));
    await waitFor(() => expect(canvas.getByTestId('value')).toHaveTextContent('"media/files/1.png"'));
    await expect(canvas.getByTestId('uploader-avatar-preview').getBoundingClientRect().width).toBe(200);
  },
};

/** File uploader; an answer without data fails with 上传失败. */
export const FileUploaderEmptyAnswer: Story = {
  parameters: { backend: formBackend({ emptyUpload: true }) },
  render: () => <UploaderDemo kind="file" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('uploader-file-input') as HTMLInputElement, new File(['hello'], 'a.txt', { type: 'text/plain' }));
    await waitFor(() => expect(canvas.getByTestId('uploader-file-error')).toHaveTextContent('上传失败'));
    await expect(canvas.getByTestId('value')).toHaveTextContent('null');
  },
};

/** Department tree selector: the value is the department id, a number. */
export const TreeSelector: Story = {
  render: function Render() {
    const [value, setValue] = useState<number | number[] | null>(null);
    return (
      <div style={{ padding: 16, width: 320 }}>
        <DeptTreeSelect value={value} onChange={setValue} />
        <output data-testid="value">{JSON.stringify(value)}</output>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByTestId('dept-tree-select'));
    const body = within(document.body);
    const tree = await body.findByText('DVAdmin团队');
    await userEvent.click(tree.closest('.p-treenode-content')?.querySelector('.p-tree-toggler') as HTMLElement);
    await userEvent.click(await body.findByText('技术部'));
    await waitFor(() => expect(canvas.getByTestId('value')).toHaveTextContent('3'));
  },
};

/** JSON editor: invalid text is flagged and does not change the value; valid text does. */
export const JsonEditorStory: Story = {
  name: 'JSON editor',
  render: function Render() {
    const [value, setValue] = useState<unknown>({ a: 1 });
    return (
      <div style={{ padding: 16, width: 420 }}>
        <JsonEditor value={value} onChange={setValue} />
        <output data-testid="value">{JSON.stringify(value)}</output>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = canvas.getByTestId('json-editor-text');
    await expect(text).toHaveValue('{\n  "a": 1\n}');
    await userEvent.clear(text);
    // Empty text is null.
    await expect(canvas.getByTestId('value')).toHaveTextContent('null');
    await userEvent.type(text, '{{"b": ');
    await expect(canvas.getByTestId('json-editor-error')).toHaveTextContent('JSON 格式不正确');
    await expect(canvas.getByTestId('value')).toHaveTextContent('null');
    await userEvent.type(text, '[[1,2]}');
    await waitFor(() => expect(canvas.getByTestId('value')).toHaveTextContent('{"b":[1,2]}'));
    await expect(canvas.queryByTestId('json-editor-error')).toBeNull();
  },
};

/** A PNG of `width` x `height`: the left half red, the right half blue. */
async function twoColourImage(width: number, height: number): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, width / 2, height);
  ctx.fillStyle = '#0000ff';
  ctx.fillRect(width / 2, 0, width / 2, height);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b ?? new Blob()), 'image/png'));
  return new File([blob], 'two-colours.png', { type: 'image/png' });
}

/** The colour of one pixel of a PNG, as 'r,g,b'. */
async function pixel(png: Blob, x: number, y: number): Promise<string> {
  const bitmap = await createImageBitmap(png);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(bitmap, 0, 0);
  return Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3)).join(',');
}

/**
 * Avatar cropper (the one the personal page uses): refuses a file that is not an image; crops the
 * chosen image to a 200x200 PNG covering the square; dragging moves the image under the square.
 */
export const AvatarCropperStory: Story = {
  name: 'Avatar cropper',
  render: function Render() {
    const [open, setOpen] = useState(false);
    const [result, setResult] = useState('');
    return (
      <div style={{ padding: 16 }}>
        <button type="button" data-testid="open" onClick={() => setOpen(true)}>
          open
        </button>
        <AvatarCropper
          visible={open}
          busy={false}
          onHide={() => setOpen(false)}
          onCropped={(png) => {
            void (async () => {
              const bitmap = await createImageBitmap(png);
              setResult(`${bitmap.width}x${bitmap.height} ${png.type} left ${await pixel(png, 20, 100)} right ${await pixel(png, 180, 100)}`);
              setOpen(false);
            })();
          }}
        />
        <output data-testid="value">{result}</output>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    await userEvent.click(canvas.getByTestId('open'));
    const dialog = await body.findByTestId('avatar-cropper');
    await expect(within(dialog).getByTestId('avatar-upload')).toBeDisabled();
    await userEvent.upload(within(dialog).getByTestId('avatar-file'), new File(['not an image'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    await expect(await within(dialog).findByTestId('avatar-error')).toHaveTextContent('请选择图片文件');
    // 400x200, red | blue: covering the 200x200 square shows the middle 200 columns, half red, half blue.
    await userEvent.upload(within(dialog).getByTestId('avatar-file'), await twoColourImage(400, 200));
    await waitFor(() => expect(within(dialog).getByTestId('avatar-upload')).toBeEnabled());
    await expect(within(dialog).queryByTestId('avatar-error')).toBeNull();
    await userEvent.click(within(dialog).getByTestId('avatar-upload'));
    await waitFor(() => expect(canvas.getByTestId('value')).toHaveTextContent('200x200 image/png left 255,0,0 right 0,0,255'));
  },
};

/** Remote search select: 请输入关键词搜索; no call on an empty keyword; initial labels through ids=. */
export const RemoteSearchSelect: Story = {
  render: function Render() {
    const [value, setValue] = useState<number | string | (number | string)[] | null>([2]);
    return (
      <div style={{ padding: 16, width: 360 }}>
        <RemoteSelect multiple source={{ url: '/api/system/role/', labelKey: 'name' }} value={value} onChange={setValue} />
        <output data-testid="value">{JSON.stringify(value)}</output>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('用户')).toBeVisible());
    await expect(seen.searches).toEqual(['ids=2']);
    const input = canvasElement.querySelector('input') as HTMLInputElement;
    await expect(input.placeholder === '' || input.placeholder === '请输入关键词搜索').toBe(true);
    await userEvent.type(input, ' ');
    await new Promise((r) => setTimeout(r, 500));
    await expect(seen.searches).toEqual(['ids=2']);
    await userEvent.type(input, '运');
    const option = await within(document.body).findByText('运营');
    await expect(seen.searches.at(-1)).toBe('search=运');
    await userEvent.click(option);
    await waitFor(() => expect(canvas.getByTestId('value')).toHaveTextContent('[2,3]'));
  },
};

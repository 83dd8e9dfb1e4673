import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RichTextEditor } from './RichTextEditor';
import { componentOn } from '../../../stories/kit';

/** The editor with its value echoed beside it, as a form holds it. */
function Harness({ initial, invalid }: { initial: string; invalid?: boolean }) {
  const [html, setHtml] = useState(initial);
  return (
    <div style={{ padding: 16, maxWidth: 720 }}>
      <RichTextEditor value={html} onChange={setHtml} placeholder="请输入内容" height={160} invalid={invalid} testId="editor" />
      <output data-testid="editor-value">{html}</output>
    </div>
  );
}

/** The lazy quill editor (spec §2.2 compose): it loads on first use, shows the value, and typing updates the value. */
const meta = { title: 'Components/RichTextEditor', ...componentOn(Harness, {}, { initial: '<p>已有<strong>内容</strong></p>' }) } satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

const editable = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const wrapper = await canvas.findByTestId('editor', {}, { timeout: 10000 });
  await waitFor(() => expect(wrapper.querySelector('.ql-editor')).not.toBeNull(), { timeout: 10000 });
  return { wrapper, editor: wrapper.querySelector('.ql-editor') as HTMLElement, canvas };
};

/** Loads with the initial HTML and the toolbar; typed text (and bold) arrives in the value as HTML. */
export const TypingUpdatesValue: Story = {
  play: async ({ canvasElement }) => {
    const { wrapper, editor, canvas } = await editable(canvasElement);
    await expect(wrapper.querySelector('.ql-toolbar')).not.toBeNull();
    await waitFor(() => expect(editor.querySelector('strong')).toHaveTextContent('内容'));
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await userEvent.type(editor, 'Hello 世界');
    await waitFor(() => expect(canvas.getByTestId('editor-value')).toHaveTextContent('<p>Hello 世界</p>'));
    await userEvent.click(wrapper.querySelector('.ql-bold') as HTMLElement);
    await userEvent.type(editor, '!');
    await waitFor(() => expect(canvas.getByTestId('editor-value')).toHaveTextContent('<p>Hello 世界<strong>!</strong></p>'));
  },
};

/** Empty: the placeholder shows; invalid: the frame carries the invalid class a form styles. */
export const EmptyInvalid: Story = {
  args: { initial: '', invalid: true },
  play: async ({ canvasElement }) => {
    const { wrapper, editor } = await editable(canvasElement);
    await expect(wrapper).toHaveClass('is-invalid');
    await expect(editor).toHaveAttribute('data-placeholder', '请输入内容');
    await expect(editor).toHaveClass('ql-blank');
  },
};

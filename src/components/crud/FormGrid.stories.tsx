import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FormGrid } from './FormGrid';
import type { FieldDef } from './types';

const fields: FieldDef[] = [
  { key: 'name', label: '名称', form: { rules: { required: true } } },
  { key: 'key', label: '键' },
  { key: 'remark', label: '备注', form: { span: 24 } },
];

const meta = {
  title: 'Components/FormGrid',
  component: FormGrid,
  args: {
    fields,
    problems: { name: '名称:该字段是必填项。' },
    onSubmit: fn(),
    control: (field: FieldDef) => <input id={`field-${field.key}`} data-testid={`input-${field.key}`} />,
  },
} satisfies Meta<typeof FormGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Labels point at their inputs, required ones are marked, spans follow form.span (12 by default), problems show under the field, Enter submits. */
export const Layout: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('名称')).toBe(canvas.getByTestId('input-name'));
    await expect(canvas.getByText('名称')).toHaveClass('is-required');
    await expect(canvas.getByText('键')).not.toHaveClass('is-required');
    await expect(canvas.getByTestId('form-item-key')).toHaveStyle({ gridColumn: 'span 12' });
    await expect(canvas.getByTestId('form-item-remark')).toHaveStyle({ gridColumn: 'span 24' });
    await expect(canvas.getByTestId('form-error-name')).toHaveTextContent('名称:该字段是必填项。');
    await expect(canvas.queryByTestId('form-error-key')).toBeNull();
    await userEvent.type(canvas.getByTestId('input-key'), 'x{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

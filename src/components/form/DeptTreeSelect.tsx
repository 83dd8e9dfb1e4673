import { observer } from 'mobx-react-lite';
import { TreeSelect } from 'primereact/treeselect';
import type { TreeNode } from 'primereact/treenode';
import { useTranslation } from 'react-i18next';
import type { DeptTreeNode } from '../../stores/departments';
import { useStore } from '../store-context';

export interface TreeItem {
  id: number;
  name: string;
  children: TreeItem[];
}

/** PrimeReact tree nodes from {id, name, children}: keys are the ids as text. */
export function toTreeNodes(items: readonly TreeItem[]): TreeNode[] {
  return items.map((item) => ({ key: String(item.id), label: item.name, data: item.id, children: toTreeNodes(item.children) }));
}

interface TreeSelectorProps {
  items: readonly TreeItem[];
  value: number | number[] | null | undefined;
  onChange(value: number | number[] | null): void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  /** The id of the focusable input (a <label htmlFor> names it). */
  inputId?: string;
  /** The accessible name where no <label> points at the input (default: the placeholder). */
  ariaLabel?: string;
}

/** Tree selector (spec §2.5): one id, or several with checkboxes; values are numbers. */
export function TreeSelector({ items, value, onChange, multiple = false, placeholder, disabled, testId = 'tree-selector', inputId, ariaLabel }: TreeSelectorProps) {
  const { t } = useTranslation();
  const selected = multiple
    ? Object.fromEntries((Array.isArray(value) ? value : []).map((id) => [String(id), { checked: true, partialChecked: false }]))
    : value === null || value === undefined || Array.isArray(value)
      ? null
      : String(value);
  return (
    <TreeSelect
      className="p-inputtext-sm w-full"
      data-testid={testId}
      value={selected}
      options={toTreeNodes(items)}
      selectionMode={multiple ? 'checkbox' : 'single'}
      placeholder={placeholder ?? t('cells.treePlaceholder')}
      {...(inputId ? { inputId } : {})}
      ariaLabel={ariaLabel ?? (inputId ? undefined : (placeholder ?? t('cells.treePlaceholder')))}
      disabled={disabled}
      filter
      filterPlaceholder={t('cells.remotePlaceholder')}
      showClear
      onChange={(event) => {
        const v = event.value;
        if (multiple) {
          const keys = v && typeof v === 'object' ? Object.entries(v as Record<string, { checked?: boolean }>).filter(([, s]) => s.checked).map(([k]) => Number(k)) : [];
          onChange(keys);
        } else {
          onChange(typeof v === 'string' && v !== '' ? Number(v) : null);
        }
      }}
    />
  );
}

/** The department tree selector; the value is a department id (a number). */
export const DeptTreeSelect = observer(function DeptTreeSelect(props: Omit<TreeSelectorProps, 'items'>) {
  const root = useStore();
  const items: readonly DeptTreeNode[] = root.departments.tree;
  return <TreeSelector testId="dept-tree-select" {...props} items={items} />;
});

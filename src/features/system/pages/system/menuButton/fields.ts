import type { FieldDef } from '../../../../../components/crud/types';
import { METHOD_OPTIONS } from '../shared';

type T = (key: string) => string;

/**
 * Fields of a menu button (name, value, api, method), optionally with the menu it belongs to
 * (shown by name through `menuName`, the id when it is unknown).
 */
export function menuButtonFields(t: T, withMenu: boolean, menuName: (id: unknown) => string | undefined = () => undefined): FieldDef[] {
  const fields: FieldDef[] = [
    { key: 'name', label: t('sys.menuButton.name'), search: true, column: { width: 120, filter: true }, form: { rules: { required: true, maxLength: 64 } } },
    { key: 'value', label: t('sys.menuButton.value'), search: true, column: { width: 140, filter: true }, form: { rules: { required: true, maxLength: 64 } } },
    { key: 'api', label: t('sys.menuButton.api'), search: true, column: { width: 280, filter: true }, form: { span: 24, rules: { required: true, maxLength: 200 } } },
    { key: 'method', label: t('sys.menuButton.method'), options: METHOD_OPTIONS, search: true, column: { width: 100, filter: true }, form: { default: 0, rules: { required: true } } },
  ];
  if (withMenu) {
    fields.unshift({
      key: 'menu',
      label: t('sys.menuButton.menu'),
      type: 'remote',
      remote: { url: '/api/system/menu/', labelKey: 'name' },
      search: { type: 'number' },
      column: { width: 140, cell: (row) => menuName(row.menu) ?? String(row.menu ?? '-') },
      form: { rules: { required: true } },
    });
  }
  return fields;
}

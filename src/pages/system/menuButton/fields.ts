import type { FieldDef } from '../../../components/crud/types';
import { METHOD_OPTIONS } from '../shared';

type T = (key: string) => string;

/** Fields of a menu button (name, value, api, method), optionally with the menu it belongs to. */
export function menuButtonFields(t: T, withMenu: boolean): FieldDef[] {
  const fields: FieldDef[] = [
    { key: 'name', label: t('sys.menuButton.name'), search: true, column: { width: 120 }, form: { rules: { required: true, maxLength: 64 } } },
    { key: 'value', label: t('sys.menuButton.value'), search: true, column: { width: 140 }, form: { rules: { required: true, maxLength: 64 } } },
    { key: 'api', label: t('sys.menuButton.api'), column: { width: 280 }, form: { span: 24, rules: { required: true, maxLength: 200 } } },
    { key: 'method', label: t('sys.menuButton.method'), options: METHOD_OPTIONS, column: { width: 100 }, form: { default: 0, rules: { required: true } } },
  ];
  if (withMenu) {
    fields.unshift({
      key: 'menu',
      label: t('sys.menuButton.menu'),
      type: 'remote',
      remote: { url: '/api/system/menu/', labelKey: 'name' },
      search: { type: 'number' },
      column: { width: 90 },
      form: { rules: { required: true } },
    });
  }
  return fields;
}

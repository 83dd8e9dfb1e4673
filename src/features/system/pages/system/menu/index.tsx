import { Dialog } from 'primereact/dialog';
import { useMemo, useState } from 'react';
import type { ResourceRow } from '../../../../../stores/types';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import { menuIconClass } from '../../../../../components/menu-icon';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { useSystemTexts } from '../locale';
import { menuButtonFields } from '../menuButton/fields';
import { FULL_PERMISSIONS } from '../../../../../components/crud/presets';
import { STATUS_DICT, WHETHER_DICT } from '../shared';

/** 菜单管理 (system/menu): the menu tree (children load on expand), icon picker, and each menu's buttons. */
export default function MenuPage() {
  const t = useSystemTexts();
  const [buttonsOf, setButtonsOf] = useState<ResourceRow | null>(null);
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/system/menu/',
      testId: 'menu',
      permissions: FULL_PERMISSIONS,
      tree: { childParam: 'parent', hasChildren: (row) => row.hasChild === true },
      fields: [
        { key: 'name', label: t('sys.menu.name'), search: true, column: { width: 180 }, form: { rules: { required: true, maxLength: 64 } } },
        {
          key: 'icon',
          label: t('sys.menu.icon'),
          type: 'icon',
          column: { width: 80, cell: (row) => (typeof row.icon === 'string' && row.icon ? <i className={menuIconClass(row.icon, row.is_catalog === true)} title={row.icon} /> : <span>-</span>) },
          form: {},
        },
        { key: 'sort', label: t('sys.menu.sort'), type: 'number', column: { width: 90 }, form: { default: 1 } },
        { key: 'parent', label: t('sys.menu.parent'), type: 'remote', remote: { url: '/api/system/menu/', labelKey: 'name' }, column: false, form: {} },
        { key: 'is_catalog', label: t('sys.menu.isCatalog'), dict: WHETHER_DICT, column: { width: 80 }, form: { default: false } },
        { key: 'is_link', label: t('sys.menu.isLink'), dict: WHETHER_DICT, column: false, form: { default: false } },
        { key: 'web_path', label: t('sys.menu.webPath'), column: { width: 140 }, form: { rules: { maxLength: 128 } } },
        { key: 'component', label: t('sys.menu.component'), column: { width: 200 }, form: { rules: { maxLength: 128 } } },
        { key: 'component_name', label: t('sys.menu.componentName'), column: false, form: { rules: { maxLength: 50 } } },
        { key: 'status', label: t('sys.menu.status'), dict: STATUS_DICT, search: true, column: { width: 80 }, form: { default: true } },
        { key: 'visible', label: t('sys.menu.visible'), dict: WHETHER_DICT, column: { width: 90 }, form: { default: true } },
        { key: 'cache', label: t('sys.menu.cache'), dict: WHETHER_DICT, column: false, form: { default: false } },
        { key: 'frame_out', label: t('sys.menu.frameOut'), dict: WHETHER_DICT, column: false, form: { default: false } },
      ],
      toBody: (values) => ({ ...values, web_path: values.web_path ?? '', component: values.component ?? '', component_name: values.component_name ?? '' }),
      rowActions: [
        { key: 'buttons', label: t('sys.menu.buttons'), icon: 'pi pi-bolt', permission: 'Update', visible: (row) => row.is_catalog !== true, run: (row) => setButtonsOf(row) },
      ],
    }),
    [t],
  );
  const buttons = useMemo<ResourceDescription | null>(
    () =>
      buttonsOf && {
        resource: '/api/system/menu_button/',
        testId: 'menu-buttons',
        baseFilters: [{ op: 'equals', field: 'menu', value: Number(buttonsOf.id) }],
        permissions: { add: 'Create', edit: 'Update', remove: 'Delete' },
        commonColumns: false,
        limit: 50,
        fields: menuButtonFields(t, false),
        toBody: (values) => ({ ...values, menu: Number(buttonsOf.id) }),
      },
    [buttonsOf, t],
  );
  return (
    <>
      <CrudPage description={description} />
      {buttonsOf && buttons && (
        <Dialog header={t('sys.menu.buttonsTitle', { name: String(buttonsOf.name) })} visible onHide={() => setButtonsOf(null)} style={{ width: 1100, maxWidth: '96vw' }}>
          <CrudPage description={buttons} />
        </Dialog>
      )}
    </>
  );
}

import { Dialog } from 'primereact/dialog';
import { useMemo, useState } from 'react';
import type { ResourceRow } from '../../../../../stores/types';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import { commonColumns } from '../../../../../components/crud/commonColumns';
import type { Option, ResourceDescription } from '../../../../../components/crud/types';
import { useStore } from '../../../../../components/store-context';
import { useSystemTexts } from '../locale';
import { FULL_PERMISSIONS } from '../../../../../components/crud/presets';
import { STATUS_DICT } from '../shared';

/** Value types of a dictionary entry (Dictionary.type). */
const TYPES: Option[] = ['text', 'number', 'date', 'datetime', 'time', 'files', 'boolean', 'images'].map((label, value) => ({ label, value }));
/** Tag colours an entry may carry. */
const COLORS: Option[] = ['success', 'primary', 'info', 'warning', 'danger'].map((c) => ({ label: c, value: c, color: c }));

/** 字典管理 (system/dictionary): dictionaries, and per dictionary its entries (the sub-dictionary). */
export default function DictionaryPage() {
  const t = useSystemTexts();
  const root = useStore();
  const [entriesOf, setEntriesOf] = useState<ResourceRow | null>(null);
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/system/dictionary/',
      testId: 'dictionary',
      permissions: FULL_PERMISSIONS,
      baseFilters: [{ op: 'isNull', field: 'parent', value: true }],
      fields: [
        { key: 'label', label: t('sys.dictionary.label'), search: true, column: { width: 160, filter: true }, form: { rules: { required: true, maxLength: 100 } } },
        { key: 'value', label: t('sys.dictionary.value'), search: true, column: { width: 180, filter: true }, form: { rules: { required: true, maxLength: 200 } } },
        { key: 'status', label: t('sys.dictionary.status'), dict: STATUS_DICT, search: true, column: { width: 90, filter: true }, form: { default: true } },
        { key: 'sort', label: t('sys.dictionary.sort'), type: 'number', column: { width: 100 }, form: { default: 1 } },
        { key: 'remark', label: t('sys.dictionary.remark'), type: 'textarea', column: { width: 160 }, form: { span: 24, rules: { maxLength: 2000 } } },
        // The dictionary's own remark stands for the common 备注 (description) column.
        ...commonColumns(t).filter((field) => field.key !== 'description'),
      ],
      commonColumns: false,
      toBody: (values) => ({ ...values, parent: null }),
      rowActions: [{ key: 'entries', label: t('sys.dictionary.children'), icon: 'pi pi-list', permission: 'Update', run: (row) => setEntriesOf(row) }],
    }),
    [t],
  );
  const entries = useMemo<ResourceDescription | null>(
    () =>
      entriesOf && {
        resource: '/api/system/dictionary/',
        testId: 'dictionary-entries',
        permissions: { add: 'Create', edit: 'Update', remove: 'Delete' },
        baseFilters: [{ op: 'equals', field: 'parent', value: Number(entriesOf.id) }],
        commonColumns: false,
        fields: [
          { key: 'label', label: t('sys.dictionary.itemLabel'), search: true, column: { width: 120, filter: true }, form: { rules: { required: true, maxLength: 100 } } },
          { key: 'value', label: t('sys.dictionary.itemValue'), search: true, column: { width: 120, filter: true }, form: { rules: { required: true, maxLength: 200 } } },
          { key: 'type', label: t('sys.dictionary.type'), options: TYPES, column: { width: 120 }, form: { default: 0 } },
          { key: 'color', label: t('sys.dictionary.color'), options: COLORS, column: { width: 100 }, form: {} },
          { key: 'status', label: t('sys.dictionary.status'), dict: STATUS_DICT, column: { width: 80 }, form: { default: true } },
          { key: 'sort', label: t('sys.dictionary.sort'), type: 'number', column: { width: 70 }, form: { default: 1 } },
        ],
        toBody: (values) => ({ ...values, parent: Number(entriesOf.id), is_value: true }),
      },
    [entriesOf, t],
  );
  return (
    <>
      <CrudPage description={description} />
      {entriesOf && entries && (
        <Dialog
          header={t('sys.dictionary.childrenTitle', { name: String(entriesOf.label) })}
          visible
          onHide={() => {
            setEntriesOf(null);
            // The console's dictionaries follow the change.
            void root.dictionary.loadAll().catch(() => undefined);
          }}
          style={{ width: 1100, maxWidth: '96vw' }}
          data-testid="dictionary-entries-dialog"
        >
          <CrudPage description={entries} />
        </Dialog>
      )}
    </>
  );
}

import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../stores/errors';
import type { ResourceRow } from '../../stores/types';
import type { RootStore } from '../../stores/root';
import { useStore } from '../store-context';
import { CellValue } from './CellValue';
import { deptBelongValue } from './commonColumns';
import { FieldInput } from './FieldInput';
import { FormGrid } from './FormGrid';
import type { FieldDef } from './types';
import { fieldOfMessage, validateForm } from './validate';

export type FormMode = 'create' | 'edit' | 'view';

/** The fields a form of this mode shows. */
export function formFields(fields: readonly FieldDef[], mode: FormMode): FieldDef[] {
  return fields.filter((field) => {
    if (field.form === false || field.form === undefined) return mode === 'view' && field.column !== false;
    if (mode === 'create' && field.form.editOnly) return false;
    if (mode !== 'create' && field.form.createOnly) return false;
    return true;
  });
}

/** Starting values: a new row's defaults, or the row being edited (dept_belong_id as a number). */
export function initialValues(fields: readonly FieldDef[], mode: FormMode, row: ResourceRow | null, root: RootStore): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of formFields(fields, mode)) {
    if (row && mode !== 'create') values[field.key] = field.key === 'dept_belong_id' ? deptBelongValue(row[field.key]) : row[field.key];
    else if (field.form) {
      const d = field.form.default;
      values[field.key] = typeof d === 'function' ? (d as (root: RootStore) => unknown)(root) : (d ?? null);
    }
  }
  return values;
}

interface CrudFormProps {
  mode: FormMode;
  fields: readonly FieldDef[];
  row: ResourceRow | null;
  width?: string;
  onHide(): void;
  /** Saves the values; rejects with the server's error (already shown as a toast). */
  onSave(values: Record<string, unknown>): Promise<void>;
}

/** View / create / edit dialog: label width 110px, default span 12 (of 24), small size (spec §9). */
export const CrudForm = observer(function CrudForm({ mode, fields, row, width = '860px', onHide, onSave }: CrudFormProps) {
  const { t } = useTranslation();
  const root = useStore();
  const shown = formFields(fields, mode);
  const [values, setValues] = useState(() => initialValues(fields, mode, row, root));
  const [problems, setProblems] = useState<Record<string, string>>({});
  // A server refusal shown under its field: it goes once that field is changed.
  const [serverField, setServerField] = useState<string | null>(null);
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  const readOnly = mode === 'view';

  const submit = async () => {
    const found = validateForm(shown, values, t);
    setProblems(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await onSave(values);
    } catch (error) {
      // A refusal naming a field shows under that field; any other below the form.
      const message = failureMessage(error);
      const key = fieldOfMessage(shown, message);
      if (key) {
        setProblems({ [key]: message });
        setServerField(key);
      }
      else setServerError(message);
    } finally {
      setSaving(false);
    }
  };

  const title = t(mode === 'create' ? 'crud.addTitle' : mode === 'edit' ? 'crud.editTitle' : 'crud.viewTitle');
  const footer = (
    <div className="crud-form-footer">
      <Button type="button" size="small" outlined label={t(readOnly ? 'crud.close' : 'crud.cancel')} onClick={onHide} data-testid="crud-form-cancel" />
      {!readOnly && <Button type="button" size="small" label={t('crud.ok')} loading={saving} onClick={() => void submit()} data-testid="crud-form-submit" />}
    </div>
  );

  return (
    <Dialog header={title} visible onHide={onHide} style={{ width, maxWidth: '96vw' }} footer={footer} data-testid="crud-form" className="crud-form-dialog">
      <FormGrid
        fields={shown}
        problems={problems}
        onSubmit={() => void submit()}
        control={(field) =>
          readOnly ? (
            <CellValue field={field} row={row ?? {}} />
          ) : (
            <FieldInput
              field={field}
              value={values[field.key]}
              invalid={!!problems[field.key]}
              disabled={!!(field.form && field.form.disabled)}
              formValues={values}
              mode={mode === 'edit' ? 'edit' : 'create'}
              row={row}
              onChange={(v) => {
                setValues((old) => ({ ...old, [field.key]: v }));
                if (serverField === field.key) {
                  setServerField(null);
                  setProblems(({ [field.key]: _gone, ...rest }) => rest);
                }
              }}
            />
          )
        }
      />
      {serverError && (
        <div className="p-error crud-form-server-error" data-testid="crud-form-error">
          {serverError}
        </div>
      )}
    </Dialog>
  );
});

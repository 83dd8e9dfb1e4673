import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { FieldInput } from '../../../../../components/crud/FieldInput';
import { FormGrid } from '../../../../../components/crud/FormGrid';
import type { FieldDef } from '../../../../../components/crud/types';
import { validateForm } from '../../../../../components/crud/validate';
import { useStore } from '../../../../../components/store-context';
import { failureMessage } from '../../../../../stores/errors';
import type { SystemConfigStore } from '../../../stores/system-config';
import { useSystemTexts } from '../locale';
import { groupBody, groupFields, itemBody, itemFields, keyProblem } from './fields';

export interface ConfigEntryDialogProps {
  /** The page's store: the new row goes through it. */
  store: SystemConfigStore;
  /** The group the new item joins; null: a new group. */
  group: { id: number; title: string } | null;
  /** Keys already used at that level (the group's items, or the groups). */
  takenKeys: readonly string[];
  onHide(): void;
  /** Called with the new row's key. */
  onCreated(key: string): void;
}

/** 新增分组 / 新增配置项: validated like the server (required, lengths, key characters, key unique at its level). */
export function ConfigEntryDialog({ store, group, takenKeys, onHide, onCreated }: ConfigEntryDialogProps) {
  const t = useSystemTexts();
  const root = useStore();
  const [values, setValues] = useState<Record<string, unknown>>(() => {
    const start: Record<string, unknown> = {};
    for (const field of group ? itemFields(t, {}) : groupFields(t)) start[field.key] = field.form ? (field.form.default ?? null) : null;
    return start;
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  const fields: FieldDef[] = group ? itemFields(t, values) : groupFields(t);

  const change = (key: string, value: unknown) =>
    setValues((old) => {
      const next = { ...old, [key]: value };
      // Another form type: the old value (and options) no longer fit it.
      if (key === 'form_item_type' && value !== old.form_item_type) {
        next.value = null;
        next.data_options = [];
      }
      return next;
    });

  const submit = async () => {
    const found = validateForm(fields, values, t);
    const keyIssue = found.key ? null : keyProblem(values.key, takenKeys, t);
    if (keyIssue) found.key = keyIssue;
    setProblems(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await store.create(group ? itemBody(values, group.id) : groupBody(values));
      root.notify({ severity: 'success', text: t('crud.created') });
      onCreated(String(values.key));
    } catch (error) {
      // The server's own message, as it came.
      setServerError(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const footer = (
    <div className="crud-form-footer">
      <Button type="button" size="small" outlined label={t('crud.cancel')} onClick={onHide} data-testid="crud-form-cancel" />
      <Button type="button" size="small" label={t('crud.ok')} loading={saving} onClick={() => void submit()} data-testid="crud-form-submit" />
    </div>
  );

  return (
    <Dialog
      header={group ? t('sys.config.addItemTitle', { group: group.title }) : t('sys.config.addGroup')}
      visible
      onHide={onHide}
      style={{ width: group ? '760px' : '480px', maxWidth: '96vw' }}
      footer={footer}
      data-testid="crud-form"
      className="crud-form-dialog"
    >
      <FormGrid
        fields={fields}
        problems={problems}
        onSubmit={() => void submit()}
        control={(field) => <FieldInput field={field} value={values[field.key]} invalid={!!problems[field.key]} onChange={(v) => change(field.key, v)} />}
      />
      {serverError && (
        <div className="p-error crud-form-server-error" data-testid="crud-form-error">
          {serverError}
        </div>
      )}
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, TextInput } from '../../../components/controls';
import { Permission } from '../../../components/Permission';
import './workbench.css';

/**
 * A small stand-in for the workbench (dashboard/workbench) until its real page lands: a note field
 * whose text survives tab switches when the menu marks the page cached, and buttons guarded by the
 * menu permissions (Retrieve, Update) so that permission differences between users show.
 */
export default function WorkbenchPage() {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <section className="demo-workbench" data-testid="workbench">
      <h2>{t('demo.workbenchTitle')}</h2>
      <label className="demo-workbench-field">
        <span>{t('demo.note')}</span>
        <TextInput data-testid="workbench-note" value={note} placeholder={t('demo.notePlaceholder')} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div className="demo-workbench-actions">
        <Permission name="Retrieve">
          <ActionButton data-testid="workbench-retrieve" label={t('demo.retrieve')} icon="pi pi-eye" className="p-button-info" />
        </Permission>
        <Permission name="Update">
          <ActionButton data-testid="workbench-update" label={t('demo.update')} icon="pi pi-pencil" />
        </Permission>
      </div>
    </section>
  );
}

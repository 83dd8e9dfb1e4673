import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceStore } from '../../stores/resource';
import { useStore } from '../store-context';
import { saveFile } from './download';

/** Import: download the template, choose a file, import; a refused import lists each bad row (nothing was written). */
export const ImportDialog = observer(function ImportDialog({ store, onHide }: { store: ResourceStore; onHide(): void }) {
  const { t } = useTranslation();
  const root = useStore();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  const template = async () => {
    try {
      saveFile(await store.importTemplate());
    } catch {
      // shown by the adapter
    }
  };
  const start = async () => {
    if (!file) return;
    if (await store.importFile(file, file.name)) {
      root.notify({ severity: 'success', text: store.importMessage || t('crud.imported') });
      close();
    }
  };
  const close = () => {
    store.clearImport();
    onHide();
  };

  return (
    <Dialog header={t('crud.importTitle')} visible onHide={close} style={{ width: 520 }} data-testid="crud-import-dialog">
      <div className="crud-import">
        <Button type="button" size="small" text icon="pi pi-file-excel" label={t('crud.downloadTemplate')} onClick={() => void template()} data-testid="crud-import-template" />
        <div className="crud-import-file">
          <Button type="button" size="small" outlined icon="pi pi-paperclip" label={t('crud.chooseFile')} onClick={() => input.current?.click()} />
          <span data-testid="crud-import-file-name">{file?.name ?? ''}</span>
          <input
            ref={input}
            type="file"
            hidden
            accept=".xlsx,.xls,.csv"
            data-testid="crud-import-input"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              store.clearImport();
            }}
          />
        </div>
        {store.importing && <span>{t('crud.importing')}</span>}
        {store.importProblems.length > 0 && (
          <div className="crud-import-errors p-error" data-testid="crud-import-errors">
            <p>{t('crud.importErrors')}</p>
            <ul>
              {store.importProblems.map((problem, index) => (
                <li key={index}>
                  {problem.row > 0 ? `#${problem.row}: ` : ''}
                  {problem.msg}
                </li>
              ))}
            </ul>
          </div>
        )}
        {store.importProblems.length === 0 && store.importMessage && !store.importing && (
          <div className="p-error" data-testid="crud-import-message">
            {store.importMessage}
          </div>
        )}
        <div className="crud-form-footer">
          <Button type="button" size="small" outlined label={t('crud.cancel')} onClick={close} />
          <Button type="button" size="small" label={t('crud.startImport')} disabled={!file || store.importing} onClick={() => void start()} data-testid="crud-import-start" />
        </div>
      </div>
    </Dialog>
  );
});

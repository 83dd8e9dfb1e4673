import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import './preview.css';

/** /preview?code=…: the H5 game preview (spec §2.1); the router sends visits without a code to 403. */
export default function PreviewPage({ code }: { code: string }) {
  const { t } = useTranslation();
  useDocumentTitle('shell.previewTitle');
  return (
    <div className="preview-page" data-testid="preview">
      <header>
        <h1>{t('shell.previewTitle')}</h1>
        <span data-testid="preview-code">{t('shell.previewCode', { code })}</span>
      </header>
      <div className="preview-device" role="img" aria-label={t('shell.previewFrame')}>
        <i className="pi pi-th-large" aria-hidden="true" />
        <strong>{code}</strong>
      </div>
    </div>
  );
}

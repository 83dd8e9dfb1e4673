import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { INDEX_PATH } from '../../config';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import './error.css';

/** The 403 page (the route named 403): e.g. /preview without a code (spec §5). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  useDocumentTitle('shell.forbiddenTitle');
  return (
    <div className="error-page" data-testid="forbidden">
      <div className="error-page-code" aria-hidden="true">
        {t('shell.forbiddenCode')}
      </div>
      <h1>{t('shell.forbiddenTitle')}</h1>
      <p>{t('shell.forbiddenText')}</p>
      <Link href={INDEX_PATH} className="error-page-back">
        <i className="pi pi-home" aria-hidden="true" />
        {t('shell.back')}
      </Link>
    </div>
  );
}

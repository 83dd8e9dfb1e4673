import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { INDEX_PATH } from '../../config';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import './not-found.css';

/** The error page for /404 and every unknown path. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle('route.notFound');
  return (
    <div className="not-found" data-testid="not-found">
      <div className="not-found-code" aria-hidden="true">
        {t('notFound.code')}
      </div>
      <h1>{t('route.notFound')}</h1>
      <p>{t('notFound.message')}</p>
      <Link href={INDEX_PATH} className="not-found-back" data-testid="not-found-back">
        <i className="pi pi-home" aria-hidden="true" />
        {t('notFound.back')}
      </Link>
    </div>
  );
}

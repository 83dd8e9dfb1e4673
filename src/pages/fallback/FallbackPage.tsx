import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { INDEX_PATH } from '../../config';
import './fallback.css';

/** Shown instead of a menu page whose file cannot be loaded (spec §2.3): clear, never a crash. */
export default function FallbackPage({ title, component }: { title: string; component: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-fallback" role="alert" data-testid="page-fallback">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <h2>{t('shell.fallbackTitle')}</h2>
      <p>{t('shell.fallbackText', { title, component })}</p>
      <Link href={INDEX_PATH} className="p-button p-component p-button-outlined">
        <span className="p-button-icon p-button-icon-left pi pi-home" aria-hidden="true" />
        <span className="p-button-label">{t('shell.back')}</span>
      </Link>
    </div>
  );
}

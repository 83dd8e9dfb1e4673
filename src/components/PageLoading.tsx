import { useTranslation } from 'react-i18next';

/** What shows while a page chunk or the user's data loads. */
export function PageLoading({ textKey = 'app.loading' }: { textKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="console-page-loading" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      <span>{t(textKey)}</span>
    </div>
  );
}

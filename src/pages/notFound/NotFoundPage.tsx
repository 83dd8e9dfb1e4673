import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../components/StatusPage/StatusPage';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** The error page for /404 and every unknown path. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle('route.notFound');
  return (
    <StatusPage
      code={t('notFound.code')}
      title={t('route.notFound')}
      text={t('notFound.message')}
      back={t('notFound.back')}
      tone="missing"
      testId="not-found"
      backTestId="not-found-back"
    />
  );
}

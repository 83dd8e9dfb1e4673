import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../components/StatusPage/StatusPage';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** The 403 page (the route named 403): e.g. /preview without a code (spec §5). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  useDocumentTitle('shell.forbiddenTitle');
  return <StatusPage code={t('shell.forbiddenCode')} title={t('shell.forbiddenTitle')} text={t('shell.forbiddenText')} back={t('shell.back')} tone="refusal" testId="forbidden" />;
}

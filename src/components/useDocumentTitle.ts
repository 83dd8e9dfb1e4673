import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_NAME_KEY } from '../config';

/** document.title = the fixed system name + ' - ' + the page title (spec §1). */
export function useDocumentTitle(titleKey: string): void {
  const { t } = useTranslation();
  const title = `${t(SYSTEM_NAME_KEY)} - ${t(titleKey)}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

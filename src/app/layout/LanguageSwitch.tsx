import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../components/store-context';

/** Toggles between 中文 and English (kept in the language cookie). */
export const LanguageSwitch = observer(function LanguageSwitch() {
  const root = useStore();
  const { t } = useTranslation();
  const next = root.locale.language === 'zh-chs' ? 'en' : 'zh-chs';
  return (
    <button type="button" className="console-icon-button console-language" title={t('header.language')} onClick={() => root.locale.setLanguage(next)}>
      <i className="pi pi-language" aria-hidden="true" />
      <span>{root.locale.language === 'zh-chs' ? '中' : 'EN'}</span>
    </button>
  );
});

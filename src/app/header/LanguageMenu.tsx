import { observer } from 'mobx-react-lite';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../config';
import { useStore } from '../../components/store-context';
import { HeaderTool } from './HeaderTool';

/**
 * Language (spec §4): kept in the language cookie; i18next follows at once, so menus, tabs, the page
 * title and open pages change together.
 */
export const LanguageMenu = observer(function LanguageMenu() {
  const root = useStore();
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const [open, setOpen] = useState(false);
  const current = root.locale.language;
  const items: MenuItem[] = LANGUAGES.map((language) => ({
    label: t(`personalize.languages.${language}`),
    command: () => root.preferences.setLocale(language),
    template: (item, options) => (
      <div className="p-menuitem-content" data-testid={`language-${language}`} aria-current={language === current ? 'true' : undefined}>
        <a className={options.className} href="#" tabIndex={-1} onClick={(event) => event.preventDefault()}>
          <span className={`pi ${language === current ? 'pi-check' : 'pi-fw'} p-menuitem-icon`} aria-hidden="true" />
          <span className={options.labelClassName}>{item.label}</span>
        </a>
      </div>
    ),
  }));
  return (
    <>
      <HeaderTool tip={t('personalize.language')} testId="header-language" onClick={(event) => menu.current?.toggle(event)} haspopup="menu" expanded={open} shown={current === 'zh-chs' ? '中' : 'EN'}>
        <i className="pi pi-language" aria-hidden="true" />
        <span className="header-language-code">{current === 'zh-chs' ? '中' : 'EN'}</span>
      </HeaderTool>
      <Menu model={items} popup ref={menu} onShow={() => setOpen(true)} onHide={() => setOpen(false)} popupAlignment="right" className="header-language-menu" />
    </>
  );
});

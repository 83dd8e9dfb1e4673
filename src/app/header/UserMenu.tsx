import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Menu } from 'primereact/menu';
import type { MenuItem, MenuItemOptions } from 'primereact/menuitem';
import { MESSAGE_DURATION_MS, STORYBOOK_PATH, USER_INFO_PATH } from '../../config';
import { useStore } from '../../components/store-context';
import { usePlugins } from '../../plugins/context';

function itemWithTestId(testId: string) {
  return function ItemTemplate(item: MenuItem, options: MenuItemOptions) {
    return (
      <div className="p-menuitem-content" data-testid={testId}>
        <a className={options.className} href="#" tabIndex={-1} onClick={(event) => event.preventDefault()}>
          <span className={options.iconClassName} aria-hidden="true" />
          <span className={options.labelClassName}>{item.label}</span>
        </a>
      </div>
    );
  };
}

/**
 * The user dropdown (spec §2.4): 你好 + name (or 未登录), the tenant name in tenant mode, the avatar if
 * any; items 个人信息 and 注销. Logout (spec §4): the screen turns grey and asks; confirm logs out,
 * cancel restores and says so.
 */
export const UserMenu = observer(function UserMenu() {
  const root = useStore();
  const plugins = usePlugins();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const menu = useRef<Menu>(null);
  const [asking, setAsking] = useState(false);
  const user = root.session.user;
  const tenant = plugins.tenantMode ? (user?.tenant_name ?? '') : '';

  const askLogout = () => {
    root.ui.setGray(true);
    setAsking(true);
  };

  const answered = (result: string) => {
    setAsking(false);
    if (result === 'accept') {
      void root.logout();
      return;
    }
    root.ui.setGray(false);
    root.notify({ severity: 'info', text: t('logout.cancelled'), life: MESSAGE_DURATION_MS });
  };

  const items: MenuItem[] = [
    { label: t('header.userInfo'), icon: 'pi pi-user', command: () => navigate(USER_INFO_PATH), template: itemWithTestId('user-menu-userinfo') },
    ...(root.session.reviewsDesign
      ? [{ label: t('header.storybook'), icon: 'pi pi-palette', command: () => void window.open(STORYBOOK_PATH, '_blank', 'noopener'), template: itemWithTestId('user-menu-storybook') }]
      : []),
    { separator: true },
    { label: t('header.logout'), icon: 'pi pi-power-off', command: askLogout, template: itemWithTestId('user-menu-logout') },
  ];

  return (
    <>
      {tenant && (
        <span className="header-tenant" data-testid="header-tenant" title={t('personalize.tenant')}>
          <i className="pi pi-building" aria-hidden="true" />
          {tenant}
        </span>
      )}
      <button type="button" className="console-user" data-testid="user-menu" aria-haspopup="menu" onClick={(event) => menu.current?.toggle(event)}>
        {user?.avatar ? (
          <img className="console-user-avatar" src={user.avatar} alt="" data-testid="user-menu-avatar" />
        ) : (
          <span className="console-user-avatar is-initial" aria-hidden="true" data-user-data>
            {user?.name ? user.name.slice(0, 1) : <i className="pi pi-user" />}
          </span>
        )}
        <span className="console-user-name">{user?.name ? t('header.greeting', { name: user.name }) : t('header.notSignedIn')}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <Menu model={items} popup ref={menu} popupAlignment="right" className="console-user-dropdown" />
      <ConfirmDialog
        visible={asking}
        onHide={answered}
        header={t('logout.title')}
        message={t('logout.message')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('logout.confirm')}
        rejectLabel={t('logout.cancel')}
        acceptClassName="p-button-warning"
        className="console-logout-dialog"
        defaultFocus="reject"
      />
    </>
  );
});

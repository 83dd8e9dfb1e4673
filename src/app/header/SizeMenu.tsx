import { observer } from 'mobx-react-lite';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIZE_OPTIONS, type SizeOption } from '../../config';
import { useStore } from '../../components/store-context';
import { HeaderTool } from './HeaderTool';

/** Size menu (spec §2.4): default, medium, small, mini; shows 已更新页面内组件的默认尺寸 after a choice. */
export const SizeMenu = observer(function SizeMenu() {
  const root = useStore();
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const [open, setOpen] = useState(false);
  const current = root.theme.size;

  const choose = (size: SizeOption) => {
    void root.theme.setSize(size);
    root.notify({ severity: 'success', text: t('personalize.sizeChanged'), life: 3000 });
  };

  const items: MenuItem[] = SIZE_OPTIONS.map((size) => ({
    label: t(`personalize.sizes.${size}`),
    icon: size === current ? 'pi pi-check' : 'pi pi-fw',
    className: size === current ? 'is-active' : undefined,
    data: size,
    command: () => choose(size),
    template: (item, options) => (
      <div className="p-menuitem-content" data-testid={`size-${size}`} aria-current={size === current ? 'true' : undefined}>
        <a className={options.className} href="#" tabIndex={-1} onClick={(event) => event.preventDefault()}>
          <span className={options.iconClassName} aria-hidden="true" />
          <span className={options.labelClassName}>{item.label}</span>
        </a>
      </div>
    ),
  }));

  return (
    <>
      <HeaderTool tip={t('personalize.size')} testId="header-size" onClick={(event) => menu.current?.toggle(event)} haspopup="menu" expanded={open}>
        <i className="pi pi-arrows-v" aria-hidden="true" />
      </HeaderTool>
      <Menu model={items} popup ref={menu} onShow={() => setOpen(true)} onHide={() => setOpen(false)} popupAlignment="right" className="header-size-menu" />
    </>
  );
});

import { observer } from 'mobx-react-lite';
import { InputSwitch } from 'primereact/inputswitch';
import { OverlayPanel } from 'primereact/overlaypanel';
import { RadioButton } from 'primereact/radiobutton';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTAINER_TYPES } from '../../config';
import { useStore } from '../../components/store-context';
import { HeaderTool } from './HeaderTool';

/**
 * Layout choices (spec §2.4): container full / card / ghost, smooth scrolling, page transitions, gray
 * mode. The theme's own controls (PrimeReact RadioButton and InputSwitch), each with its label.
 */
export const LayoutSettings = observer(function LayoutSettings() {
  const root = useStore();
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const [open, setOpen] = useState(false);
  const { ui } = root;
  const switches = [
    { key: 'smooth', label: t('personalize.smoothScroll'), checked: ui.smoothScroll, set: ui.setSmoothScroll },
    { key: 'transition', label: t('personalize.transition'), checked: ui.transition, set: ui.setTransition },
    { key: 'gray', label: t('personalize.gray'), checked: ui.gray, set: ui.setGray },
  ];
  return (
    <>
      <HeaderTool tip={t('personalize.layout')} testId="header-layout" onClick={(event) => panel.current?.toggle(event)} haspopup="dialog" expanded={open}>
        <i className="pi pi-th-large" aria-hidden="true" />
      </HeaderTool>
      <OverlayPanel ref={panel} className="header-layout-panel" onShow={() => setOpen(true)} onHide={() => setOpen(false)} aria-label={t('personalize.layout')}>
        <fieldset className="header-layout-group">
          <legend>{t('personalize.container')}</legend>
          {CONTAINER_TYPES.map((type) => (
            <div key={type} className="header-layout-option">
              <RadioButton
                inputId={`console-container-${type}`}
                name="console-container"
                value={type}
                checked={ui.container === type}
                data-testid={`container-${type}`}
                onChange={() => ui.setContainer(type)}
              />
              <label htmlFor={`console-container-${type}`}>{t(`personalize.containers.${type}`)}</label>
            </div>
          ))}
        </fieldset>
        {switches.map((item) => (
          <div key={item.key} className="header-layout-check">
            <label htmlFor={`console-layout-${item.key}`}>{item.label}</label>
            <InputSwitch inputId={`console-layout-${item.key}`} checked={item.checked} data-testid={`layout-${item.key}`} onChange={(event) => item.set(!!event.value)} />
          </div>
        ))}
      </OverlayPanel>
    </>
  );
});

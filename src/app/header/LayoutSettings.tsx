import { observer } from 'mobx-react-lite';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTAINER_TYPES } from '../../config';
import { useStore } from '../../components/store-context';
import { HeaderTool } from './HeaderTool';

/** Layout choices (spec §2.4): container full / card / ghost, smooth scrolling, page transitions, gray mode. */
export const LayoutSettings = observer(function LayoutSettings() {
  const root = useStore();
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const { ui } = root;
  return (
    <>
      <HeaderTool tip={t('personalize.layout')} testId="header-layout" onClick={(event) => panel.current?.toggle(event)} haspopup="dialog">
        <i className="pi pi-th-large" aria-hidden="true" />
      </HeaderTool>
      <OverlayPanel ref={panel} className="header-layout-panel">
        <fieldset className="header-layout-group">
          <legend>{t('personalize.container')}</legend>
          {CONTAINER_TYPES.map((type) => (
            <label key={type}>
              <input type="radio" name="console-container" value={type} checked={ui.container === type} data-testid={`container-${type}`} onChange={() => ui.setContainer(type)} />
              {t(`personalize.containers.${type}`)}
            </label>
          ))}
        </fieldset>
        <label className="header-layout-check">
          <input type="checkbox" checked={ui.smoothScroll} data-testid="layout-smooth" onChange={(event) => ui.setSmoothScroll(event.target.checked)} />
          {t('personalize.smoothScroll')}
        </label>
        <label className="header-layout-check">
          <input type="checkbox" checked={ui.transition} data-testid="layout-transition" onChange={(event) => ui.setTransition(event.target.checked)} />
          {t('personalize.transition')}
        </label>
        <label className="header-layout-check">
          <input type="checkbox" checked={ui.gray} data-testid="layout-gray" onChange={(event) => ui.setGray(event.target.checked)} />
          {t('personalize.gray')}
        </label>
      </OverlayPanel>
    </>
  );
});

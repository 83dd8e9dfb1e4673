import { observer } from 'mobx-react-lite';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_COLOR } from '../../config';
import { useStore } from '../../components/store-context';
import { HeaderTool } from './HeaderTool';

/** Colour picker (spec §2.4, §9): seven presets plus a free choice; recolours the whole interface. */
export const ColorPicker = observer(function ColorPicker() {
  const root = useStore();
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const [open, setOpen] = useState(false);
  const current = root.theme.color.toLowerCase();

  // The native colour input wants #rrggbb.
  const six = current.length === 4 ? '#' + [...current.slice(1)].map((d) => d + d).join('') : current;

  return (
    <>
      <HeaderTool tip={t('personalize.color')} testId="header-color" onClick={(event) => panel.current?.toggle(event)} haspopup="dialog" expanded={open}>
        <span className="header-color-dot" style={{ background: root.theme.color }} aria-hidden="true" />
      </HeaderTool>
      <OverlayPanel ref={panel} className="header-color-panel" onShow={() => setOpen(true)} onHide={() => setOpen(false)}>
        <div className="header-color-title">{t('personalize.colorPresets')}</div>
        <div className="header-color-presets" role="listbox" aria-label={t('personalize.colorPresets')}>
          {root.theme.colorPresets.map((color) => (
            <button
              key={color}
              type="button"
              role="option"
              aria-selected={current === color}
              aria-label={color}
              data-testid={`color-${color.slice(1)}`}
              className={`header-color-swatch${current === color ? ' is-active' : ''}`}
              style={{ background: color }}
              onClick={() => void root.theme.setColor(color)}
            />
          ))}
        </div>
        <label className="header-color-custom">
          <span>{t('personalize.colorCustom')}</span>
          <input type="color" data-testid="color-custom" value={six} onChange={(event) => void root.theme.setColor(event.target.value)} />
          <code>{root.theme.color}</code>
        </label>
        <button type="button" className="p-button p-component p-button-text p-button-sm" data-testid="color-reset" onClick={() => void root.theme.setColor(DEFAULT_THEME_COLOR)}>
          <span className="p-button-label">{t('personalize.colorReset')}</span>
        </button>
      </OverlayPanel>
    </>
  );
});

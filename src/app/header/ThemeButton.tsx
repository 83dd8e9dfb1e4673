import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderTool } from './HeaderTool';
import { ThemeDialog } from './ThemeDialog';

/** Opens the theme dialog. */
export function ThemeButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <HeaderTool tip={t('personalize.theme')} testId="header-theme" onClick={() => setOpen(true)} haspopup="dialog" expanded={open}>
        <i className="pi pi-palette" aria-hidden="true" />
      </HeaderTool>
      <ThemeDialog visible={open} onHide={() => setOpen(false)} />
    </>
  );
}

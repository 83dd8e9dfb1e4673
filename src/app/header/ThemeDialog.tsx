import { observer } from 'mobx-react-lite';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { THEME_DIALOG_WIDTH_PX } from '../../config';
import { useStore } from '../../components/store-context';

/** Theme dialog (spec §2.4): 600px, a table of title, preview image and 已激活 / 使用. */
export const ThemeDialog = observer(function ThemeDialog({ visible, onHide }: { visible: boolean; onHide(): void }) {
  const root = useStore();
  const { t } = useTranslation();
  const active = root.theme.activeName;
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('personalize.themeDialogTitle')}
      style={{ width: `${THEME_DIALOG_WIDTH_PX}px` }}
      className="theme-dialog"
      data-testid="theme-dialog"
      dismissableMask
      draggable={false}
    >
      <table className="theme-table">
        <thead>
          <tr>
            <th>{t('personalize.themeColumnTitle')}</th>
            <th>{t('personalize.themeColumnPreview')}</th>
            <th>{t('personalize.themeColumnAction')}</th>
          </tr>
        </thead>
        <tbody>
          {root.theme.list.map((theme) => {
            const isActive = theme.name === active;
            return (
              <tr key={theme.name} data-theme-row={theme.name} className={isActive ? 'is-active' : undefined}>
                <td>{t(theme.titleKey)}</td>
                <td>
                  <img className="theme-preview" src={theme.preview} alt={t(theme.titleKey)} width={160} height={100} loading="lazy" />
                </td>
                <td>
                  <button
                    type="button"
                    className={`p-button p-component p-button-sm ${isActive ? 'p-button-success' : 'p-button-outlined'}`}
                    disabled={isActive}
                    data-testid={`theme-use-${theme.name}`}
                    onClick={() => void root.theme.activate(theme.name)}
                  >
                    <span className="p-button-label">{t(isActive ? 'personalize.themeActive' : 'personalize.themeUse')}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Dialog>
  );
});

import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';

/** Icons offered for menus (font-awesome names as the back end stores them, drawn with primeicons). */
export const MENU_ICONS = [
  'cog', 'user', 'users', 'home', 'bars', 'list', 'book', 'file', 'folder', 'sitemap', 'bell', 'envelope', 'calendar', 'chart-bar',
  'chart-line', 'desktop', 'database', 'globe', 'key', 'lock', 'shield', 'tag', 'tags', 'wrench', 'search', 'star', 'heart', 'image',
  'map-marker', 'external-link', 'clock', 'history', 'table', 'th-large', 'briefcase', 'building', 'comment', 'comments', 'credit-card',
  'download', 'upload', 'server', 'sliders-h', 'flag', 'gift', 'paperclip', 'shopping-cart', 'bolt', 'link', 'money-bill',
] as const;

const primeIcon = (name: string) => `pi pi-${name === 'cog' ? 'cog' : name}`;

/** Icon picker of the menu form: a searchable list showing each icon. */
export function IconPicker({ value, onChange, disabled }: { value: string | null | undefined; onChange(value: string | null): void; disabled?: boolean }) {
  const { t } = useTranslation();
  const options = MENU_ICONS.map((name) => ({ label: name, value: name }));
  const row = (option: { label: string } | null) =>
    option ? (
      <span className="icon-picker-item">
        <i className={primeIcon(option.label)} /> {option.label}
      </span>
    ) : (
      <span>{t('cells.iconPlaceholder')}</span>
    );
  return (
    <Dropdown
      pt={{ select: { 'aria-hidden': true } }}
      className="w-full p-inputtext-sm"
      data-testid="icon-picker"
      value={value ?? null}
      options={options}
      filter
      showClear
      editable
      disabled={disabled}
      placeholder={t('cells.iconPlaceholder')}
      itemTemplate={row}
      onChange={(event) => onChange(typeof event.value === 'string' && event.value ? event.value : null)}
    />
  );
}

import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { arrayItems, cellText } from './text';

/** Array display (spec §2.5): the first 50 items as tags, then '...'. */
export function ArrayCell({ value, label }: { value: unknown; label?: (item: unknown) => string }) {
  const { t } = useTranslation();
  const items: unknown[] = Array.isArray(value) ? value : [];
  if (items.length === 0) return <span className="cell-empty">{t('app.unavailable')}</span>;
  const { shown, more } = arrayItems(items);
  return (
    <span className="cell-array" data-testid="array-cell">
      {shown.map((item, index) => (
        <Tag key={index} value={label ? label(item) : cellText(item)} className="cell-tag" />
      ))}
      {more && <span data-testid="array-cell-more">{t('cells.more')}</span>}
    </span>
  );
}

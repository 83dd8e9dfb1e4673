import { LightTag } from './LightTag';
import { arrayItems, cellText, UNAVAILABLE } from './text';

/** Array display (spec §2.5): the first 50 items as tags, then '...'. */
export function ArrayCell({ value, label }: { value: unknown; label?: (item: unknown) => string }) {
  const items: unknown[] = Array.isArray(value) ? value : [];
  if (items.length === 0) return <span className="cell-empty">{UNAVAILABLE}</span>;
  const { shown, more } = arrayItems(items);
  return (
    <span className="cell-array" data-testid="array-cell">
      {shown.map((item, index) => (
        <LightTag key={index} value={label ? label(item) : cellText(item)} />
      ))}
      {more && <span data-testid="array-cell-more">...</span>}
    </span>
  );
}

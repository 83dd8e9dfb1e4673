import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { TRACKING_IDENTIFIER, TRACKING_MAX_PROPERTIES, TRACKING_PROPERTY_TYPES } from '../../../config';
import type { PropertyDef } from '../stores/tracking';
import type { PropertyType } from '../../../stores/types';
import { useTrackingTexts } from './locale';
import './tracking.css';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The list as the form holds it (anything else reads as no properties). */
export function propertiesOf(value: unknown): PropertyDef[] {
  return Array.isArray(value) ? (value as PropertyDef[]) : [];
}

/** The client's rules for a definition's properties (the server checks the same): names lower snake case, unique, at most 50. */
export function propertiesProblem(value: unknown, t: T): string | null {
  const list = propertiesOf(value);
  if (list.length > TRACKING_MAX_PROPERTIES) return t('tracking.props.tooMany', { max: TRACKING_MAX_PROPERTIES });
  const seen = new Set<string>();
  for (const [i, p] of list.entries()) {
    const name = p.name.trim();
    if (!name) return t('tracking.props.emptyName', { n: i + 1 });
    if (!TRACKING_IDENTIFIER.test(name)) return t('tracking.props.badName', { name });
    if (seen.has(name)) return t('tracking.props.duplicate', { name });
    seen.add(name);
  }
  return null;
}

export interface PropertiesEditorProps {
  value: unknown;
  onChange(value: PropertyDef[]): void;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  testId?: string;
}

/**
 * An event definition's properties: rows of name, type (string / number / boolean / datetime) and a
 * required box; add and remove. A row whose name breaks the rules (lower snake case, unique) is marked
 * at once; the form's check says why on save.
 */
export function PropertiesEditor({ value, onChange, disabled = false, invalid = false, id, testId = 'properties' }: PropertiesEditorProps) {
  const t = useTrackingTexts();
  const list = propertiesOf(value);
  const counts = new Map<string, number>();
  for (const p of list) counts.set(p.name.trim(), (counts.get(p.name.trim()) ?? 0) + 1);
  const set = (i: number, patch: Partial<PropertyDef>) => onChange(list.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const types = TRACKING_PROPERTY_TYPES.map((type) => ({ value: type, label: t(`tracking.props.types.${type}`) }));
  return (
    <div className={`tracking-editor${invalid ? ' is-invalid' : ''}`} id={id} data-testid={testId}>
      {list.length === 0 && <span className="tracking-muted">{t('tracking.props.empty')}</span>}
      {list.map((p, i) => {
        const name = p.name.trim();
        const bad = name !== '' && (!TRACKING_IDENTIFIER.test(name) || (counts.get(name) ?? 0) > 1);
        return (
          <div className="tracking-editor-row" key={i} data-testid={`${testId}-row`}>
            <InputText
              className={`p-inputtext-sm${bad ? ' p-invalid' : ''}`}
              value={p.name}
              disabled={disabled}
              placeholder={t('tracking.props.namePlaceholder')}
              aria-label={`${t('tracking.props.name')} ${i + 1}`}
              aria-invalid={bad}
              onChange={(e) => set(i, { name: e.target.value })}
              data-testid={`${testId}-name-${i}`}
            />
            <Dropdown
              className="p-inputtext-sm"
              value={p.type}
              options={types}
              disabled={disabled}
              aria-label={`${t('tracking.props.type')} ${i + 1}`}
              onChange={(e) => set(i, { type: e.value as PropertyType })}
              data-testid={`${testId}-type-${i}`}
            />
            <label className="tracking-editor-row">
              <Checkbox checked={p.required} disabled={disabled} onChange={(e) => set(i, { required: !!e.checked })} data-testid={`${testId}-required-${i}`} />
              <span>{t('tracking.props.required')}</span>
            </label>
            <Button
              type="button"
              size="small"
              text
              severity="danger"
              icon="pi pi-trash"
              disabled={disabled}
              aria-label={`${t('tracking.props.remove')} ${i + 1}`}
              onClick={() => onChange(list.filter((_, j) => j !== i))}
              data-testid={`${testId}-remove-${i}`}
            />
          </div>
        );
      })}
      <div>
        <Button
          type="button"
          size="small"
          outlined
          icon="pi pi-plus"
          label={t('tracking.props.add')}
          disabled={disabled || list.length >= TRACKING_MAX_PROPERTIES}
          onClick={() => onChange([...list, { name: '', type: 'string', required: false }])}
          data-testid={`${testId}-add`}
        />
      </div>
    </div>
  );
}

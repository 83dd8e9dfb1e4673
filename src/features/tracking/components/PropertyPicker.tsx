import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import type { LoadState } from '../../../stores/menu';
import type { PropertyDef } from '../stores/tracking';
import { useTrackingTexts } from './locale';

/** The picker's value for "none" (an empty value would show as nothing chosen). */
export const NO_PROPERTY = ' none';

interface PropertyPickerProps {
  value: string;
  properties: readonly PropertyDef[];
  onChange: (name: string) => void;
  placeholder: string;
  testId?: string;
  /** A first option meaning "no property" (the breakdown's 不分组), with this label. */
  noneLabel?: string;
  state: LoadState;
}

/**
 * A property of the chosen events: every property declared on them or seen in the data in the range
 * (declared first), each with its observed type and where it comes from; a filter box for long lists.
 */
export function PropertyPicker({ value, properties, onChange, placeholder, testId, noneLabel, state }: PropertyPickerProps) {
  const t = useTrackingTexts();
  const typeText = (type: string) => (type === 'string' || type === 'number' || type === 'boolean' ? t(`tracking.analysis.properties.types.${type}`) : type);
  const originText = (p: PropertyDef) => (p.declared === false ? t('tracking.analysis.properties.seen') : t('tracking.analysis.properties.declared'));
  // The option's label (its accessible name) is what it shows: name, type and origin; the chosen value shows the name alone.
  const options = [
    ...(noneLabel ? [{ value: NO_PROPERTY, label: noneLabel, property: null }] : []),
    ...properties.map((p) => ({ value: p.name, label: `${p.name} ${typeText(p.type)} ${originText(p)}`, property: p })),
  ];
  return (
    <Dropdown
      className="p-inputtext-sm"
      value={value || (noneLabel ? NO_PROPERTY : null)}
      options={options}
      placeholder={placeholder}
      filter={properties.length > 8}
      scrollHeight="20rem"
      pt={{ filterInput: { 'aria-label': t('tracking.analysis.properties.filter') } }}
      emptyMessage={state === 'loading' ? t('tracking.analysis.properties.loading') : t('tracking.analysis.properties.empty')}
      itemTemplate={(o: (typeof options)[number]) =>
        o.property ? (
          <span className="tracking-prop-option" data-testid="property-option">
            <span className="tracking-prop-name">{o.property.name}</span> <span className="tracking-prop-type">{typeText(o.property.type)}</span>{' '}
            <span className={`tracking-prop-origin${o.property.declared === false ? ' is-seen' : ''}`}>{originText(o.property)}</span>
          </span>
        ) : (
          <span>{o.label}</span>
        )
      }
      valueTemplate={(o: (typeof options)[number] | null, props: { placeholder?: string }) => (o ? (o.property?.name ?? o.label) : (props.placeholder ?? placeholder))}
      onChange={(e) => onChange(e.value === NO_PROPERTY ? '' : String(e.value ?? ''))}
      data-testid={testId}
      aria-label={placeholder}
    />
  );
}

/** One line under the form: the properties are being read, none were found, reading failed (retry), or how many there are. */
export function PropertiesStatus({ state, error, properties, onRetry }: { state: LoadState; error: string; properties: readonly PropertyDef[]; onRetry: () => void }) {
  const t = useTrackingTexts();
  if (state === 'idle') return null;
  if (state === 'loading') {
    return (
      <div className="tracking-muted" role="status" data-testid="analysis-properties-loading">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('tracking.analysis.properties.loading')}
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <div className="tracking-muted tracking-prop-failed" role="alert" data-testid="analysis-properties-error">
        <span>{t('tracking.analysis.properties.failed', { error })}</span>
        <Button size="small" text icon="pi pi-refresh" label={t('tracking.analysis.retry')} onClick={onRetry} data-testid="analysis-properties-retry" />
      </div>
    );
  }
  if (properties.length === 0) return <div className="tracking-muted" data-testid="analysis-properties-empty">{t('tracking.analysis.properties.empty')}</div>;
  return (
    <div className="tracking-muted" data-testid="analysis-properties-summary">
      {t('tracking.analysis.properties.summary', { count: properties.length, declared: properties.filter((p) => p.declared !== false).length })}
    </div>
  );
}

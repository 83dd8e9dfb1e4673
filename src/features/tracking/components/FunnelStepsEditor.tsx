import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { FUNNEL_MAX_STEPS, FUNNEL_MIN_STEPS, FUNNEL_WINDOW_MAX_SECONDS, FUNNEL_WINDOW_MIN_SECONDS, TRACKING_FILTER_OPS } from '../../../config';
import { WINDOW_UNIT_SECONDS, windowParts, type EventChoice, type PropertyDef } from '../stores/tracking';
import type { FilterOperator, PropertyFilter } from '../../../stores/types';
import { useTrackingTexts } from './locale';
import './tracking.css';

type T = (key: string, params?: Record<string, unknown>) => string;

export interface FunnelStepValue {
  event: string;
  filters?: PropertyFilter[];
}

export function stepsOf(value: unknown): FunnelStepValue[] {
  return Array.isArray(value) ? (value as FunnelStepValue[]) : [];
}

/** The client's rules (the server's again): 2..10 steps, each with an event, every condition complete. */
export function stepsProblem(value: unknown, t: T): string | null {
  const steps = stepsOf(value);
  if (steps.length < FUNNEL_MIN_STEPS) return t('tracking.steps.tooFew', { min: FUNNEL_MIN_STEPS });
  if (steps.length > FUNNEL_MAX_STEPS) return t('tracking.steps.tooMany', { max: FUNNEL_MAX_STEPS });
  for (const [i, s] of steps.entries()) {
    if (!s.event) return t('tracking.steps.missingEvent', { n: i + 1 });
    if ((s.filters ?? []).some((f) => !f.property || f.value === '' || f.value === null || f.value === undefined)) return t('tracking.steps.badFilter', { n: i + 1 });
  }
  return null;
}

export function windowProblem(value: unknown, t: T): string | null {
  const n = Number(value);
  if (!Number.isInteger(n) || n < FUNNEL_WINDOW_MIN_SECONDS || n > FUNNEL_WINDOW_MAX_SECONDS) return t('tracking.window.rule');
  return null;
}

export interface FunnelStepsEditorProps {
  value: unknown;
  onChange(value: FunnelStepValue[]): void;
  /** The game's events (its own and the global ones); null until a game is chosen. */
  events: EventChoice[] | null;
  /** The properties seen on an event in the data (declared ones first), when known: offered besides the declared ones. */
  seenProperties?: (event: string) => readonly PropertyDef[] | undefined;
  loading?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  testId?: string;
}

/** A condition's value typed as its property is (number, boolean), else the text. */
function typed(raw: string, type: string | undefined): string | number | boolean {
  if (type === 'number' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/**
 * A funnel's ordered steps: each an event of the game (own or global) with optional property
 * conditions (property, operator, value); add, remove, move up and down; 2 to 10 steps.
 */
export function FunnelStepsEditor({ value, onChange, events, seenProperties, loading = false, disabled = false, invalid = false, id, testId = 'steps' }: FunnelStepsEditorProps) {
  const t = useTrackingTexts();
  const steps = stepsOf(value);
  if (events === null) return <span className="tracking-muted" id={id} data-testid={`${testId}-no-game`}>{t('tracking.steps.chooseGame')}</span>;
  const set = (i: number, patch: Partial<FunnelStepValue>) => onChange(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    const [step] = next.splice(i, 1);
    if (step) next.splice(i + by, 0, step);
    onChange(next);
  };
  const eventOptions = events.map((e) => ({ value: e.event, label: e.name === e.event ? e.event : `${e.name} (${e.event})` }));
  const ops = TRACKING_FILTER_OPS.map((op) => ({ value: op, label: t(`tracking.ops.${op}`) }));
  return (
    <div className={`tracking-editor${invalid ? ' is-invalid' : ''}`} id={id} data-testid={testId}>
      {loading && <span className="tracking-muted">{t('tracking.steps.loadingEvents')}</span>}
      {steps.map((step, i) => {
        const declared = events.find((e) => e.event === step.event)?.properties ?? [];
        const seen = step.event ? (seenProperties?.(step.event) ?? []) : [];
        const props = [...declared, ...seen.filter((p) => !declared.some((d) => d.name === p.name))];
        const filters = step.filters ?? [];
        const setFilter = (k: number, patch: Partial<PropertyFilter>) => set(i, { filters: filters.map((f, j) => (j === k ? { ...f, ...patch } : f)) });
        return (
          <div className="tracking-step" key={i} data-testid={`${testId}-step`}>
            <div className="tracking-step-head">
              <span className="tracking-step-no">{t('tracking.steps.step', { n: i + 1 })}</span>
              <Dropdown
                className="p-inputtext-sm"
                style={{ minWidth: 220 }}
                value={step.event || null}
                options={eventOptions}
                filter={eventOptions.length > 8}
                disabled={disabled}
                placeholder={t('tracking.steps.event')}
                aria-label={`${t('tracking.steps.step', { n: i + 1 })} ${t('tracking.steps.event')}`}
                onChange={(e) => set(i, { event: String(e.value ?? ''), filters: [] })}
                data-testid={`${testId}-event-${i}`}
              />
              <Button type="button" size="small" text icon="pi pi-arrow-up" disabled={disabled || i === 0} aria-label={`${t('tracking.steps.up')} ${i + 1}`} onClick={() => move(i, -1)} data-testid={`${testId}-up-${i}`} />
              <Button type="button" size="small" text icon="pi pi-arrow-down" disabled={disabled || i === steps.length - 1} aria-label={`${t('tracking.steps.down')} ${i + 1}`} onClick={() => move(i, 1)} data-testid={`${testId}-down-${i}`} />
              <Button type="button" size="small" text icon="pi pi-filter" disabled={disabled || !step.event || props.length === 0} aria-label={`${t('tracking.steps.addFilter')} ${i + 1}`} onClick={() => set(i, { filters: [...filters, { property: props[0]?.name ?? '', op: 'eq', value: '' }] })} data-testid={`${testId}-add-filter-${i}`} />
              <Button type="button" size="small" text severity="danger" icon="pi pi-trash" disabled={disabled} aria-label={`${t('tracking.steps.remove')} ${i + 1}`} onClick={() => onChange(steps.filter((_, j) => j !== i))} data-testid={`${testId}-remove-${i}`} />
            </div>
            {filters.map((f, k) => (
              <div className="tracking-editor-row" key={k} data-testid={`${testId}-filter-${i}`}>
                <Dropdown className="p-inputtext-sm" value={f.property || null} options={props.map((p) => ({ value: p.name, label: p.name }))} disabled={disabled} aria-label={t('tracking.steps.property')} onChange={(e) => setFilter(k, { property: String(e.value ?? '') })} />
                <Dropdown className="p-inputtext-sm" value={f.op} options={ops} disabled={disabled} aria-label={t('tracking.steps.op')} onChange={(e) => setFilter(k, { op: e.value as FilterOperator })} />
                <InputText
                  className="p-inputtext-sm"
                  value={String(f.value)}
                  disabled={disabled}
                  placeholder={t('tracking.steps.value')}
                  aria-label={t('tracking.steps.value')}
                  onChange={(e) => setFilter(k, { value: typed(e.target.value, props.find((p) => p.name === f.property)?.type) })}
                />
                <Button type="button" size="small" text severity="danger" icon="pi pi-times" disabled={disabled} aria-label={t('tracking.steps.removeFilter')} onClick={() => set(i, { filters: filters.filter((_, j) => j !== k) })} />
              </div>
            ))}
          </div>
        );
      })}
      <div>
        <Button
          type="button"
          size="small"
          outlined
          icon="pi pi-plus"
          label={t('tracking.steps.add')}
          disabled={disabled || steps.length >= FUNNEL_MAX_STEPS}
          onClick={() => onChange([...steps, { event: '' }])}
          data-testid={`${testId}-add`}
        />
      </div>
    </div>
  );
}

/** A conversion window as a number and a unit (minutes, hours, days); the value is seconds. */
export function WindowInput({ value, onChange, disabled = false, invalid = false, id, testId = 'window' }: { value: unknown; onChange(seconds: number): void; disabled?: boolean; invalid?: boolean; id?: string; testId?: string }) {
  const t = useTrackingTexts();
  const seconds = Number(value) || 0;
  const parts = windowParts(seconds || 86_400);
  return (
    <div className="tracking-editor-row" data-testid={testId}>
      <InputNumber
        inputId={id}
        inputClassName={`p-inputtext-sm${invalid ? ' p-invalid' : ''}`}
        value={seconds ? parts.value : null}
        min={1}
        useGrouping={false}
        disabled={disabled}
        onValueChange={(e) => onChange((e.value ?? 0) * WINDOW_UNIT_SECONDS[parts.unit])}
        aria-label={t('tracking.field.window')}
        data-testid={`${testId}-value`}
      />
      <Dropdown
        className="p-inputtext-sm"
        value={parts.unit}
        options={(['minutes', 'hours', 'days'] as const).map((u) => ({ value: u, label: t(`tracking.window.${u}`) }))}
        disabled={disabled}
        aria-label={t('tracking.field.window')}
        onChange={(e) => onChange(parts.value * WINDOW_UNIT_SECONDS[e.value as keyof typeof WINDOW_UNIT_SECONDS])}
        data-testid={`${testId}-unit`}
      />
    </div>
  );
}

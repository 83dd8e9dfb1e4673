import { observer } from 'mobx-react-lite';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Paginator } from 'primereact/paginator';
import { Tag } from 'primereact/tag';
import { RUN_STATE_SEVERITY, type ArgProblem, type ArgValues } from '../stores/automation';
import { formatDate } from '../../../stores/format';
import type { RunState, TaskArgument } from '../../../stores/types';
import { useAutomationTexts } from './locale';

type T = ReturnType<typeof useAutomationTexts>;

const kindKey = (kind: string) => kind.replace(/\./g, '_');

/** A task kind's name in the interface language (the server's text for a kind the console does not know). */
export function kindName(t: T, kind: string, serverName: string): string {
  return t(`automation.kinds.${kindKey(kind)}.name`, { defaultValue: serverName });
}
export function kindDescription(t: T, kind: string, serverText: string): string {
  return t(`automation.kinds.${kindKey(kind)}.description`, { defaultValue: serverText });
}
export function argLabel(t: T, arg: TaskArgument): string {
  return t(`automation.args.${arg.name}`, { defaultValue: arg.label });
}
export function optionLabel(t: T, option: string): string {
  return t(`automation.options.${option}`, { defaultValue: option });
}
export function problemText(t: T, arg: TaskArgument, problem: ArgProblem): string {
  return t(`automation.problems.${problem.kind}`, { label: argLabel(t, arg), limit: 'limit' in problem ? problem.limit : '' });
}

/** A run state as a coloured tag. */
/** What a paged list's pager needs of its store. */
export interface PagedList {
  readonly page: number;
  readonly limit: number;
  readonly total: number;
  setPage(page: number, limit?: number): Promise<void>;
}

/** The pager under a paged list (the task runs, a page check's history): 10 to 100 rows a page, the total in words. */
export const ListPager = observer(function ListPager({ store, testId }: { store: PagedList; testId: string }) {
  const t = useAutomationTexts();
  return (
    <Paginator
      first={(store.page - 1) * store.limit}
      rows={store.limit}
      totalRecords={store.total}
      rowsPerPageOptions={[10, 20, 50, 100]}
      onPageChange={(e) => void store.setPage(e.page + 1, e.rows)}
      template="PrevPageLink PageLinks NextPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate={t('automation.task.total', { n: store.total })}
      data-testid={testId}
    />
  );
});

export function RunStateTag({ state, testId }: { state: RunState; testId?: string }) {
  const t = useAutomationTexts();
  return <Tag className="automation-state" value={t(`automation.states.${state}`)} severity={RUN_STATE_SEVERITY[state]} data-state={state} data-testid={testId} />;
}

const fromDay = (s: unknown) => (typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10))) : null);

/**
 * The form of a task kind's arguments, built from its `arguments` description (string, text, integer,
 * date, enum), labelled in the interface language; each problem under its input.
 */
export function ArgsForm({
  form,
  values,
  onChange,
  problems = {},
  idPrefix,
  disabled = false,
}: {
  form: readonly TaskArgument[];
  values: ArgValues;
  onChange(values: ArgValues): void;
  problems?: Record<string, ArgProblem>;
  idPrefix: string;
  disabled?: boolean;
}) {
  const t = useAutomationTexts();
  if (form.length === 0) return <p className="tracking-muted" data-testid={`${idPrefix}-no-args`}>{t('automation.task.noArgs')}</p>;
  const set = (name: string, value: unknown) => onChange({ ...values, [name]: value });
  return (
    <div className="automation-args" data-testid={`${idPrefix}-args`}>
      {form.map((arg) => {
        const id = `${idPrefix}-${arg.name}`;
        const value = values[arg.name];
        const problem = problems[arg.name];
        const invalid = problem !== undefined;
        const common = { id, disabled, 'data-testid': id, 'aria-invalid': invalid || undefined, className: invalid ? 'p-invalid' : undefined };
        let input;
        if (arg.type === 'integer') {
          input = (
            <InputNumber
              inputId={id}
              value={typeof value === 'number' ? value : value === null || value === undefined || value === '' ? null : Number(value)}
              onValueChange={(e) => set(arg.name, e.value ?? null)}
              onChange={(e) => set(arg.name, e.value ?? null)}
              useGrouping={false}
              {...(arg.min !== undefined ? { min: arg.min } : {})}
              {...(arg.max !== undefined ? { max: arg.max } : {})}
              disabled={disabled}
              invalid={invalid}
              data-testid={id}
            />
          );
        } else if (arg.type === 'enum') {
          input = (
            <Dropdown
              inputId={id}
              value={value ?? null}
              options={(arg.options ?? []).map((o) => ({ label: optionLabel(t, o), value: o }))}
              onChange={(e) => set(arg.name, e.value as unknown)}
              showClear={!arg.required}
              disabled={disabled}
              invalid={invalid}
              pt={{ select: { 'aria-hidden': true } }}
              data-testid={id}
            />
          );
        } else if (arg.type === 'date') {
          input = (
            <Calendar
              inputId={id}
              value={fromDay(value)}
              onChange={(e) => set(arg.name, e.value instanceof Date ? formatDate(e.value) : null)}
              dateFormat="yy-mm-dd"
              showButtonBar
              disabled={disabled}
              invalid={invalid}
              data-testid={id}
            />
          );
        } else if (arg.type === 'text') {
          input = <InputTextarea {...common} rows={4} value={typeof value === 'string' ? value : ''} maxLength={arg.max} onChange={(e) => set(arg.name, e.target.value)} />;
        } else {
          input = <InputText {...common} value={typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)} maxLength={arg.max} onChange={(e) => set(arg.name, e.target.value)} />;
        }
        return (
          <div key={arg.name} className={`automation-arg${arg.type === 'text' ? ' is-wide' : ''}`}>
            <label htmlFor={id} className={arg.required ? 'is-required' : undefined}>
              {argLabel(t, arg)}
            </label>
            {input}
            {problem && (
              <small className="p-error" data-testid={`${id}-problem`}>
                {problemText(t, arg, problem)}
              </small>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** IANA time zones the browser knows (Intl), UTC and the given one first when missing. */
export function timeZones(current?: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const out = new Set<string>(['Asia/Shanghai', 'UTC', ...known]);
  if (current) out.add(current);
  return [...out];
}

/** A searchable IANA time zone picker (a CRUD form's own input). */
export function TimeZoneInput({ value, onChange, id, testId, disabled, invalid }: { value: unknown; onChange(value: unknown): void; id: string; testId: string; disabled: boolean; invalid: boolean }) {
  const zone = typeof value === 'string' && value ? value : undefined;
  const t = useAutomationTexts();
  const options = timeZones(zone).map((z) => ({ label: z, value: z }));
  return (
    <Dropdown
      inputId={id}
      value={zone ?? null}
      options={options}
      onChange={(e) => onChange(e.value as unknown)}
      filter
      filterPlaceholder={t('automation.common.filter')}
      virtualScrollerOptions={{ itemSize: 36 }}
      disabled={disabled}
      invalid={invalid}
      pt={{ select: { 'aria-hidden': true }, filterInput: { 'aria-label': t('automation.common.filter') } }}
      data-testid={testId}
    />
  );
}

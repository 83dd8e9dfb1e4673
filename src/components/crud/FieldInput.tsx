import type { ResourceRow } from '../../stores/types';
import { observer } from 'mobx-react-lite';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { Password } from 'primereact/password';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ButtonSetting } from '../../stores/dictionary';
import { DeptTreeSelect } from '../form/DeptTreeSelect';
import { IconPicker } from '../form/IconPicker';
import { RemoteSelect } from '../form/RemoteSelect';
import { Uploader } from '../form/Uploader';
import { useStore } from '../store-context';
import { deptBelongValue } from './commonColumns';
import type { FieldDef, Option } from './types';

const JsonEditor = lazy(() => import('../form/JsonEditor'));

interface FieldInputProps {
  field: FieldDef;
  value: unknown;
  onChange(value: unknown): void;
  disabled?: boolean;
  invalid?: boolean;
  /** 'search' inputs are plain (no uploads, JSON, passwords). */
  purpose?: 'form' | 'search';
  /** Prefix of the element id (`<prefix>-<key>`): the dialog's labels point at 'field'; the search form and the header filters use their own, so ids never repeat on a page. */
  idPrefix?: string;
  /** The accessible name where no <label> points at the input (the table's header filters). */
  ariaLabel?: string;
  /** The form's values and mode (handed to a field's own input). */
  formValues?: Record<string, unknown>;
  mode?: 'create' | 'edit';
  row?: ResourceRow | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd of a date. */
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** YYYY-MM-DD HH:mm:ss of a date (the back end's datetime format). */
export const ymdhms = (d: Date) => `${ymd(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const d = new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** One field's input, by its type. */
export const FieldInput = observer(function FieldInput({ field, value, onChange, disabled, invalid, purpose = 'form', idPrefix = 'field', ariaLabel, formValues = {}, mode = 'create', row = null }: FieldInputProps) {
  const { t } = useTranslation();
  const root = useStore();
  const id = `${idPrefix}-${field.key}`;
  const className = `p-inputtext-sm w-full${invalid ? ' p-invalid' : ''}`;
  const placeholder = (field.form && field.form.placeholder) || t('crud.inputPlaceholder', { label: field.label });
  const options: readonly Option[] = field.options ?? (field.dict ? root.dictionary.get(field.dict).map((e: ButtonSetting) => e) : []);
  const testId = `${purpose}-${field.key}`;

  if (field.input && purpose === 'form') return <>{field.input({ value, onChange, disabled: !!disabled, invalid: !!invalid, id, testId, values: formValues, mode, row })}</>;

  if (field.dict || field.options || field.type === 'select' || field.type === 'multiselect') {
    if (field.type === 'multiselect') {
      return (
        <MultiSelect
          inputId={id}
          className={className}
          data-testid={testId} aria-label={ariaLabel}
          value={Array.isArray(value) ? value : []}
          options={[...options]}
          optionLabel="label"
          optionValue="value"
          disabled={disabled}
          placeholder={t('crud.selectPlaceholder')}
          onChange={(event) => onChange(event.value as unknown)}
        />
      );
    }
    return (
      <Dropdown
        inputId={id}
        className={className}
        data-testid={testId} aria-label={ariaLabel}
        value={value ?? null}
        options={[...options]}
        optionLabel="label"
        optionValue="value"
        disabled={disabled}
        showClear={purpose === 'search'}
        // The theme's hidden <select> mirrors the choice for forms; assistive technology uses the combobox.
        pt={{ select: { 'aria-hidden': true } }}
        placeholder={t('crud.selectPlaceholder')}
        onChange={(event) => onChange(event.value as unknown)}
      />
    );
  }
  switch (field.type) {
    case 'textarea':
      return (
        <InputTextarea
          id={id}
          className={className}
          data-testid={testId} aria-label={ariaLabel}
          value={typeof value === 'string' ? value : ''}
          rows={3}
          maxLength={field.form ? field.form.rules?.maxLength : undefined}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'password':
      return (
        <Password
          inputId={id}
          className="w-full"
          inputClassName={className}
          data-testid={testId} aria-label={ariaLabel}
          value={typeof value === 'string' ? value : ''}
          feedback={false}
          toggleMask
          disabled={disabled}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'number':
      return (
        <InputNumber
          inputId={id}
          className="w-full"
          inputClassName={className}
          data-testid={testId} aria-label={ariaLabel}
          value={typeof value === 'number' ? value : null}
          useGrouping={false}
          disabled={disabled}
          placeholder={placeholder}
          onValueChange={(event) => onChange(event.value ?? null)}
        />
      );
    case 'switch':
      return <InputSwitch inputId={id} data-testid={testId} aria-label={ariaLabel} checked={value === true} disabled={disabled} onChange={(event) => onChange(event.value)} />;
    case 'date':
    case 'datetime':
      return (
        <Calendar
          inputId={id}
          className="w-full"
          inputClassName={className}
          data-testid={testId} aria-label={ariaLabel}
          value={toDate(value)}
          showTime={field.type === 'datetime'}
          hourFormat="24"
          dateFormat="yy-mm-dd"
          disabled={disabled}
          onChange={(event) => onChange(event.value instanceof Date ? (field.type === 'date' ? ymd(event.value) : ymdhms(event.value)) : null)}
        />
      );
    case 'deptTree':
      return <DeptTreeSelect value={deptBelongValue(value)} onChange={(v) => onChange(v)} disabled={disabled} testId={testId} inputId={id} {...(ariaLabel ? { ariaLabel } : {})} />;
    case 'remote':
      return field.remote ? (
        <RemoteSelect source={field.remote} value={value as number | null} onChange={onChange} disabled={disabled} testId={testId} inputId={id} ariaLabel={ariaLabel ?? field.label} />
      ) : null;
    case 'icon':
      return <IconPicker value={typeof value === 'string' ? value : null} onChange={onChange} disabled={disabled} />;
    default:
      break;
  }
  if (purpose === 'form') {
    switch (field.type) {
      case 'image':
        return <Uploader kind="image" value={value as string[] | string | null} onChange={onChange} disabled={disabled} testId={testId} />;
      case 'avatar':
        return <Uploader kind="avatar" value={typeof value === 'string' ? value : null} onChange={onChange} disabled={disabled} testId={testId} />;
      case 'file':
        return <Uploader kind="file" value={value as string[] | string | null} onChange={onChange} disabled={disabled} testId={testId} />;
      case 'json':
        return (
          <Suspense fallback={<span>{t('crud.loading')}</span>}>
            <JsonEditor value={value} onChange={onChange} disabled={disabled} testId={testId} />
          </Suspense>
        );
      default:
        break;
    }
  }
  return (
    <InputText
      id={id}
      className={className}
      data-testid={testId} aria-label={ariaLabel}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      disabled={disabled}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  );
});

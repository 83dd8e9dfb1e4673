import type { ReactNode } from 'react';
import { TABLE_FORM_DEFAULT_SPAN, TABLE_FORM_LABEL_WIDTH_PX } from '../../config';
import type { FieldDef } from './types';

export interface FormGridProps {
  fields: readonly FieldDef[];
  /** The control of one field (an input, or a read-only cell). */
  control(field: FieldDef): ReactNode;
  /** Each field's problem, shown under its control. */
  problems: Readonly<Record<string, string | undefined>>;
  onSubmit(): void;
}

/**
 * The dialog form's layout (spec §2.5): a 24-column grid, labels 110 px wide, each field spanning its
 * `form.span` (12 by default), required labels marked, a field's problem under its control; Enter submits.
 */
export function FormGrid({ fields, control, problems, onSubmit }: FormGridProps) {
  return (
    <form
      className="crud-form-grid"
      style={{ ['--crud-label-width' as string]: `${TABLE_FORM_LABEL_WIDTH_PX}px` }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {fields.map((field) => {
        const span = (field.form && field.form.span) || TABLE_FORM_DEFAULT_SPAN;
        const required = !!(field.form && field.form.rules?.required);
        const problem = problems[field.key];
        return (
          <div key={field.key} className="crud-form-item" style={{ gridColumn: `span ${span}` }} data-testid={`form-item-${field.key}`}>
            <label htmlFor={`field-${field.key}`} className={`crud-form-label${required ? ' is-required' : ''}`}>
              {field.label}
            </label>
            <div className="crud-form-control">
              {control(field)}
              {problem && (
                <small className="p-error" data-testid={`form-error-${field.key}`}>
                  {problem}
                </small>
              )}
            </div>
          </div>
        );
      })}
      <button type="submit" hidden />
    </form>
  );
}

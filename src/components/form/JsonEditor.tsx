import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Parses JSON text; undefined when it is not valid JSON ('' is null). */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

interface JsonEditorProps {
  value: unknown;
  onChange(value: unknown): void;
  disabled?: boolean;
  testId?: string;
}

/**
 * JSON editor (spec §2.5): edits a value as JSON text, says 'JSON 格式不正确' while the text is not
 * JSON (the value stays the last valid one), and formats on request.
 */
export default function JsonEditor({ value, onChange, disabled, testId = 'json-editor' }: JsonEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [invalid, setInvalid] = useState(false);
  const edit = (next: string) => {
    setText(next);
    const parsed = parseJson(next);
    setInvalid(!parsed.ok);
    if (parsed.ok) onChange(parsed.value);
  };
  const format = () => {
    const parsed = parseJson(text);
    if (parsed.ok) setText(parsed.value === null ? '' : JSON.stringify(parsed.value, null, 2));
  };
  return (
    <div className="json-editor" data-testid={testId}>
      <textarea
        className="p-inputtext p-inputtext-sm w-full json-editor-text"
        value={text}
        rows={8}
        spellCheck={false}
        disabled={disabled}
        aria-label={t('cells.jsonEditor')}
        aria-invalid={invalid}
        onChange={(event) => edit(event.target.value)}
        data-testid={`${testId}-text`}
      />
      <div className="json-editor-bar">
        {invalid ? (
          <small className="p-error" data-testid={`${testId}-error`}>
            {t('cells.jsonInvalid')}
          </small>
        ) : (
          <span />
        )}
        <Button type="button" size="small" text label={t('cells.format')} onClick={format} disabled={disabled || invalid} />
      </div>
    </div>
  );
}

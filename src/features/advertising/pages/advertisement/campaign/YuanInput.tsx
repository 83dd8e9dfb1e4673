import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { CustomInputProps } from '../../../../../components/crud/types';
import { fenToYuan, yuanToFen } from '../../../stores/advertising';

/**
 * A money field of the campaign form: staff type yuan ("1234.5"), the form holds integer fen (the wire
 * and the database hold fen). Text that is not an amount stays as typed (the form's rule refuses it).
 */
export function YuanInput({ value, onChange, disabled, invalid, id, testId }: CustomInputProps) {
  const [text, setText] = useState(() => (typeof value === 'number' ? fenToYuan(value) : ''));
  return (
    <InputText
      id={id}
      className={`w-full p-inputtext-sm${invalid ? ' p-invalid' : ''}`}
      value={text}
      disabled={disabled}
      inputMode="decimal"
      data-testid={testId}
      onChange={(e) => {
        setText(e.target.value);
        const fen = yuanToFen(e.target.value);
        onChange(fen ?? (e.target.value.trim() === '' ? null : e.target.value));
      }}
    />
  );
}

import { Editor } from 'primereact/editor';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './RichTextEditor';
import './rich-text-editor.css';

/** Quill's toolbar texts (it writes them in CSS) as --ql-* CSS strings in the interface language. */
const QUILL_TEXTS = ['normal', 'heading', 'sans', 'serif', 'mono', 'visit', 'enterLink', 'enterVideo', 'enterFormula', 'edit', 'save', 'remove'] as const;

/** PrimeReact's Editor (it loads quill itself on first use). Default export for React.lazy. */
export default function QuillEditor({ value, onChange, placeholder, height = 220, invalid, testId }: RichTextEditorProps) {
  const { t } = useTranslation();
  const texts = Object.fromEntries(
    QUILL_TEXTS.map((key) => [`--ql-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, JSON.stringify(t(`editor.${key}`))]),
  ) as CSSProperties;
  return (
    <div className={`rich-text-editor${invalid ? ' is-invalid' : ''}`} style={texts} data-testid={testId}>
      <Editor
        value={value}
        placeholder={placeholder}
        style={{ height }}
        onTextChange={(e) => onChange(e.htmlValue ?? '')}
      />
    </div>
  );
}

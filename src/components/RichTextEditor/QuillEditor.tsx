import { Editor } from 'primereact/editor';
import { useCallback, useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './RichTextEditor';
import './rich-text-editor.css';

/** Quill's toolbar texts (it writes them in CSS) as --ql-* CSS strings in the interface language. */
const QUILL_TEXTS = ['normal', 'heading', 'sans', 'serif', 'mono', 'visit', 'enterLink', 'enterVideo', 'enterFormula', 'edit', 'save', 'remove'] as const;

/** Quill's pickers (their class) and the text that names each. */
const PICKER_NAMES = [
  ['ql-header', 'editor.headerPicker'],
  ['ql-font', 'editor.fontPicker'],
  ['ql-color', 'editor.colorPicker'],
  ['ql-background', 'editor.backgroundPicker'],
  ['ql-align', 'editor.alignPicker'],
] as const;

/** PrimeReact's Editor (it loads quill itself on first use). Default export for React.lazy. */
export default function QuillEditor({ value, onChange, placeholder, height = 220, invalid, testId }: RichTextEditorProps) {
  const { t } = useTranslation();
  const wrapper = useRef<HTMLDivElement>(null);
  const texts = Object.fromEntries(
    QUILL_TEXTS.map((key) => [`--ql-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, JSON.stringify(t(`editor.${key}`))]),
  ) as CSSProperties;

  // PrimeReact's header picker carries English option texts, which Quill copies into data-label
  // (and shows before any CSS text): relabel its items and its label in the interface language.
  const relabel = useCallback(() => {
    const headerText = (level: string | null) => (level === '1' ? t('editor.heading') : level === '2' ? t('editor.subheading') : t('editor.normal'));
    for (const element of wrapper.current?.querySelectorAll<HTMLElement>('.ql-header .ql-picker-item, .ql-header .ql-picker-label') ?? []) {
      element.setAttribute('data-label', headerText(element.getAttribute('data-value')));
    }
    // A picker's label is a button (role=button) with no text of its own: name it by what it picks.
    for (const [picker, key] of PICKER_NAMES) {
      for (const label of wrapper.current?.querySelectorAll<HTMLElement>(`.ql-picker.${picker} .ql-picker-label`) ?? []) label.setAttribute('aria-label', t(key));
    }
  }, [t]);
  useEffect(relabel, [relabel]);

  return (
    <div ref={wrapper} className={`rich-text-editor${invalid ? ' is-invalid' : ''}`} style={texts} data-testid={testId}>
      <Editor
        value={value}
        placeholder={placeholder}
        style={{ height }}
        onLoad={relabel}
        onTextChange={(e) => {
          onChange(e.htmlValue ?? '');
        }}
      />
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  /** HTML. */
  value: string;
  onChange(html: string): void;
  placeholder?: string;
  /** Height of the editing area in px. */
  height?: number;
  invalid?: boolean;
  testId?: string;
}

const QuillEditor = lazy(() => import('./QuillEditor'));

/** A rich-text (HTML) editor, loaded on first use so no other screen pays for it. */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<div className="rich-text-editor-loading" style={{ height: (props.height ?? 220) + 42 }}>{t('messages.compose.editorLoading')}</div>}>
      <QuillEditor {...props} />
    </Suspense>
  );
}

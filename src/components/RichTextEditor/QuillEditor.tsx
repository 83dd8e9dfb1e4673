import { Editor } from 'primereact/editor';
import type { RichTextEditorProps } from './RichTextEditor';

/** PrimeReact's Editor (it loads quill itself on first use). Default export for React.lazy. */
export default function QuillEditor({ value, onChange, placeholder, height = 220, invalid, testId }: RichTextEditorProps) {
  return (
    <div className={`rich-text-editor${invalid ? ' is-invalid' : ''}`} data-testid={testId}>
      <Editor
        value={value}
        placeholder={placeholder}
        style={{ height }}
        onTextChange={(e) => onChange(e.htmlValue ?? '')}
      />
    </div>
  );
}

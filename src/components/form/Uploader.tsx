import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_SIZE_PX, IMAGE_CELL_SIZE_PX, IMAGE_TYPES } from '../../config';
import { useStore } from '../store-context';
import { IMAGE_ACCEPT, isAcceptedImage } from './uploads';

export type UploadKind = 'image' | 'avatar' | 'file';

interface UploaderProps {
  kind: UploadKind;
  /** One url (avatar, single file) or a list of urls (images, files). */
  value: string | string[] | null | undefined;
  onChange(value: string | string[] | null): void;
  multiple?: boolean;
  disabled?: boolean;
  testId?: string;
}

const asList = (value: UploaderProps['value']): string[] => (Array.isArray(value) ? value : value ? [value] : []);

/**
 * Image / avatar / file uploader (spec §2.5, §5): through the upload back end the settings name (form:
 * POST api/system/file/ with the field `file`), keeps the answer's url; 上传失败 when the answer has no data. Images accept png, jpeg, jpg, ico, bmp, gif; the
 * avatar takes a single file.
 */
export function Uploader({ kind, value, onChange, multiple = kind === 'image', disabled, testId = `uploader-${kind}` }: UploaderProps) {
  const { t } = useTranslation();
  const root = useStore();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const single = kind === 'avatar' || !multiple;
  const urls = asList(value);
  const size = kind === 'avatar' ? AVATAR_SIZE_PX : IMAGE_CELL_SIZE_PX;

  const pick = async (files: FileList | null) => {
    setProblem('');
    const chosen = Array.from(files ?? []).slice(0, single ? 1 : undefined);
    if (chosen.length === 0) return;
    if (kind !== 'file' && chosen.some((file) => !isAcceptedImage(file))) {
      setProblem(t('cells.badImageType', { types: IMAGE_TYPES.join(', ') }));
      return;
    }
    const added: string[] = [];
    try {
      for (const file of chosen) {
        setProgress(0);
        const uploaded = await root.uploads.upload(file, file.name, (fraction) => setProgress(fraction === null ? 50 : Math.round(fraction * 100)));
        added.push(uploaded.url);
      }
      onChange(single ? (added[0] ?? null) : [...urls, ...added]);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('crud.uploadFailed'));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const removeAt = (index: number) => {
    const next = urls.filter((_, i) => i !== index);
    onChange(single ? null : next);
  };

  return (
    <div className="uploader" data-testid={testId}>
      <div className="uploader-list">
        {urls.map((url, index) => (
          <span key={url} className="uploader-item">
            {kind === 'file' ? (
              <a href={url} target="_blank" rel="noreferrer">
                {url.split('/').pop()}
              </a>
            ) : (
              <img src={url} alt="" style={{ width: size, height: size }} className="cell-image" data-testid={`${testId}-preview`} />
            )}
            {!disabled && <Button type="button" text size="small" icon="pi pi-times" aria-label="remove" onClick={() => removeAt(index)} />}
          </span>
        ))}
      </div>
      {!disabled && (single ? urls.length === 0 || kind === 'avatar' : true) && (
        <Button
          type="button"
          size="small"
          outlined
          icon="pi pi-upload"
          label={t(kind === 'file' ? 'cells.upload' : 'cells.chooseImage')}
          onClick={() => input.current?.click()}
          disabled={progress !== null}
        />
      )}
      <input
        ref={input}
        type="file"
        hidden
        data-testid={`${testId}-input`}
        accept={kind === 'file' ? undefined : IMAGE_ACCEPT}
        multiple={!single}
        onChange={(event) => void pick(event.target.files)}
      />
      {progress !== null && <ProgressBar value={progress} style={{ height: 6 }} showValue={false} />}
      {problem && (
        <small className="p-error" data-testid={`${testId}-error`}>
          {problem}
        </small>
      )}
    </div>
  );
}

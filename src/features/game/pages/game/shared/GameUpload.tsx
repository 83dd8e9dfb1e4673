import '../../../../../components/catalogue/catalogue.css';
import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useRef, useState } from 'react';
import type { PurposeUpload, UploadPurpose } from '../../../../../../contracts/schemas';
import { useStore } from '../../../../../components/store-context';
import { UploadRefused } from '../../../../../stores/games';
import { formatBytes } from '../../../../../stores/format';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { mediaSrc } from '../../../../../components/catalogue/options';

interface GameUploadProps {
  purpose: UploadPurpose;
  /** icon: the file's url; package: the uploaded file's id. */
  value: unknown;
  onChange(value: unknown): void;
  disabled?: boolean;
  testId: string;
  id?: string;
}

/**
 * Upload of an icon or a release package: the server's rules for the purpose (types, largest size
 * from its configuration) are shown and checked before sending, progress shows while it goes, and a
 * package shows the size and SHA-256 the server computed.
 */
export const GameUpload = observer(function GameUpload({ purpose, value, onChange, disabled, testId, id }: GameUploadProps) {
  const t = useGameTexts();
  const root = useStore();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [uploaded, setUploaded] = useState<PurposeUpload | null>(null);
  const limits = root.games.limits?.[purpose];

  useEffect(() => {
    void root.games.uploadLimits().catch(() => undefined);
  }, [root]);

  const types = (limits?.extensions ?? []).map((x) => `.${x}`).join(', ');
  const pick = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setProblem('');
    setProgress(0);
    try {
      const done = await root.games.upload(purpose, file, (f) => setProgress(f === null ? null : Math.round(f * 100)));
      setUploaded(done);
      onChange(purpose === 'icon' ? done.url : done.id);
    } catch (error) {
      if (error instanceof UploadRefused) {
        setProblem(
          error.reason === 'type'
            ? t('game.upload.badType', { types: error.limit.extensions.map((x) => `.${x}`).join(', ') })
            : error.reason === 'empty'
              ? t('game.upload.empty')
              : t('game.upload.tooLarge', { max: formatBytes(error.limit.maxBytes) }),
        );
      } else {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const icon = purpose === 'icon' && typeof value === 'string' && value ? value : null;
  const hasPackage = purpose === 'package' && value !== null && value !== undefined && value !== '';
  return (
    <div className="game-upload" data-testid={testId} id={id}>
      {icon && <img src={mediaSrc(icon)} alt="" className="game-upload-icon" data-testid={`${testId}-preview`} />}
      {hasPackage && uploaded && (
        <dl className="game-upload-facts" data-testid={`${testId}-facts`}>
          <dt>{uploaded.name}</dt>
          <dd>
            {t('game.upload.size')}: {formatBytes(uploaded.size)}
          </dd>
          <dd>
            {t('game.upload.sha256')}: <code data-testid={`${testId}-sha256`}>{uploaded.sha256}</code>
          </dd>
        </dl>
      )}
      {!disabled && (
        <span className="game-upload-actions">
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-upload"
            label={purpose === 'icon' ? t(icon ? 'game.upload.replace' : 'game.upload.chooseIcon') : t(hasPackage ? 'game.upload.replace' : 'game.upload.choosePackage')}
            onClick={() => input.current?.click()}
            loading={progress !== null}
            data-testid={`${testId}-choose`}
          />
          {(icon || hasPackage) && (
            <Button
              type="button"
              size="small"
              text
              severity="secondary"
              icon="pi pi-times"
              label={t('game.upload.remove')}
              onClick={() => {
                setUploaded(null);
                onChange(null);
              }}
            />
          )}
        </span>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={(limits?.extensions ?? []).map((x) => `.${x}`).join(',') || undefined}
        data-testid={`${testId}-input`}
        onChange={(event) => void pick(event.target.files)}
      />
      {progress !== null && (
        <div className="game-upload-progress" data-testid={`${testId}-progress`}>
          <ProgressBar value={progress} style={{ height: 8 }} showValue={false} />
          <small>{t('game.upload.uploading', { percent: `${progress}%` })}</small>
        </div>
      )}
      {limits && <small className="game-upload-hint">{t('game.upload.limit', { types, max: formatBytes(limits.max_bytes) })}</small>}
      {problem && (
        <small className="p-error" data-testid={`${testId}-error`}>
          {problem}
        </small>
      )}
    </div>
  );
});

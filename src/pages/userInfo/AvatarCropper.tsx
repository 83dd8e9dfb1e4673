import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';

/** Avatar size (spec §9: 200x200). */
export const AVATAR_PX = 200;
const MAX_MB = 2;

interface View {
  zoom: number;
  x: number;
  y: number;
}

/**
 * The avatar cropper: choose an image, drag to place it and zoom; the 200x200 square is cut out on a
 * canvas and handed over as a PNG.
 */
export function AvatarCropper({ visible, onHide, onCropped, busy }: { visible: boolean; onHide(): void; onCropped(image: Blob): void; busy: boolean }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [view, setView] = useState<View>({ zoom: 1, x: 0, y: 0 });
  const [error, setError] = useState('');
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, AVATAR_PX, AVATAR_PX);
    ctx.fillStyle = '#f0f2f5';
    ctx.fillRect(0, 0, AVATAR_PX, AVATAR_PX);
    if (!image) return;
    // "cover" scale, then the zoom; centred plus the drag offset.
    const base = Math.max(AVATAR_PX / image.naturalWidth, AVATAR_PX / image.naturalHeight);
    const scale = base * view.zoom;
    const w = image.naturalWidth * scale;
    const h = image.naturalHeight * scale;
    ctx.drawImage(image, (AVATAR_PX - w) / 2 + view.x, (AVATAR_PX - h) / 2 + view.y, w, h);
  }, [image, view]);

  const choose = (file: File | undefined) => {
    setError('');
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(t('profile.avatarNotImage'));
    if (file.size > MAX_MB * 1024 * 1024) return setError(t('profile.avatarTooBig', { size: MAX_MB }));
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setImage(img);
      setView({ zoom: 1, x: 0, y: 0 });
    };
    img.onerror = () => setError(t('profile.avatarNotImage'));
    img.src = url;
  };

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    drag.current = { x: event.clientX, y: event.clientY, view };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!start) return;
    setView({ ...start.view, x: start.view.x + event.clientX - start.x, y: start.view.y + event.clientY - start.y });
  };
  const up = () => {
    drag.current = null;
  };

  const upload = () => {
    canvas.current?.toBlob((blob) => {
      if (blob) onCropped(blob);
    }, 'image/png');
  };

  return (
    <Dialog visible={visible} onHide={onHide} header={t('profile.avatarCropTitle')} style={{ width: '360px' }} draggable={false} className="avatar-cropper">
      <div className="avatar-cropper-body" data-testid="avatar-cropper">
        <canvas
          ref={canvas}
          width={AVATAR_PX}
          height={AVATAR_PX}
          className="avatar-cropper-canvas"
          data-testid="avatar-canvas"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        />
        <label className="avatar-cropper-zoom">
          <span>{t('profile.avatarZoom')}</span>
          <input type="range" min={1} max={4} step={0.05} value={view.zoom} disabled={!image} data-testid="avatar-zoom" onChange={(event) => setView({ ...view, zoom: Number(event.target.value) })} />
        </label>
        <label className="p-button p-component p-button-outlined p-button-sm avatar-cropper-choose">
          <span className="p-button-label">{t('profile.avatarChoose')}</span>
          <input type="file" accept="image/*" data-testid="avatar-file" hidden onChange={(event) => choose(event.target.files?.[0])} />
        </label>
        {error && (
          <p className="profile-error" role="alert">
            {error}
          </p>
        )}
        <button type="button" className="p-button p-component" data-testid="avatar-upload" disabled={!image || busy} onClick={upload}>
          <span className="p-button-label">{t('profile.avatarUpload')}</span>
        </button>
      </div>
    </Dialog>
  );
}

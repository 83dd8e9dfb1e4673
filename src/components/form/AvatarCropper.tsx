import { Dialog } from 'primereact/dialog';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_SIZE_PX } from '../../config';
import './avatar-cropper.css';

/** The largest image the cropper takes. */
export const AVATAR_MAX_MB = 2;

/** Where the image is, drawn on the square: zoom 1 covers it, then the drag offset in canvas pixels. */
export interface CropView {
  zoom: number;
  x: number;
  y: number;
}

/**
 * The rectangle an image of `width` x `height` is drawn to on a `side` x `side` canvas: scaled to
 * cover the square ("cover"), times the zoom, centred, moved by the drag offset.
 */
export function coverRect(width: number, height: number, view: CropView, side = AVATAR_SIZE_PX): { x: number; y: number; w: number; h: number } {
  const scale = Math.max(side / width, side / height) * view.zoom;
  const w = width * scale;
  const h = height * scale;
  return { x: (side - w) / 2 + view.x, y: (side - h) / 2 + view.y, w, h };
}

export interface AvatarCropperProps {
  visible: boolean;
  onHide(): void;
  /** The cropped square as a 200x200 PNG. */
  onCropped(image: Blob): void;
  /** The upload runs: the button waits. */
  busy: boolean;
}

/**
 * The avatar cropper (spec §2.5): choose an image (an image type, at most 2 MB), drag to place it
 * and zoom; the 200x200 square is cut out on a canvas and handed over as a PNG.
 */
export function AvatarCropper({ visible, onHide, onCropped, busy }: AvatarCropperProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [view, setView] = useState<CropView>({ zoom: 1, x: 0, y: 0 });
  const [error, setError] = useState('');
  const drag = useRef<{ x: number; y: number; view: CropView } | null>(null);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
    ctx.fillStyle = '#f0f2f5';
    ctx.fillRect(0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
    if (!image) return;
    const { x, y, w, h } = coverRect(image.naturalWidth, image.naturalHeight, view);
    ctx.drawImage(image, x, y, w, h);
  }, [image, view]);

  const choose = (file: File | undefined) => {
    setError('');
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(t('profile.avatarNotImage'));
    if (file.size > AVATAR_MAX_MB * 1024 * 1024) return setError(t('profile.avatarTooBig', { size: AVATAR_MAX_MB }));
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
          width={AVATAR_SIZE_PX}
          height={AVATAR_SIZE_PX}
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
          <p className="avatar-cropper-error" role="alert" data-testid="avatar-error">
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

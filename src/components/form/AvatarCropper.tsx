import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Slider } from 'primereact/slider';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_SIZE_PX } from '../../config';

/** The square of the source image shown at a zoom (1 = the largest centred square), offset by (dx, dy) in source pixels. */
export function cropSquare(width: number, height: number, zoom: number, dx = 0, dy = 0): { x: number; y: number; size: number } {
  const side = Math.min(width, height) / Math.max(1, zoom);
  const x = Math.min(Math.max(0, (width - side) / 2 + dx), width - side);
  const y = Math.min(Math.max(0, (height - side) / 2 + dy), height - side);
  return { x, y, size: side };
}

interface AvatarCropperProps {
  /** The chosen image (a File or Blob). */
  source: Blob | null;
  onCancel(): void;
  /** The cropped square as a PNG of 200x200. */
  onCrop(png: Blob): void;
}

/** Avatar cropper (spec §2.5): zoom and drag a square over the image, then crop to a 200x200 PNG. */
export default function AvatarCropper({ source, onCancel, onCrop }: AvatarCropperProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ dx: 0, dy: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!source) return undefined;
    const url = URL.createObjectURL(source);
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [source]);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !image) return;
    const { x, y, size } = cropSquare(image.naturalWidth, image.naturalHeight, zoom, offset.dx, offset.dy);
    ctx.clearRect(0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
    ctx.drawImage(image, x, y, size, size, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  }, [image, zoom, offset]);

  const crop = () => {
    canvas.current?.toBlob((blob) => {
      if (blob) onCrop(blob);
    }, 'image/png');
  };

  return (
    <Dialog header={t('cells.cropTitle')} visible={!!source} onHide={onCancel} style={{ width: 320 }} data-testid="avatar-cropper">
      <canvas
        ref={canvas}
        width={AVATAR_SIZE_PX}
        height={AVATAR_SIZE_PX}
        className="avatar-cropper-canvas"
        data-testid="avatar-cropper-canvas"
        onPointerDown={(event) => {
          drag.current = { x: event.clientX, y: event.clientY };
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerMove={(event) => {
          if (!drag.current || !image) return;
          const scale = Math.min(image.naturalWidth, image.naturalHeight) / zoom / AVATAR_SIZE_PX;
          const moved = { dx: (drag.current.x - event.clientX) * scale, dy: (drag.current.y - event.clientY) * scale };
          drag.current = { x: event.clientX, y: event.clientY };
          setOffset((o) => ({ dx: o.dx + moved.dx, dy: o.dy + moved.dy }));
        }}
      />
      <label className="avatar-cropper-zoom">
        {t('cells.zoom')}
        <Slider value={zoom * 10} min={10} max={40} onChange={(event) => setZoom(Number(event.value) / 10)} />
      </label>
      <div className="avatar-cropper-bar">
        <Button type="button" size="small" outlined label={t('crud.cancel')} onClick={onCancel} />
        <Button type="button" size="small" label={t('cells.crop')} onClick={crop} disabled={!image} data-testid="avatar-cropper-crop" />
      </div>
    </Dialog>
  );
}

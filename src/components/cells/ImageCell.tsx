import { AVATAR_SIZE_PX, IMAGE_CELL_SIZE_PX } from '../../config';
import { UNAVAILABLE } from './text';

/** Image cell (100x100) or avatar (200x200); a list of urls shows each. */
export function ImageCell({ value, avatar = false }: { value: unknown; avatar?: boolean }) {
  const size = avatar ? AVATAR_SIZE_PX : IMAGE_CELL_SIZE_PX;
  const urls = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
  if (urls.length === 0) return <span className="cell-empty">{UNAVAILABLE}</span>;
  return (
    <span className="cell-array">
      {urls.map((url) => (
        <img key={url} src={url} alt="" width={size} height={size} className="cell-image" data-testid="image-cell" style={{ width: size, height: size }} />
      ))}
    </span>
  );
}

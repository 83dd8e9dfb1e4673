import { IMAGE_TYPES } from '../../config';

/** Whether a file is one of the accepted image types (png, jpeg, jpg, ico, bmp, gif), by extension or MIME type. */
export function isAcceptedImage(file: { name: string; type: string }): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if ((IMAGE_TYPES as readonly string[]).includes(ext)) return true;
  const sub = file.type.toLowerCase().replace(/^image\//, '');
  return file.type.startsWith('image/') && ['png', 'jpeg', 'jpg', 'x-icon', 'vnd.microsoft.icon', 'bmp', 'gif'].includes(sub);
}

/** The accept attribute of an image input. */
export const IMAGE_ACCEPT = IMAGE_TYPES.map((type) => `.${type}`).join(',');

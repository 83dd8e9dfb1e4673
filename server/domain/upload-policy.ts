import { fileTypeFromBuffer } from 'file-type';

/**
 * What may be uploaded and how it is served back (stored XSS by SVG upload). Only an
 * allow-list of extensions is accepted; the content is sniffed (file-type, magic bytes), never trusted
 * from the name or the client's Content-Type: a binary format must be what its name says, a text
 * format must not be a binary or markup in disguise. Only raster images are shown inline; everything
 * else is served as an attachment, and /media/ carries a `sandbox` CSP either way.
 */

/** Raster images (spec: png, jpeg, jpg, ico, bmp, gif; webp too): served inline. */
export const INLINE_IMAGES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
};

/** Documents and packages: accepted, always served as attachments. Binary ones must sniff as one of `sniffed`. */
const DOCUMENTS: Readonly<Record<string, { mime: string; sniffed: readonly string[] | 'text' }>> = {
  '.txt': { mime: 'text/plain; charset=utf-8', sniffed: 'text' },
  '.csv': { mime: 'text/csv; charset=utf-8', sniffed: 'text' },
  '.json': { mime: 'application/json', sniffed: 'text' },
  '.pdf': { mime: 'application/pdf', sniffed: ['pdf'] },
  '.zip': { mime: 'application/zip', sniffed: ['zip'] },
  '.xlsx': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniffed: ['xlsx', 'zip'] },
  '.docx': { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniffed: ['docx', 'zip'] },
  '.pptx': { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', sniffed: ['pptx', 'zip'] },
  '.xls': { mime: 'application/vnd.ms-excel', sniffed: ['cfb', 'xls'] },
  '.doc': { mime: 'application/msword', sniffed: ['cfb', 'doc'] },
  '.apk': { mime: 'application/vnd.android.package-archive', sniffed: ['apk', 'zip', 'jar'] },
  '.ipa': { mime: 'application/octet-stream', sniffed: ['zip'] },
  '.7z': { mime: 'application/x-7z-compressed', sniffed: ['7z'] },
  '.rar': { mime: 'application/vnd.rar', sniffed: ['rar'] },
  '.gz': { mime: 'application/gzip', sniffed: ['gz'] },
  '.tar': { mime: 'application/x-tar', sniffed: ['tar'] },
  '.mp4': { mime: 'video/mp4', sniffed: ['mp4', 'm4v'] },
  '.mp3': { mime: 'audio/mpeg', sniffed: ['mp3'] },
};

export type UploadVerdict = { ok: true; mime: string } | { ok: false; msg: string };

/** Decides whether an upload named `ext` with these bytes is accepted, and the media type it is stored and served as. */
export async function checkUpload(ext: string, bytes: Uint8Array): Promise<UploadVerdict> {
  const image = INLINE_IMAGES[ext];
  const doc = DOCUMENTS[ext];
  if (!image && !doc) return { ok: false, msg: `file:不支持的文件类型${ext ? `（${ext}）` : ''}。` };
  const sniffed = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (image) {
    if (!sniffed || sniffed.mime !== image && !(ext === '.ico' && sniffed.ext === 'ico')) return { ok: false, msg: '文件内容与扩展名不符。' };
    return { ok: true, mime: image };
  }
  if (doc && doc.sniffed === 'text') {
    // A binary (or an svg/xml file file-type recognises) named .txt is refused; markup in real text is harmless as an attachment.
    if (sniffed) return { ok: false, msg: '文件内容与扩展名不符。' };
    return { ok: true, mime: doc.mime };
  }
  if (doc && (!sniffed || !doc.sniffed.includes(sniffed.ext))) return { ok: false, msg: '文件内容与扩展名不符。' };
  return { ok: true, mime: doc?.mime ?? 'application/octet-stream' };
}

/** Headers for a stored file by its extension: raster images inline, everything else an attachment. Never svg, never html. */
export function servingHeaders(ext: string): { type: string; disposition: 'inline' | 'attachment' } {
  const image = INLINE_IMAGES[ext];
  if (image) return { type: image, disposition: 'inline' };
  return { type: DOCUMENTS[ext]?.mime ?? 'application/octet-stream', disposition: 'attachment' };
}

/** The CSP on everything under /media/: nothing runs, nothing loads, no framing by others. */
export const MEDIA_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

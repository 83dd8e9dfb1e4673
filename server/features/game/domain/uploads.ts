import type { UploadPurpose } from '../../../../contracts/schemas';

/** Accepted extensions per upload purpose (the size limits come from the configuration). */
export const UPLOAD_EXTENSIONS: Record<UploadPurpose, readonly string[]> = {
  icon: ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'ico', 'webp'],
  package: ['apk', 'aab', 'ipa', 'zip', 'exe', 'msi', 'dmg', 'pkg', 'deb', 'rpm'],
};

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * Whether the first bytes of a file match its extension, for the types that have a signature: images,
 * zip containers (apk, aab, ipa, zip), Windows executables and installers, deb and rpm. dmg and pkg
 * carry no usable leading signature and pass on their extension.
 */
export function matchesSignature(ext: string, head: Uint8Array): boolean {
  switch (ext) {
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpg':
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'gif':
      return startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'));
    case 'bmp':
      return startsWith(head, ascii('BM'));
    case 'ico':
      return startsWith(head, [0x00, 0x00, 0x01, 0x00]);
    case 'webp':
      return startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8);
    case 'apk':
    case 'aab':
    case 'ipa':
    case 'zip':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
    case 'exe':
      return startsWith(head, ascii('MZ'));
    case 'msi':
      return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'deb':
      return startsWith(head, ascii('!<arch>'));
    case 'rpm':
      return startsWith(head, [0xed, 0xab, 0xee, 0xdb]);
    default:
      return true;
  }
}

export function formatMegabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return Number.isInteger(mb) ? `${mb} MB` : `${mb.toFixed(2)} MB`;
}

import { inflateSync } from 'node:zlib';
import { crc32, PNG_SIGNATURE } from '../captcha/png';

export interface DecodedPng {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  /** Unfiltered RGB rows (the encoder uses filter 0 only; another filter throws). */
  rgb: Buffer;
}

/** Reads back a PNG of the kind the captcha encoder writes, checking every chunk's CRC. */
export function decodePng(buf: Buffer): DecodedPng {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('bad signature');
  let off = 8;
  let ihdr: Buffer | null = null;
  const idat: Buffer[] = [];
  let sawEnd = false;
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('ascii', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    const crc = buf.readUInt32BE(off + 8 + len);
    if (crc !== crc32(buf, off + 4, off + 8 + len)) throw new Error(`bad CRC in ${type}`);
    if (type === 'IHDR') ihdr = data;
    if (type === 'IDAT') idat.push(data);
    if (type === 'IEND') sawEnd = true;
    off += 12 + len;
  }
  if (!ihdr || !sawEnd) throw new Error('missing IHDR or IEND');
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  if (raw.length !== (stride + 1) * height) throw new Error(`pixel data is ${raw.length} bytes`);
  const rgb = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    if (raw[y * (stride + 1)] !== 0) throw new Error('unexpected filter');
    raw.copy(rgb, y * stride, y * (stride + 1) + 1, (y + 1) * (stride + 1));
  }
  return { width, height, bitDepth: ihdr[8] ?? 0, colourType: ihdr[9] ?? 0, rgb };
}

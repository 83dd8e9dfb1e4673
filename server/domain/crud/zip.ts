import { promisify } from 'node:util';
import { crc32, deflateRawSync, inflateRaw, inflateRawSync } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);


export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** A ZIP archive (deflate), enough for an xlsx package. */
export function writeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = deflateRawSync(e.data);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export class ZipError extends Error {}

/** Reads the entries of a ZIP archive (stored or deflated), with a cap on the unpacked size. */
export function readZip(buf: Buffer, maxTotal = 50 * 1024 * 1024): Map<string, Buffer> {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('not a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new ZipError('bad central directory');
    const method = buf.readUInt16LE(p + 10);
    const packedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;
    total += size;
    if (total > maxTotal) throw new ZipError('archive too large');
    if (localOffset + 30 > buf.length || buf.readUInt32LE(localOffset) !== 0x04034b50) throw new ZipError('bad local header');
    const start = localOffset + 30 + buf.readUInt16LE(localOffset + 26) + buf.readUInt16LE(localOffset + 28);
    const packed = buf.subarray(start, start + packedSize);
    if (method === 0) out.set(name, Buffer.from(packed));
    else if (method === 8) out.set(name, inflateRawSync(packed, { maxOutputLength: Math.max(size, 1) }));
    else throw new ZipError(`unsupported compression ${method}`);
  }
  return out;
}

interface CentralEntry {
  name: string;
  method: number;
  packedSize: number;
  size: number;
  localOffset: number;
}

function centralDirectory(buf: Buffer): CentralEntry[] {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('not a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new ZipError('bad central directory');
    const nameLen = buf.readUInt16LE(p + 28);
    out.push({
      method: buf.readUInt16LE(p + 10),
      packedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.subarray(p + 46, p + 46 + nameLen).toString('utf8'),
    });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

/** Thrown when the entries asked for would unpack to more than allowed (a zip bomb, or just too big). */
export class ZipTooLarge extends ZipError {}

/**
 * Unpacks only the entries `wanted` picks, without blocking the event loop: inflating runs on the
 * libuv thread pool, each entry capped at its declared size and all of them at `maxTotal` bytes
 * (declared sizes are checked before anything is inflated; a header that lies is caught by the cap).
 */
export async function readZipEntries(buf: Buffer, wanted: (name: string) => boolean, maxTotal: number): Promise<Map<string, Buffer>> {
  const entries = centralDirectory(buf).filter((e) => wanted(e.name));
  const declared = entries.reduce((n, e) => n + e.size, 0);
  if (declared > maxTotal) throw new ZipTooLarge('archive too large');
  const out = new Map<string, Buffer>();
  for (const e of entries) {
    if (e.localOffset + 30 > buf.length || buf.readUInt32LE(e.localOffset) !== 0x04034b50) throw new ZipError('bad local header');
    const start = e.localOffset + 30 + buf.readUInt16LE(e.localOffset + 26) + buf.readUInt16LE(e.localOffset + 28);
    const packed = buf.subarray(start, start + e.packedSize);
    if (e.method === 0) out.set(e.name, Buffer.from(packed));
    else if (e.method === 8) {
      try {
        out.set(e.name, await inflateRawAsync(packed, { maxOutputLength: Math.max(e.size, 1) }));
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipTooLarge('entry larger than declared');
        throw new ZipError('bad deflate data');
      }
    } else throw new ZipError(`unsupported compression ${e.method}`);
  }
  return out;
}

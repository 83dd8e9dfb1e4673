import { unzipSync, zipSync, type Zippable } from 'fflate';
import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export class ZipError extends Error {}

/** Thrown when the entries asked for would unpack to more than allowed (a zip bomb, or just too big). */
export class ZipTooLarge extends ZipError {}

/** A ZIP archive (deflate) of the entries, in memory (fflate): fixtures and small files; the xlsx writers use exceljs. */
export function writeZip(entries: ZipEntry[]): Buffer {
  const files: Zippable = {};
  for (const e of entries) files[e.name] = new Uint8Array(e.data.buffer, e.data.byteOffset, e.data.length);
  return Buffer.from(zipSync(files));
}

/**
 * Unpacks the entries `pick` chooses from the archive's names, at once (fflate, on the calling
 * thread), refusing before inflating when their declared sizes pass `maxTotal`. For trusted files;
 * uploads go through `readZipEntries`.
 */
export function readZip(buf: Buffer, pick: (names: string[]) => string[] = (names) => names, maxTotal = 50 * 1024 * 1024): Map<string, Buffer> {
  const sizes = new Map<string, number>();
  try {
    unzipSync(buf, {
      filter: (f) => {
        sizes.set(f.name, f.originalSize);
        return false;
      },
    });
  } catch (err) {
    throw new ZipError(err instanceof Error ? err.message : 'not a zip archive');
  }
  const wanted = new Set(pick([...sizes.keys()]));
  if ([...wanted].reduce((n, name) => n + (sizes.get(name) ?? 0), 0) > maxTotal) throw new ZipTooLarge('archive too large');
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(buf, { filter: (f) => wanted.has(f.name) });
  } catch (err) {
    throw new ZipError(err instanceof Error ? err.message : 'bad zip data');
  }
  return new Map(Object.entries(files).map(([name, data]) => [name, Buffer.from(data.buffer, data.byteOffset, data.length)]));
}

function open(buf: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (err, zip) => (err || !zip ? reject(err ?? new Error('no archive')) : resolve(zip))),
  );
}

function entries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const out: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      out.push(e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(out));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/** One entry's bytes; yauzl stops inflating as soon as they pass the entry's declared size. */
function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const parts: Buffer[] = [];
      stream.on('data', (b: Buffer) => parts.push(b));
      stream.once('end', () => resolve(Buffer.concat(parts)));
      stream.once('error', reject);
    }),
  );
}

/**
 * Unpacks only the entries `pick` chooses from the archive's names, without blocking the event loop
 * (yauzl: inflating runs on the libuv thread pool). Their declared sizes together must stay within
 * `maxTotal` (checked before anything is inflated), and each entry is cut off as soon as it passes its
 * declared size (a header that lies), so no more than `maxTotal` bytes are ever unpacked.
 */
export async function readZipEntries(buf: Buffer, pick: (names: string[]) => string[], maxTotal: number): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  let listed: yauzl.Entry[];
  try {
    zip = await open(buf);
    listed = await entries(zip);
  } catch (err) {
    throw new ZipError(err instanceof Error ? err.message : 'not a zip archive');
  }
  try {
    const wanted = new Set(pick(listed.map((e) => e.fileName)));
    const chosen = listed.filter((e) => wanted.has(e.fileName));
    if (chosen.reduce((n, e) => n + e.uncompressedSize, 0) > maxTotal) throw new ZipTooLarge('archive too large');
    const out = new Map<string, Buffer>();
    for (const e of chosen) {
      try {
        out.set(e.fileName, await inflate(zip, e));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (/too many bytes/.test(message)) throw new ZipTooLarge('entry larger than declared');
        throw new ZipError(message);
      }
    }
    return out;
  } finally {
    zip.close();
  }
}

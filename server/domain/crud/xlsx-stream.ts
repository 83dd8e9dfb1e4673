import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { rowXml, sheetFrame, workbookParts, type Cell } from './xlsx';

/**
 * A one-sheet xlsx written as a stream: the rows arrive in chunks (an async iterable, e.g. keyset
 * pages of a query) and leave deflated as they come, so memory stays flat whatever the row count.
 * The sheet is the last ZIP entry, written with a data descriptor (sizes and CRC after its data, ZIP
 * flag bit 3); the small fixed parts go first. Entries and archive stay under 4 GB (no ZIP64).
 */

interface Entry {
  name: Buffer;
  crc: number;
  packed: number;
  size: number;
  offset: number;
  descriptor: boolean;
}

function localHeader(name: Buffer, e: { crc: number; packed: number; size: number; descriptor: boolean }): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(e.descriptor ? 0x0808 : 0x0800, 6);
  h.writeUInt16LE(8, 8);
  h.writeUInt32LE(0, 10);
  h.writeUInt32LE(e.crc, 14);
  h.writeUInt32LE(e.packed, 18);
  h.writeUInt32LE(e.size, 22);
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(0, 28);
  return h;
}

function centralDirectory(entries: Entry[], offset: number): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.descriptor ? 0x0808 : 0x0800, 8);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(0, 12);
    c.writeUInt32LE(e.crc, 16);
    c.writeUInt32LE(e.packed, 20);
    c.writeUInt32LE(e.size, 24);
    c.writeUInt16LE(e.name.length, 28);
    c.writeUInt32LE(e.offset, 42);
    parts.push(c, e.name);
  }
  const size = parts.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, end]);
}

/** The bytes of an xlsx whose rows come from `chunks`, as they are produced. */
export async function* streamXlsx(sheetName: string, header: string[], chunks: AsyncIterable<Cell[][]>, widths: number[] = []): AsyncGenerator<Buffer> {
  const entries: Entry[] = [];
  let offset = 0;
  for (const [name, text] of workbookParts(sheetName)) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data);
    const e: Entry = { name: Buffer.from(name, 'utf8'), crc: crc32(data), packed: packed.length, size: data.length, offset, descriptor: false };
    const head = localHeader(e.name, e);
    entries.push(e);
    offset += head.length + e.name.length + packed.length;
    yield Buffer.concat([head, e.name, packed]);
  }
  const sheet: Entry = { name: Buffer.from('xl/worksheets/sheet1.xml', 'utf8'), crc: 0, packed: 0, size: 0, offset, descriptor: true };
  entries.push(sheet);
  const head = localHeader(sheet.name, { crc: 0, packed: 0, size: 0, descriptor: true });
  offset += head.length + sheet.name.length;
  yield Buffer.concat([head, sheet.name]);

  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const take = (): Buffer => {
    const b = Buffer.concat(out);
    out.length = 0;
    sheet.packed += b.length;
    return b;
  };
  const write = async (text: string): Promise<Buffer> => {
    const data = Buffer.from(text, 'utf8');
    sheet.crc = crc32(data, sheet.crc);
    sheet.size += data.length;
    deflate.write(data);
    await new Promise<void>((resolve) => deflate.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    return take();
  };
  try {
    const frame = sheetFrame(header, widths);
    let r = 1;
    yield await write(frame.head + rowXml(r, header));
    for await (const rows of chunks) {
      if (rows.length === 0) continue;
      yield await write(rows.map((cells) => rowXml(++r, cells)).join(''));
    }
    const tail = Buffer.from(frame.tail, 'utf8');
    sheet.crc = crc32(tail, sheet.crc);
    sheet.size += tail.length;
    const ended = new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('error', reject);
    });
    deflate.end(tail);
    await ended;
    yield take();
  } finally {
    deflate.destroy();
  }
  offset += sheet.packed;
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(sheet.crc, 4);
  descriptor.writeUInt32LE(sheet.packed, 8);
  descriptor.writeUInt32LE(sheet.size, 12);
  offset += descriptor.length;
  yield Buffer.concat([descriptor, centralDirectory(entries, offset)]);
}

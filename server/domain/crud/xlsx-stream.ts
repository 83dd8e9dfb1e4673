import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** What a sheet cell may hold: text, a number, a boolean, or nothing. */
export type Cell = string | number | boolean | null | undefined;

type Value = ExcelJS.CellRichTextValue | number | boolean | null;

/** Text as an inline string cell (`t="inlineStr"`): exceljs writes a plain string as a formula's cached result (`t="str"`). */
const text = (s: string): ExcelJS.CellRichTextValue => ({ richText: [{ text: s }] });

/**
 * The value exceljs writes for a cell. Strings stay text cells whatever they start with (= + - @
 * included): nothing here is ever written as a formula. Characters XML 1.0 cannot carry are dropped
 * by exceljs when it encodes the text.
 */
function cellValue(v: Cell): Value {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : text(String(v));
  if (typeof v === 'boolean') return v;
  return text(v);
}

/**
 * One style object for every data cell: exceljs looks styles up by object identity, and a row's
 * cells otherwise each get a fresh empty one, which costs a style lookup per cell.
 */
const PLAIN: Partial<ExcelJS.Style> = Object.freeze({});

/** The width of a column without a given one: from its title, between 12 and 50 characters. */
function defaultWidth(title: string): number {
  return Math.min(Math.max(title.length * 2 + 4, 12), 50);
}

/** Committed text waiting for the deflater beyond this many bytes makes the writer wait before taking more rows. */
const BACKLOG_BYTES = 256 * 1024;

interface BufferState {
  length?: number;
}

/**
 * Bytes of committed sheet text that the zip writer has not taken in yet. exceljs hands the sheet to
 * archiver through a PassThrough that archiver only starts reading once the entries before it are
 * written, and nothing there pushes back on the writer (a known limit of exceljs 4); its buffered
 * lengths are what the writer waits on. 0 when exceljs's internals are not what this expects.
 */
function backlog(sheet: ExcelJS.Worksheet): number {
  const stream = (sheet as unknown as { _stream?: { pipes?: Array<{ _writableState?: BufferState; _readableState?: BufferState }> } })._stream;
  return (stream?.pipes ?? []).reduce((n, p) => n + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0);
}

/**
 * A one-sheet xlsx written as a stream (exceljs's streaming WorkbookWriter): a bold, frozen header
 * row, then the rows as they arrive in chunks (an async iterable, e.g. keyset pages of a query),
 * each committed and deflated before the next chunk is asked for, so memory stays flat whatever the
 * row count. Strings are inline (no shared-strings table kept in memory), numbers and booleans typed.
 */
export async function* streamXlsx(sheetName: string, header: string[], chunks: AsyncIterable<Cell[][]>, widths: number[] = []): AsyncGenerator<Buffer> {
  const out = new PassThrough();
  const ready: Buffer[] = [];
  let failure: unknown = null;
  out.on('data', (b: Buffer) => ready.push(b));
  const ended = new Promise<void>((resolve, reject) => {
    out.once('end', resolve);
    out.once('error', reject);
  });
  ended.catch((err: unknown) => (failure ??= err));
  const take = (): Buffer => {
    const b = Buffer.concat(ready);
    ready.length = 0;
    return b;
  };
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2' }] });
  sheet.columns = header.map((h, i) => ({ width: widths[i] ?? defaultWidth(h) }));
  const head = sheet.addRow(header.map(cellValue));
  head.eachCell((c) => (c.font = { bold: true }));
  head.commit();
  for await (const rows of chunks) {
    for (const cells of rows) {
      const row = sheet.addRow(Array.from(cells, cellValue));
      row.eachCell((c) => (c.style = PLAIN));
      row.commit();
    }
    // The committed rows pass through exceljs's buffers and archiver's deflater asynchronously:
    // wait until they are (nearly) through, so a fast query never piles text up in memory.
    do {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (failure) throw failure;
      if (ready.length > 0) yield take();
    } while (backlog(sheet) > BACKLOG_BYTES);
  }
  sheet.commit();
  await book.commit();
  await ended;
  if (ready.length > 0) yield take();
}

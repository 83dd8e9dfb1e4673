import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { streamXlsx, type Cell } from './xlsx-stream';
import { readZip, readZipEntries, ZipError, ZipTooLarge } from './zip';

export type { Cell } from './xlsx-stream';

/** One-sheet workbook (exceljs): a bold header row, then the rows (strings as text, numbers, booleans). */
export async function writeXlsx(sheetName: string, header: string[], rows: Cell[][], widths: number[] = []): Promise<Buffer> {
  async function* once(): AsyncGenerator<Cell[][]> {
    yield rows;
  }
  const parts: Buffer[] = [];
  for await (const part of streamXlsx(sheetName, header, once(), widths)) parts.push(part);
  return Buffer.concat(parts);
}

export class XlsxError extends Error {}

/** Bounds of an import (a 151 KB file once inflated to 44 MB and blocked the server for seconds). */
export const IMPORT_LIMITS = {
  /** Unpacked bytes of the sheet and the shared strings together. */
  inflatedBytes: 8 * 1024 * 1024,
  /** Rows of the sheet, the header included. */
  rows: 10_001,
  /** Columns (A..IU). */
  columns: 256,
} as const;

type Limits = { inflatedBytes: number; rows: number; columns: number };

const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/** The sheet read: `xl/worksheets/sheet1.xml`, else the first sheet part by name. */
function firstSheet(names: Iterable<string>): string | undefined {
  return [...names].filter((n) => SHEET.test(n)).sort()[0];
}

/** Sheet text parsed between two yields to the event loop. */
const SLICE = 16 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A tag's name without its namespace prefix (`x:row` → `row`). */
const local = (name: string): string => name.slice(name.indexOf(':') + 1);

function colIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Spreadsheet XML through a SAX parser (saxes); reading throws what the handlers throw (limits) and XML errors. */
abstract class SaxReader {
  protected readonly parser = new SaxesParser();
  constructor() {
    this.parser.on('opentag', (t) => this.open(local(t.name), t));
    this.parser.on('closetag', (t) => this.close(local(t.name)));
    this.parser.on('text', (s) => this.text(s));
  }
  protected abstract open(name: string, tag: SaxesTagPlain): void;
  protected abstract close(name: string): void;
  protected abstract text(s: string): void;

  /** All of `xml` at once. */
  readAll(xml: string): void {
    this.parser.write(xml);
    this.parser.close();
  }

  /** `xml` in 16 KB slices, with a turn of the event loop after each. */
  async readSliced(xml: string): Promise<void> {
    for (let at = 0; at < xml.length; at += SLICE) {
      this.parser.write(xml.slice(at, at + SLICE));
      await nextTurn();
    }
    this.parser.close();
  }
}

/** The shared strings table: each `<si>` is the text of all its `<t>` runs. */
class SharedStrings extends SaxReader {
  readonly strings: string[] = [];
  private current: string | null = null;
  private inText = false;
  protected open(name: string): void {
    if (name === 'si') this.current = '';
    else if (name === 't' && this.current !== null) this.inText = true;
  }
  protected close(name: string): void {
    if (name === 't') this.inText = false;
    else if (name === 'si' && this.current !== null) {
      this.strings.push(this.current);
      this.current = null;
    }
  }
  protected text(s: string): void {
    if (this.inText) this.current += s;
  }
}

/**
 * A sheet's rows as cell texts: shared strings (`t="s"`), inline strings (`t="inlineStr"`, all `<t>`
 * runs), booleans as `true`/`false`, anything else as the text of `<v>` (numbers as written, a
 * formula's cached result). Rows and cells without a reference follow the one before; missing rows
 * are empty and empty cells before the last one are ''.
 */
class SheetRows extends SaxReader {
  readonly rows: string[][] = [];
  private seen = 0;
  private rowNo = 0;
  private cells: string[] | null = null;
  private cell: { at: number; type: string | undefined; v: string | undefined; inline: string } | null = null;
  private into: 'v' | 't' | null = null;

  constructor(
    private readonly strings: string[],
    private readonly limits: Pick<Limits, 'rows' | 'columns'> | null,
  ) {
    super();
  }

  private tooMany(): XlsxError {
    const l = this.limits as Limits;
    return new XlsxError(`表格最多 ${l.rows - 1} 行数据、${l.columns} 列，请拆分后再导入`);
  }

  protected open(name: string, tag: SaxesTagPlain): void {
    if (name === 'row') {
      const r = tag.attributes.r;
      this.rowNo = r !== undefined && /^\d+$/.test(r) ? Number(r) : this.rows.length + 1;
      if (this.limits && (++this.seen > this.limits.rows || this.rowNo > this.limits.rows || this.rowNo < 1)) throw this.tooMany();
      this.cells = [];
    } else if (name === 'c' && this.cells) {
      const letters = /^([A-Z]+)\d*$/.exec(tag.attributes.r ?? '')?.[1];
      const at = letters === undefined ? this.cells.length : colIndex(letters);
      if (this.limits && at >= this.limits.columns) throw this.tooMany();
      this.cell = { at, type: tag.attributes.t, v: undefined, inline: '' };
    } else if (name === 'v' && this.cell && this.cell.v === undefined) {
      this.cell.v = '';
      this.into = 'v';
    } else if (name === 't' && this.cell) this.into = 't';
  }

  protected close(name: string): void {
    if (name === 'v' || name === 't') this.into = null;
    else if (name === 'c' && this.cell && this.cells) {
      const { at, type, v, inline } = this.cell;
      this.cells[at] = type === 's' ? (this.strings[Number(v)] ?? '') : type === 'inlineStr' ? inline : type === 'b' ? (v === '1' ? 'true' : 'false') : (v ?? '');
      this.cell = null;
    } else if (name === 'row' && this.cells) {
      if (this.rowNo >= 1) this.rows[this.rowNo - 1] = Array.from(this.cells, (c) => c ?? '');
      this.cells = null;
    }
  }

  protected text(s: string): void {
    if (!this.cell) return;
    if (this.into === 'v') this.cell.v += s;
    else if (this.into === 't') this.cell.inline += s;
  }

  result(): string[][] {
    return Array.from(this.rows, (r) => r ?? []);
  }
}

/** The readers of the first sheet of unpacked package parts and the XML they read. */
function sheetParts(files: Map<string, Buffer>, limits: Limits | null): { shared: SharedStrings; sharedXml: string; rows: SheetRows; sheetXml: string } {
  const name = firstSheet(files.keys());
  const sheet = name ? files.get(name) : undefined;
  if (!sheet) throw new XlsxError('文件不是有效的 xlsx 表格');
  const shared = new SharedStrings();
  return { shared, sharedXml: files.get(SHARED_STRINGS)?.toString('utf8') ?? '', rows: new SheetRows(shared.strings, limits), sheetXml: sheet.toString('utf8') };
}

/** XML errors are the file's fault: one message for them; the limits keep theirs. */
function notSheet(err: unknown): XlsxError {
  return err instanceof XlsxError ? err : new XlsxError('文件不是有效的 xlsx 表格');
}

/**
 * The first sheet of an xlsx file as rows of cell texts (shared strings, inline strings, numbers,
 * booleans), read at once: for files the server wrote itself (tests, tools), not for uploads.
 */
export function readXlsx(buf: Buffer): string[][] {
  let files: Map<string, Buffer>;
  try {
    files = readZip(buf, (names) => [firstSheet(names), SHARED_STRINGS].filter((n): n is string => n !== undefined));
  } catch (err) {
    throw new XlsxError(err instanceof ZipError ? '文件不是有效的 xlsx 表格' : '文件无法读取');
  }
  const { shared, sharedXml, rows, sheetXml } = sheetParts(files, null);
  try {
    if (sharedXml) shared.readAll(sharedXml);
    rows.readAll(sheetXml);
  } catch (err) {
    throw notSheet(err);
  }
  return rows.result();
}

/**
 * `readXlsx` for uploads: only the first sheet and the shared strings are unpacked (yauzl, inflating
 * on the thread pool, within IMPORT_LIMITS), and parsing yields to the event loop every 16 KB of
 * text, so other requests keep being answered while a large or hostile file is read.
 */
export async function readXlsxBounded(buf: Buffer, limits: Limits = IMPORT_LIMITS): Promise<string[][]> {
  let files: Map<string, Buffer>;
  try {
    files = await readZipEntries(buf, (names) => [firstSheet(names), SHARED_STRINGS].filter((n): n is string => n !== undefined), limits.inflatedBytes);
  } catch (err) {
    if (err instanceof ZipTooLarge) throw new XlsxError(`文件解压后超过 ${limits.inflatedBytes / 1024 / 1024} MB，请拆分后再导入`);
    throw new XlsxError(err instanceof ZipError ? '文件不是有效的 xlsx 表格' : '文件无法读取');
  }
  const { shared, sharedXml, rows, sheetXml } = sheetParts(files, limits);
  try {
    if (sharedXml) await shared.readSliced(sharedXml);
    await rows.readSliced(sheetXml);
  } catch (err) {
    throw notSheet(err);
  }
  return rows.result();
}

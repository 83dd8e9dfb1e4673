import { readZipEntries, ZipTooLarge, readZip, writeZip, ZipError } from './zip';

export type Cell = string | number | boolean | null | undefined;

function esc(s: string): string {
  // Characters XML 1.0 cannot carry are dropped.
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function colName(i: number): string {
  let s = '';
  let n = i + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function cellXml(ref: string, v: Cell, header: boolean): string {
  const style = header ? ' s="1"' : '';
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number' && Number.isFinite(v)) return `<c r="${ref}"${style}><v>${v}</v></c>`;
  if (typeof v === 'boolean') return `<c r="${ref}"${style} t="b"><v>${v ? 1 : 0}</v></c>`;
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${esc(String(v))}</t></is></c>`;
}

/** One row of sheet XML (row number `r`, 1-based; row 1 is the bold header). */
export function rowXml(r: number, cells: Cell[]): string {
  return `<row r="${r}">${cells.map((v, ci) => cellXml(`${colName(ci)}${r}`, v, r === 1)).join('')}</row>`;
}

/** The sheet XML up to the first row, and after the last (for writers that stream the rows between). */
export function sheetFrame(header: string[], widths: number[] = []): { head: string; tail: string } {
  const cols = header.map((h, i) => `<col min="${i + 1}" max="${i + 1}" width="${widths[i] ?? Math.min(Math.max(h.length * 2 + 4, 12), 50)}" customWidth="1"/>`).join('');
  return {
    head: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>`,
    tail: '</sheetData></worksheet>',
  };
}

/** The package parts of a one-sheet workbook other than the sheet (xl/worksheets/sheet1.xml). */
export function workbookParts(sheetName: string): Array<[string, string]> {
  return [
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${esc(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf/><xf fontId="1" applyFont="1"/></cellXfs></styleSheet>`,
    ],
  ];
}

/** One-sheet workbook: a bold header row, then the rows (strings inline, numbers, booleans). */
export function writeXlsx(sheetName: string, header: string[], rows: Cell[][], widths: number[] = []): Buffer {
  const lines = [header as Cell[], ...rows].map((r, ri) => rowXml(ri + 1, r));
  const { head, tail } = sheetFrame(header, widths);
  const files: Array<[string, string]> = [...workbookParts(sheetName), ['xl/worksheets/sheet1.xml', `${head}${lines.join('')}${tail}`]];
  return writeZip(files.map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })));
}

function unesc(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}

function textOf(xml: string): string {
  return [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unesc(m[1] ?? '')).join('');
}

function colIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export class XlsxError extends Error {}

/** The first sheet of an xlsx file as rows of cell texts (shared strings, inline strings, numbers, booleans). */
export function readXlsx(buf: Buffer): string[][] {
  let files: Map<string, Buffer>;
  try {
    files = readZip(buf);
  } catch (err) {
    throw new XlsxError(err instanceof ZipError ? '文件不是有效的 xlsx 表格' : '文件无法读取');
  }
  const sheetName = [...files.keys()].filter((k) => /^xl\/worksheets\/sheet\d+\.xml$/.test(k)).sort()[0];
  const sheet = sheetName ? files.get(sheetName) : undefined;
  if (!sheet) throw new XlsxError('文件不是有效的 xlsx 表格');
  const shared = files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '';
  const strings = [...shared.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1] ?? ''));
  const rows: string[][] = [];
  for (const rm of sheet.toString('utf8').matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)) {
    const rowNo = Number(/\br="(\d+)"/.exec(rm[1] ?? '')?.[1] ?? rows.length + 1);
    const cells: string[] = [];
    for (const cm of (rm[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cm[1] ?? '';
      const body = cm[2] ?? '';
      const ref = /\br="([A-Z]+)\d*"/.exec(attrs)?.[1] ?? colName(cells.length);
      const type = /\bt="(\w+)"/.exec(attrs)?.[1];
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const text = type === 's' ? (strings[Number(v)] ?? '') : type === 'inlineStr' ? textOf(body) : type === 'b' ? (v === '1' ? 'true' : 'false') : v === undefined ? '' : unesc(v);
      cells[colIndex(ref)] = text;
    }
    rows[rowNo - 1] = Array.from(cells, (c) => c ?? '');
  }
  return Array.from(rows, (r) => r ?? []);
}

/** Bounds of an import (issue 12: a 151 KB file inflating to 44 MB blocked the server for seconds). */
export const IMPORT_LIMITS = {
  /** Unpacked bytes of the sheet and the shared strings together. */
  inflatedBytes: 8 * 1024 * 1024,
  /** Rows of the sheet, the header included. */
  rows: 10_001,
  /** Columns (A..IU). */
  columns: 256,
} as const;

/** Rows parsed between two yields to the event loop. */
const ROWS_PER_SLICE = 200;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `readXlsx` for uploads: only the first sheet and the shared strings are unpacked (asynchronously,
 * within IMPORT_LIMITS), and parsing yields to the event loop every few hundred rows, so other
 * requests keep being answered while a large or hostile file is read.
 */
export async function readXlsxBounded(buf: Buffer, limits: { inflatedBytes: number; rows: number; columns: number } = IMPORT_LIMITS): Promise<string[][]> {
  let files: Map<string, Buffer>;
  const sheetPattern = /^xl\/worksheets\/sheet\d+\.xml$/;
  try {
    const names = await readZipEntries(buf, (n) => n === 'xl/sharedStrings.xml' || n === 'xl/worksheets/sheet1.xml', limits.inflatedBytes);
    files = names.has('xl/worksheets/sheet1.xml') ? names : await readZipEntries(buf, (n) => n === 'xl/sharedStrings.xml' || sheetPattern.test(n), limits.inflatedBytes);
  } catch (err) {
    if (err instanceof ZipTooLarge) throw new XlsxError(`文件解压后超过 ${limits.inflatedBytes / 1024 / 1024} MB，请拆分后再导入`);
    throw new XlsxError(err instanceof ZipError ? '文件不是有效的 xlsx 表格' : '文件无法读取');
  }
  const sheetName = [...files.keys()].filter((k) => sheetPattern.test(k)).sort()[0];
  const sheet = sheetName ? files.get(sheetName) : undefined;
  if (!sheet) throw new XlsxError('文件不是有效的 xlsx 表格');
  const tooMany = () => new XlsxError(`表格最多 ${limits.rows - 1} 行数据、${limits.columns} 列，请拆分后再导入`);
  const shared = files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '';
  const strings: string[] = [];
  let n = 0;
  for (const m of shared.matchAll(/<si>([\s\S]*?)<\/si>/g)) {
    strings.push(textOf(m[1] ?? ''));
    if (++n % (ROWS_PER_SLICE * 10) === 0) await nextTurn();
  }
  const rows: string[][] = [];
  let seen = 0;
  for (const rm of sheet.toString('utf8').matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)) {
    const rowNo = Number(/\br="(\d+)"/.exec(rm[1] ?? '')?.[1] ?? rows.length + 1);
    if (++seen > limits.rows || rowNo > limits.rows || rowNo < 1) throw tooMany();
    const cells: string[] = [];
    for (const cm of (rm[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cm[1] ?? '';
      const body = cm[2] ?? '';
      const ref = /\br="([A-Z]+)\d*"/.exec(attrs)?.[1] ?? colName(cells.length);
      const at = colIndex(ref);
      if (at >= limits.columns) throw tooMany();
      const type = /\bt="(\w+)"/.exec(attrs)?.[1];
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      cells[at] = type === 's' ? (strings[Number(v)] ?? '') : type === 'inlineStr' ? textOf(body) : type === 'b' ? (v === '1' ? 'true' : 'false') : v === undefined ? '' : unesc(v);
    }
    rows[rowNo - 1] = Array.from(cells, (c) => c ?? '');
    if (seen % ROWS_PER_SLICE === 0) await nextTurn();
  }
  return Array.from(rows, (r) => r ?? []);
}

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { IMPORT_LIMITS, readXlsx, readXlsxBounded, writeXlsx } from './xlsx';
import { streamXlsx, type Cell } from './xlsx-stream';
import { readZipEntries, writeZip, ZipTooLarge } from './zip';

async function collect(parts: AsyncIterable<Buffer>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const p of parts) out.push(p);
  return Buffer.concat(out);
}

describe('xlsx writing', () => {
  it('text that looks like a formula stays text, for this reader and for exceljs', async () => {
    const risky = ['=1+2', '+cmd|calc', '-2+3', '@SUM(A1)', '\t=x', '=HYPERLINK("http://x")'];
    const file = await writeXlsx('s', ['值'], risky.map((v) => [v]));
    expect(readXlsx(file).slice(1)).toEqual(risky.map((v) => [v]));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    for (let r = 2; r <= risky.length + 1; r++) {
      expect(sheet.getCell(r, 1).formula).toBeUndefined();
      expect(sheet.getCell(r, 1).text).toBe(risky[r - 2]);
    }
  });

  it('a bold, frozen header, the widths asked for, typed numbers and booleans', async () => {
    const file = await writeXlsx('收入明细', ['编号', '金额', '启用'], [[1, 2.5, true], [Number.NaN, null, '']], [10, 20]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('收入明细');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((c) => c.width)).toEqual([10, 20, 12]);
    expect([sheet.getCell('A2').value, sheet.getCell('B2').value, sheet.getCell('C2').value]).toEqual([1, 2.5, true]);
    expect(readXlsx(file)).toEqual([['编号', '金额', '启用'], ['1', '2.5', 'true'], ['NaN']]);
  });

  it('streams chunk by chunk: the rows of every chunk, in order, under one header', async () => {
    async function* chunks(): AsyncGenerator<Cell[][]> {
      for (let c = 0; c < 5; c++) yield Array.from({ length: 1000 }, (_, i) => [c * 1000 + i, `r${c * 1000 + i}`]);
      yield [];
    }
    const rows = readXlsx(await collect(streamXlsx('s', ['n', 'name'], chunks())));
    expect(rows).toHaveLength(5001);
    expect(rows[0]).toEqual(['n', 'name']);
    expect(rows[5000]).toEqual(['4999', 'r4999']);
  });

  it("exceljs still buffers a sheet where the streaming writer measures its backlog (an upgrade that moves it fails here, not in memory)", () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new PassThrough() });
    const sheet = book.addWorksheet('s');
    for (let i = 0; i < 2000; i++) sheet.addRow([`row ${i}`.repeat(10)]).commit();
    const pipes = (sheet as unknown as { _stream?: { pipes?: Array<{ _writableState?: { length?: number } }> } })._stream?.pipes ?? [];
    expect(pipes.reduce((n, p) => n + (p._writableState?.length ?? 0), 0)).toBeGreaterThan(0);
  });
});

describe('xlsx import limits', () => {
  it('reads what the writer wrote, within the limits', async () => {
    const file = await writeXlsx('s', ['a', 'b'], [['x', 1]]);
    expect(await readXlsxBounded(file)).toEqual([['a', 'b'], ['x', '1']]);
  });

  it('refuses more rows or columns than allowed, and a sheet that is not XML', async () => {
    const many = await writeXlsx('s', ['a'], Array.from({ length: 10 }, (_, i) => [i]));
    await expect(readXlsxBounded(many, { ...IMPORT_LIMITS, rows: 5 })).rejects.toThrow('表格最多 4 行数据、256 列，请拆分后再导入');
    const wide = await writeXlsx('s', ['a', 'b', 'c'], []);
    await expect(readXlsxBounded(wide, { ...IMPORT_LIMITS, columns: 2 })).rejects.toThrow('表格最多 10000 行数据、2 列，请拆分后再导入');
    const broken = writeZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet><sheetData><row>') }]);
    await expect(readXlsxBounded(broken)).rejects.toThrow('文件不是有效的 xlsx 表格');
  });

  it('an entry whose header understates its size is cut off at the claim', async () => {
    const data = Buffer.alloc(64 * 1024, 'x');
    const zip = writeZip([{ name: 'a.xml', data }]);
    const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(1024, central + 24);
    zip.writeUInt32LE(1024, 22);
    await expect(readZipEntries(zip, (names) => names, 1024 * 1024)).rejects.toBeInstanceOf(ZipTooLarge);
    await expect(readZipEntries(writeZip([{ name: 'a.xml', data }]), (names) => names, 1024)).rejects.toBeInstanceOf(ZipTooLarge);
    expect((await readZipEntries(writeZip([{ name: 'a.xml', data }]), (names) => names, 1024 * 1024)).get('a.xml')?.equals(data)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { apiPattern, equivalents, isOpenPath } from '../../../domain/permissions';
import { orderClause, parseListQuery } from '../../../domain/crud/query';
import { CrudError } from '../../../domain/crud/spec';
import { deptSpec } from '../resources/dept';
import { readXlsx, writeXlsx } from '../../../domain/crud/xlsx';
import { readZip, writeZip } from '../../../domain/crud/zip';

describe('xlsx', () => {
  it('round-trips text (CJK, XML specials), numbers, booleans and empty cells', async () => {
    const file = await writeXlsx('用户', ['用户账号', '数量', '启用', '备注'], [
      ['张三 <a&b>', 3, true, null],
      ['"quoted"', 0.5, false, ''],
    ]);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    expect(readXlsx(file)).toEqual([
      ['用户账号', '数量', '启用', '备注'],
      ['张三 <a&b>', '3', 'true'],
      ['"quoted"', '0.5', 'false'],
    ]);
  });

  it('reads shared strings and sparse cells as spreadsheet programs write them', () => {
    const sheet = `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row><row r="3"><c r="B3"><v>42</v></c></row></sheetData></worksheet>`;
    const shared = `<sst><si><t>姓名</t></si><si><r><t>部</t></r><r><t>门</t></r></si></sst>`;
    const file = writeZip([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
      { name: 'xl/sharedStrings.xml', data: Buffer.from(shared) },
    ]);
    expect(readXlsx(file)).toEqual([['姓名', '', '部门'], [], ['', '42']]);
  });

  it('refuses what is not an xlsx with a clear message', () => {
    expect(() => readXlsx(Buffer.from('name,age\nx,1\n'))).toThrow('文件不是有效的 xlsx 表格');
    expect(() => readXlsx(writeZip([{ name: 'a.txt', data: Buffer.from('x') }]))).toThrow('文件不是有效的 xlsx 表格');
  });

  it('zip entries keep their bytes', () => {
    const data = Buffer.from('x'.repeat(10_000));
    expect(readZip(writeZip([{ name: 'a/b.xml', data }])).get('a/b.xml')?.equals(data)).toBe(true);
  });
});

describe('grants', () => {
  it('button apis with {id} placeholders match one path segment', () => {
    const re = apiPattern('/api/system/user/{id}/reset_password/');
    expect(re?.test('/api/system/user/12/reset_password/')).toBe(true);
    expect(re?.test('/api/system/user/12/x/reset_password/')).toBe(false);
    expect(re?.test('/api/system/user/')).toBe(false);
    expect(apiPattern('/api/system/user/')?.test('/api/system/user/1/')).toBe(false);
    expect(apiPattern('  ')).toBeNull();
    expect(apiPattern('/api/a.b/')?.test('/api/aXb/')).toBe(false);
  });

  it('a row placeholder is a row id: a Retrieve button does not grant export_data, import_data or other actions', () => {
    const retrieve = apiPattern('/api/game/android/{id}/');
    expect(retrieve?.test('/api/game/android/12/')).toBe(true);
    for (const action of ['export_data', 'import_data', 'update_template', 'multiple_delete', 'redeem']) expect(retrieve?.test(`/api/game/android/${action}/`), action).toBe(false);
  });

  it('derived grants: PATCH by PUT, multiple_delete by DELETE, export/import actions, role lookups', () => {
    expect(equivalents('PATCH', '/api/system/user/3/')).toContainEqual([2, '/api/system/user/3/']);
    expect(equivalents('DELETE', '/api/system/user/multiple_delete/')).toContainEqual([3, '/api/system/user/0/']);
    expect(equivalents('GET', '/api/system/user/export_data/')).toContainEqual([1, '/api/system/user/export_data/']);
    expect(equivalents('GET', '/api/system/user/update_template/')).toContainEqual([1, '/api/system/user/import_data/']);
    expect(equivalents('GET', '/api/system/role/role_get_menu/')).toContainEqual([2, '/api/system/role/0/']);
    expect(equivalents('PUT', '/api/system/system_config/save_content/')).toContainEqual([2, '/api/system/system_config/0/']);
    // A plain GET of a list is only itself.
    expect(equivalents('GET', '/api/system/role/')).toEqual([[0, '/api/system/role/']]);
  });

  it('self-service paths are open; management paths are not', () => {
    expect(isOpenPath('GET', '/api/system/user/user_info/')).toBe(true);
    expect(isOpenPath('PUT', '/api/system/user/7/change_password/')).toBe(true);
    expect(isOpenPath('GET', '/api/system/message_center/get_unread_msg/')).toBe(true);
    expect(isOpenPath('GET', '/api/system/message_center/')).toBe(false);
    expect(isOpenPath('PUT', '/api/system/user/7/reset_password/')).toBe(false);
    expect(isOpenPath('POST', '/api/system/user/user_info/')).toBe(false);
  });
});

describe('list queries', () => {
  const spec = deptSpec();

  it('ordering: known fields only, - for descending, id as tie-breaker; default when nothing usable', () => {
    expect(orderClause(spec, '-sort,name')).toBe('t.sort DESC, t.name ASC, t.id DESC');
    expect(orderClause(spec, 'password')).toBe('t.sort ASC, t.id ASC');
    expect(orderClause(spec, undefined)).toBe('t.sort ASC, t.id ASC');
  });

  it('paging is clamped; filters become parameters, never SQL text', () => {
    const q = parseListQuery(spec, { page: '0', limit: '100000', name: "x'; DROP TABLE depts; --", status: 'true', parent__isnull: '1' });
    expect(q.page).toBe(1);
    expect(q.limit).toBe(999);
    expect(q.conditions.where()).not.toContain('DROP');
    expect(q.conditions.params).toContain("%x'; drop table depts; --%");
    expect(q.conditions.where()).toContain('t.parent IS NULL');
  });

  it('bad filter values and dates are refused with the field label', () => {
    expect(() => parseListQuery(spec, { status: 'maybe' })).toThrow(new CrudError('部门状态:请输入一个有效的值。'));
    expect(() => parseListQuery(spec, { create_datetime_after: '2024-13-45x' })).toThrow(CrudError);
  });

  it('a bare end date includes its whole (Shanghai) day', () => {
    const q = parseListQuery(spec, { create_datetime_after: '2024-01-01', create_datetime_before: '2024-01-01' });
    expect(q.conditions.params).toEqual(['2023-12-31T16:00:00.000Z', '2024-01-01T15:59:59.999Z']);
  });
});

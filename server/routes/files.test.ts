import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileList, fileRow, envelope } from '../../contracts/schemas';
import { formatBytes } from '../domain/dashboard';
import { SERVER_TIMEOUT_MS } from '../test/timeouts';
import type { TestServer } from '../testing';
import { suiteServer } from '../test/helpers';

let srv: TestServer;
let token: string;
suiteServer([], (s) => ({ srv } = s));
beforeAll(async () => {
  token = srv.signToken({});
}, SERVER_TIMEOUT_MS);

function upload(content: string, name: string, opts: { field?: string; token?: string | null; type?: string } = {}) {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([content], { type: opts.type ?? 'text/plain' }), name);
  const headers: Record<string, string> = {};
  const t = opts.token === undefined ? token : opts.token;
  if (t) headers.authorization = `JWT ${t}`;
  return fetch(`${srv.baseUrl}/api/system/file/`, { method: 'POST', body: form, headers });
}

const json = async (res: Response) => (await res.json()) as { code: number; msg: unknown; data: unknown };
const get = (path: string, t: string | null = token) => fetch(`${srv.baseUrl}${path}`, { headers: t ? { authorization: `JWT ${t}` } : {} });

describe('files: POST api/system/file/', () => {
  it('stores the upload under media/files/<h0>/<h1>/<md5><ext>, records the row and serves the bytes at /media/', async () => {
    const body = await json(await upload('hello dvadmin\n', 'upload-sample.txt'));
    const md5 = createHash('md5').update('hello dvadmin\n').digest('hex');
    expect(envelope(fileRow).parse(body)).toMatchObject({
      code: 2000,
      msg: '新增成功',
      data: { name: 'upload-sample.txt', url: `media/files/${md5[0]}/${md5[1]}/${md5}.txt`, engine: 'local', mime_type: 'text/plain', size: 14, md5sum: md5, creator: 1, creator_name: '超级管理员' },
    });
    const served = await fetch(`${srv.baseUrl}/media/files/${md5[0]}/${md5[1]}/${md5}.txt`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('text/plain');
    expect(await served.text()).toBe('hello dvadmin\n');
  });

  it('requires a token (a deliberate fix of the real back end, which accepts anonymous uploads)', async () => {
    expect(await json(await upload('x', 'a.txt', { token: null }))).toEqual({ code: 4000, msg: '身份认证信息未提供。', data: null });
    expect(await json(await upload('x', 'a.txt', { token: 'garbage' }))).toMatchObject({ code: 401, data: null });
  });

  it('refuses a body without the file field, a wrong field name and an empty file', async () => {
    const noFile = await fetch(`${srv.baseUrl}/api/system/file/`, { method: 'POST', headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(await json(noFile)).toEqual({ code: 4000, msg: 'file:没有提交任何文件。', data: null });
    expect(await json(await upload('x', 'a.txt', { field: 'upload' }))).toEqual({ code: 4000, msg: 'file:没有提交任何文件。', data: null });
    expect(await json(await upload('', 'empty.txt'))).toEqual({ code: 4000, msg: 'file:提交的是空文件。', data: null });
  });

  it('keeps only a safe base name and extension of the client file name', async () => {
    const body = await json(await upload('evil', '../../etc/passwd.txt'));
    expect(body).toMatchObject({ code: 2000, data: { name: 'passwd.txt' } });
    expect((body.data as { url: string }).url).toMatch(/^media\/files\/[0-9a-f]\/[0-9a-f]\/[0-9a-f]{32}\.txt$/);
  });

  it('never serves anything outside the media folder', async () => {
    for (const path of ['/media/..%2F..%2Fpackage.json', '/media/files/none.txt', '/media/..%2F..%2F..%2F..%2Fetc%2Fpasswd']) {
      const res = await fetch(`${srv.baseUrl}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('"name"');
    }
    // A malformed escape never reaches the handler: Fastify refuses the URL itself.
    expect((await fetch(`${srv.baseUrl}/media/%E0%A4%A`)).status).toBe(400);
  });
});

describe('files: the file_list rows', () => {
  it('lists newest first with paging, filters by name, gives absolute urls with prefix=1', async () => {
    await upload('one', 'list-one.txt');
    await upload('two', 'list-two.txt');
    const page = fileList.parse((await json(await get('/api/system/file/?page=1&limit=1&name=list-'))).data);
    expect(page).toMatchObject({ page: 1, limit: 1, total: 2, is_next: true, is_previous: false });
    expect(page.data[0]?.name).toBe('list-two.txt');
    const prefixed = fileList.parse((await json(await get('/api/system/file/?name=list-one&prefix=1'))).data);
    expect(prefixed.data[0]?.url).toMatch(new RegExp(`^${srv.baseUrl}/media/files/`));
    expect(prefixed.data[0]?.file_url).toMatch(/^media\/files\//);
  });

  it('refuses bad list parameters with a clear message', async () => {
    expect(await json(await get('/api/system/file/?limit=0'))).toMatchObject({ code: 4000, data: null });
    expect(await json(await get('/api/system/file/?ordering=password'))).toMatchObject({ code: 4000, data: null });
  });

  it('reads, renames and deletes one row; an unknown id is 400 接口地址不正确 (as every viewset)', async () => {
    const created = (await json(await upload('row', 'row.txt'))).data as { id: number };
    const one = await json(await get(`/api/system/file/${created.id}/`));
    expect(fileRow.parse(one.data).name).toBe('row.txt');
    const renamed = await fetch(`${srv.baseUrl}/api/system/file/${created.id}/`, {
      method: 'PUT',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'renamed.txt' }),
    });
    expect(await json(renamed)).toMatchObject({ code: 2000, data: { name: 'renamed.txt', modifier: '1' } });
    const blank = await fetch(`${srv.baseUrl}/api/system/file/${created.id}/`, {
      method: 'PUT',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: ' ' }),
    });
    expect(await json(blank)).toEqual({ code: 4000, msg: 'name:该字段不能为空。', data: null });
    const deleted = await fetch(`${srv.baseUrl}/api/system/file/${created.id}/`, { method: 'DELETE', headers: { authorization: `JWT ${token}` } });
    expect(await json(deleted)).toMatchObject({ code: 2000, msg: '删除成功' });
    expect(await json(await get(`/api/system/file/${created.id}/`))).toEqual({ code: 400, msg: '接口地址不正确', data: null });
    expect(await json(await get('/api/system/file/abc/'))).toEqual({ code: 400, msg: '接口地址不正确', data: null });
  });

  it('the dashboard attachment count follows the uploads', async () => {
    const before = (await json(await get('/api/system/datav/attachment_total/'))).data as { count: number; occupy_space: string };
    await upload('count me', 'count.txt');
    const after = (await json(await get('/api/system/datav/attachment_total/'))).data as { count: number; occupy_space: string };
    expect(after.count).toBe(before.count + 1);
    // occupy_space is the sum of the listed sizes, as display text (API-CONTRACT §17).
    const listed = (await json(await get('/api/system/file/?limit=999'))).data as { data: Array<{ size: number }> };
    expect(listed.data).toHaveLength(after.count);
    expect(after.occupy_space).toBe(formatBytes(listed.data.reduce((n, r) => n + r.size, 0)));
  });
});

describe('files: multiple_delete and export_data (the real back end offers both)', () => {
  it('multiple_delete removes the rows given (all or none); export_data answers an xlsx of the list', async () => {
    const ids: number[] = [];
    for (const name of ['bulk-a.txt', 'bulk-b.txt']) ids.push((envelope(fileRow).parse(await json(await upload(`${name} body`, name))).data as { id: number }).id);
    const del = (keys: number[]) =>
      fetch(`${srv.baseUrl}/api/system/file/multiple_delete/`, { method: 'DELETE', headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ keys }) });
    // One unknown key: nothing is deleted.
    expect(await json(await del([...ids, 2_000_000]))).toMatchObject({ code: 400, data: null });
    const listed = async () => fileList.parse((await json(await get('/api/system/file/?name=bulk-&limit=50'))).data).data.map((row) => row.id);
    expect((await listed()).sort()).toEqual([...ids].sort());

    const exported = await get('/api/system/file/export_data/?name=bulk-');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    expect(Buffer.from(await exported.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');

    expect(await json(await del(ids))).toMatchObject({ code: 2000, msg: '删除成功' });
    expect(await listed()).toEqual([]);
  });
});

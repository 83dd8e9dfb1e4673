// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createI18n, translator } from '../../i18n';
import { recordingCallbacks } from '../../test/fake-callbacks';
import { createCookies, memoryCookieJar } from '../cookies';
import { ApiError } from '../errors';
import { listParams } from './params';
import { fileNameFromDisposition, resourcePath, toResourcePage } from './resources';
import { RestConsoleApi } from './rest-api';

const t = translator(createI18n('zh-chs'));

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** RestConsoleApi over a scripted fetch: each call answers with the next reply for its "METHOD path". */
function setup(replies: Record<string, (seen: Seen) => Response>) {
  const seen: Seen[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const entry: Seen = { method: init?.method ?? 'GET', url, headers: new Headers(init?.headers), body: init?.body };
    seen.push(entry);
    const reply = replies[`${entry.method} ${url.pathname}`];
    return reply ? reply(entry) : new Response('<html>404</html>', { status: 404, headers: { 'Content-Type': 'text/html' } });
  };
  const cookies = createCookies(memoryCookieJar());
  cookies.set('token', 'access-0');
  cookies.set('refresh', 'refresh-0');
  const callbacks = recordingCallbacks();
  const api = new RestConsoleApi({ serverUrl: 'http://api.test', cookies, t, callbacks, fetch: fetchImpl, retry: { count: 3, delayMs: 1 } });
  return { api, seen, callbacks, cookies };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

describe('resource helpers', () => {
  it('resourcePath joins under the base path with one trailing slash', () => {
    expect(resourcePath('/api/system/user/')).toBe('/api/system/user/');
    expect(resourcePath('/api/system/user', '3')).toBe('/api/system/user/3/');
    expect(resourcePath('/api/system/user/', '3/reset_password/')).toBe('/api/system/user/3/reset_password/');
  });

  it('toResourcePage reads paginated, non-paginated (total 1 for any size), bare and results answers', () => {
    expect(toResourcePage({ page: 2, limit: 1, total: 5, is_next: true, data: [{ id: 1 }] })).toEqual({ page: 2, limit: 1, total: 5, rows: [{ id: 1 }] });
    expect(toResourcePage({ page: 1, limit: 1, total: 1, data: [{ id: 1 }, { id: 2 }, { id: 3 }] })).toEqual({ page: 1, limit: 3, total: 3, rows: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    expect(toResourcePage([{ id: 1 }])).toEqual({ page: 1, limit: 1, total: 1, rows: [{ id: 1 }] });
    expect(toResourcePage({ results: [{ id: 9 }] })?.rows).toEqual([{ id: 9 }]);
    expect(toResourcePage('nope')).toBeNull();
  });

  it('fileNameFromDisposition decodes filename* first, then filename', () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx")).toBe('用户.xlsx');
    expect(fileNameFromDisposition('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('RestConsoleApi resource calls', () => {
  it('list writes the ListQuery as django parameters (ordering -x, booleans 1/0, arrays repeated, ranges _after/_before, __isnull, __icontains) with the JWT', async () => {
    const { api, seen } = setup({ 'GET /api/system/user/': () => json({ code: 2000, msg: 'success', data: { page: 1, limit: 10, total: 0, data: [] } }) });
    await api.list('/api/system/user/', {
      page: 1,
      limit: 10,
      ordering: { field: 'create_datetime', direction: 'desc' },
      search: '张',
      filters: [
        { op: 'equals', field: 'is_active', value: true },
        { op: 'in', field: 'dept', values: [3, 4] },
        { op: 'contains', field: 'email', value: 'example' },
        { op: 'range', field: 'create_datetime', from: '2026-01-01', to: '2026-01-31' },
        { op: 'isNull', field: 'parent', value: true },
      ],
      ids: [1, 2],
    });
    const call = seen[0];
    expect(decodeURIComponent(call?.url.search ?? '')).toBe(
      '?page=1&limit=10&ordering=-create_datetime&search=张&is_active=1&dept=3&dept=4&email__icontains=example&create_datetime_after=2026-01-01&create_datetime_before=2026-01-31&parent__isnull=1&ids=1&ids=2',
    );
    expect(call?.headers.get('Authorization')).toBe('JWT access-0');
  });

  it('listParams leaves out what the query does not say; ascending ordering has no sign; an open range sends one end', () => {
    expect(listParams({})).toEqual({});
    expect(listParams({ ordering: { field: 'sort', direction: 'asc' }, filters: [{ op: 'range', field: 'create_datetime', to: '2026-02-01' }, { op: 'isNull', field: 'pcode', value: false }] })).toEqual({
      ordering: 'sort',
      create_datetime_before: '2026-02-01',
      pcode__isnull: false,
    });
  });

  it('create / update / remove / multipleDelete use POST, PUT {id}/, DELETE {id}/ and DELETE multiple_delete/ {keys}', async () => {
    const done = () => json({ code: 2000, msg: 'ok', data: { id: 7 } });
    const { api, seen } = setup({
      'POST /api/system/role/': done,
      'PUT /api/system/role/7/': done,
      'DELETE /api/system/role/7/': () => json({ code: 2000, msg: '删除成功', data: [] }),
      'DELETE /api/system/role/multiple_delete/': () => json({ code: 2000, msg: '删除成功', data: [] }),
    });
    await expect(api.create('/api/system/role/', { name: 'a' })).resolves.toEqual({ id: 7 });
    await api.update('/api/system/role/', 7, { name: 'b' });
    await api.remove('/api/system/role/', 7);
    await api.multipleDelete('/api/system/role/', [7, 8]);
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'POST /api/system/role/',
      'PUT /api/system/role/7/',
      'DELETE /api/system/role/7/',
      'DELETE /api/system/role/multiple_delete/',
    ]);
    expect(JSON.parse(String(seen[3]?.body))).toEqual({ keys: [7, 8] });
  });

  it('exportData downloads the file with the filters (no paging), names it from content-disposition and reports progress', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 5, 6]);
    const { api, seen } = setup({
      'GET /api/system/user/export_data/': () =>
        new Response(bytes, { headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': '6', 'Content-Disposition': "attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx" } }),
    });
    const progress: (number | null)[] = [];
    const file = await api.exportData('/api/system/user/', { filters: [{ op: 'equals', field: 'username', value: 'te' }] }, (f) => progress.push(f));
    expect(file.name).toBe('用户.xlsx');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
    expect(seen[0]?.url.search).toBe('?username=te');
    expect(progress.at(-1)).toBe(1);
  });

  it('exportData without content-disposition is 文件导出.xlsx; an envelope instead of a file fails with its message', async () => {
    const ok = setup({ 'GET /api/system/user/export_data/': () => new Response('x', { headers: { 'Content-Type': 'application/octet-stream' } }) });
    expect((await ok.api.exportData('/api/system/user/', {})).name).toBe('文件导出.xlsx');
    const refused = setup({ 'GET /api/system/user/export_data/': () => json({ code: 4000, msg: '您没有执行该操作的权限。', data: null }) });
    await expect(refused.api.exportData('/api/system/user/', {})).rejects.toThrow('您没有执行该操作的权限。');
    expect(refused.callbacks.notices.map((n) => n.text)).toEqual(['您没有执行该操作的权限。']);
  });

  it('a 401 on a download refreshes the token once and retries with the new one', async () => {
    let calls = 0;
    const { api, seen } = setup({
      'POST /token/refresh/': () => json({ code: 2000, msg: 'ok', data: { access: 'access-1' } }),
      'GET /api/system/user/import_data/': () =>
        ++calls === 1 ? json({ code: 401, msg: { detail: 'expired', code: 'token_not_valid' }, data: null }) : new Response('tpl', { headers: { 'Content-Type': 'application/octet-stream' } }),
    });
    await api.importTemplate('/api/system/user/');
    const downloads = seen.filter((s) => s.url.pathname.endsWith('import_data/'));
    expect(downloads.map((s) => s.headers.get('Authorization'))).toEqual(['JWT access-0', 'JWT access-1']);
  });

  it('JSON calls, a download, an import template and an upload meeting 401 together share one refresh, then all go through with the new token', async () => {
    let refreshes = 0;
    const expired = () => json({ code: 401, msg: { detail: 'expired', code: 'token_not_valid' }, data: null });
    const fresh = (seen: Seen) => seen.headers.get('Authorization') === 'JWT access-1';
    const { api, seen, callbacks } = setup({
      'POST /token/refresh/': () => {
        refreshes += 1;
        return json({ code: 2000, msg: 'ok', data: { access: 'access-1' } });
      },
      'GET /api/system/role/': (s) => (fresh(s) ? json({ code: 2000, msg: 'ok', data: { page: 1, limit: 10, total: 0, data: [] } }) : expired()),
      'GET /api/system/role/export_data/': (s) => (fresh(s) ? new Response('xlsx', { headers: { 'Content-Type': 'application/octet-stream' } }) : expired()),
      'GET /api/system/role/import_data/': (s) => (fresh(s) ? new Response('tpl', { headers: { 'Content-Type': 'application/octet-stream' } }) : expired()),
      'POST /api/system/file/': (s) => (fresh(s) ? json({ code: 2000, msg: '新增成功', data: { id: 1, url: 'media/files/a.png' } }) : expired()),
    });
    await Promise.all([
      ...Array.from({ length: 10 }, () => api.list('/api/system/role/', { page: 1, limit: 10 })),
      api.exportData('/api/system/role/', {}),
      api.importTemplate('/api/system/role/'),
      api.upload(new Blob(['x']), 'a.png'),
    ]);
    expect(refreshes).toBe(1);
    expect(seen.filter((s) => s.url.pathname !== '/token/refresh/').every((s) => s.headers.get('Authorization')?.startsWith('JWT access-'))).toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('upload posts multipart field file; an answer without data fails with 上传失败', async () => {
    const good = setup({ 'POST /api/system/file/': () => json({ code: 2000, msg: '新增成功', data: { id: 3, url: 'media/files/a.png', name: 'a.png' } }) });
    await expect(good.api.upload(new Blob(['x']), 'a.png')).resolves.toEqual({ id: 3, url: 'media/files/a.png', name: 'a.png' });
    const form = good.seen[0]?.body;
    expect(form instanceof FormData && form.get('file') instanceof Blob).toBe(true);
    const empty = setup({ 'POST /api/system/file/': () => json({ code: 2000, msg: '新增成功', data: null }) });
    await expect(empty.api.upload(new Blob(['x']), 'a.png')).rejects.toThrow('上传失败');
    expect(empty.callbacks.notices[0]?.text).toBe('上传失败');
  });

  it('importData uploads, then posts the url; a refused import carries each bad row', async () => {
    const { api, seen } = setup({
      'POST /api/system/file/': () => json({ code: 2000, msg: '新增成功', data: { id: 3, url: 'media/files/u.xlsx' } }),
      'POST /api/system/user/import_data/': () => json({ code: 4000, msg: '导入失败：2 行有错误', data: [{ row: 2, msg: '用户账号:该字段是必填项。' }, { row: 4, msg: '用户账号已存在' }] }),
    });
    const failure = await api.importData('/api/system/user/', new Blob(['x']), 'u.xlsx').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: '导入失败：2 行有错误', code: 4000 });
    expect((failure as ApiError).details).toEqual([{ row: 2, msg: '用户账号:该字段是必填项。' }, { row: 4, msg: '用户账号已存在' }]);
    expect(JSON.parse(String(seen[1]?.body))).toEqual({ url: 'media/files/u.xlsx' });
  });
});

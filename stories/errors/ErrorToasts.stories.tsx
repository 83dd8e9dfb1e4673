import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { z } from 'zod';
import { useStore } from '../../src/components/store-context';
import { storyConsole } from '../console';
import { failure, ok } from '../mocks/fixtures';
import { MockBackend, mockBackend } from '../mocks/handlers';
import { componentOn } from '../kit';

/**
 * The error table of spec §8 as a person sees it: each button calls one demo endpoint through the
 * console's real REST adapter (answered by MSW with the envelope or HTTP status of that row), and the
 * console's own toast host shows the result for 5 s.
 */

const DJANGO_404 = '<!DOCTYPE html>\n<html lang="en">\n<head><title>Page not found at /api/demo/django-404/</title></head>\n<body><div id="summary"><h1>Page not found <span>(404)</span></h1></div></body>\n</html>';
const NGINX_502 = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>';

const ROWS = [
  { id: 'e402', label: '402', answer: () => HttpResponse.json(failure(402, '余额不足，请先充值')) },
  { id: 'e404', label: '404', answer: () => HttpResponse.json(failure(404, '没有找到该玩家')) },
  { id: 'e4000', label: '4000', answer: () => HttpResponse.json(failure(4000, '昵称已被占用')) },
  { id: 'e400', label: '400', answer: () => HttpResponse.json(failure(400, '参数格式不正确')) },
  { id: 'e5001', label: 'other code', answer: () => HttpResponse.json(failure(5001, '未知状态')) },
  { id: 'h500', label: 'HTTP 500', answer: () => new HttpResponse('<h1>Server Error</h1>', { status: 500, headers: { 'Content-Type': 'text/html' } }) },
  { id: 'h404', label: 'HTTP 404', answer: () => new HttpResponse('<h1>Not Found</h1>', { status: 404, headers: { 'Content-Type': 'text/html' } }) },
  { id: 'h503', label: 'HTTP 503', answer: () => new HttpResponse('busy', { status: 503, headers: { 'Content-Type': 'text/plain' } }) },
  { id: 'timeout-token', label: '4000 token_not_valid', answer: () => HttpResponse.json(failure(4000, { detail: 'Token is invalid or expired', code: 'token_not_valid' })) },
  { id: 'user-gone', label: '4000 user_not_found', answer: () => HttpResponse.json(failure(4000, { detail: '用户不存在', code: 'user_not_found' })) },
  { id: 'ok', label: '2000', answer: () => HttpResponse.json(ok(z.object({ done: z.boolean() }), { done: true }, '操作成功')) },
  // The real back end's shapes (API-CONTRACT §17) and what sits between a browser and it.
  { id: 'msg-list', label: '4000 msg as a list', answer: () => HttpResponse.json(failure(4000, [{ users: ['无效主键 “99999” － 对象不存在。'] }])) },
  { id: 'msg-fields', label: '4000 msg as field → messages', answer: () => HttpResponse.json({ code: 4000, data: null, msg: { title: ['该字段是必填项。'], content: ['该字段是必填项。'] } }) },
  { id: 'django-404', label: 'Django 404 page', answer: () => new HttpResponse(DJANGO_404, { status: 404, headers: { 'Content-Type': 'text/html' } }) },
  { id: 'nginx-502', label: 'nginx 502 page', answer: () => new HttpResponse(NGINX_502, { status: 502, headers: { 'Content-Type': 'text/html' } }) },
  { id: 'empty-200', label: 'empty 200', answer: () => new HttpResponse(null, { status: 200 }) },
  { id: 'page-200', label: 'a web page with 200', answer: () => new HttpResponse('<!doctype html><html><body><div id="root"></div></body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }) },
] as const;

function errorBackend(options: { refreshRefused?: boolean } = {}): MockBackend {
  const base = mockBackend({ captcha: false });
  const extra: HttpHandler[] = ROWS.map((row) => http.get(`*/api/demo/${row.id}/`, () => row.answer()));
  // A 401 on every call: with a refused refresh the session ends (认证已失效,请重新登录~).
  extra.push(http.get('*/api/demo/e401/', () => HttpResponse.json(failure(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' }))));
  if (options.refreshRefused) extra.push(http.post('*/token/refresh/', () => HttpResponse.json(failure(400, 'Token is invalid or expired'), { status: 401 })));
  return new MockBackend([...extra, ...base.handlers], base.state, base.reset);
}

function ErrorPanel() {
  const root = useStore();
  const [result, setResult] = useState('');
  // Every call through a store, as a screen makes it.
  const [demo] = useState(() => root.createResourceStore({ resource: '/api/demo/' }));
  const call = (id: string) =>
    demo.action(`${id}/`).then(
      () => setResult(`${id}: ok`),
      (error: unknown) => setResult(`${id}: ${error instanceof Error ? error.message : String(error)}`),
    );
  return (
    <div style={{ padding: 24, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {[...ROWS.map((r) => [r.id, r.label] as const), ['e401', '401 (refresh refused)'] as const].map(([id, label]) => (
        <button key={id} type="button" data-testid={`call-${id}`} onClick={() => void call(id)}>
          {label}
        </button>
      ))}
      <output data-testid="result" style={{ width: '100%' }}>
        {result}
      </output>
    </div>
  );
}

const meta = { title: 'Errors/Toasts', ...componentOn(ErrorPanel, { console: { path: '/demo', signedIn: true }, backend: errorBackend() }) } satisfies Meta<typeof ErrorPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** A toast with this text is on screen (once its enter animation has run). */
async function shown(text: string) {
  const toast = await body().findByText(text);
  await waitFor(() => expect(toast).toBeVisible());
}

async function press(canvasElement: HTMLElement, id: string) {
  await userEvent.click(within(canvasElement).getByTestId(`call-${id}`));
  await waitFor(() => expect(within(canvasElement).getByTestId('result')).toHaveTextContent(new RegExp(`^${id}: `)));
}

/** Every envelope row: 402 warning, 404 info, 4000 and 400 errors with the server text, any other code 'msg: url'. */
export const EnvelopeCodes: Story = {
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'e402');
    await shown('余额不足，请先充值');
    await expect(document.querySelector('.p-toast-message-warn')).not.toBeNull();
    await press(canvasElement, 'e404');
    await shown('没有找到该玩家');
    await expect(document.querySelector('.p-toast-message-info')).not.toBeNull();
    await press(canvasElement, 'e4000');
    await shown('昵称已被占用');
    await press(canvasElement, 'e400');
    await shown('参数格式不正确');
    await press(canvasElement, 'e5001');
    await shown('未知状态: /api/demo/e5001/');
    await expect(document.querySelectorAll('.p-toast-message-error').length).toBeGreaterThanOrEqual(3);
  },
};

/** HTTP statuses without an envelope show the spec's Chinese texts. */
export const HttpStatuses: Story = {
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'h500');
    await shown('服务器内部错误');
    await press(canvasElement, 'h404');
    await shown('请求地址出错: /api/demo/h404/');
    await press(canvasElement, 'h503');
    await shown('服务不可用');
  },
};

/**
 * What the real back end and the proxies in front of it answer (API-CONTRACT §17): a msg that is a
 * list or an object reads as one line, HTML pages and empty bodies through the status catalogue or a
 * plain sentence; never `[object Object]`, never markup.
 */
export const RealBackEndAnswers: Story = {
  play: async ({ canvasElement }) => {
    const cases: Array<[string, string]> = [
      ['msg-list', 'users:无效主键 “99999” － 对象不存在。'],
      ['msg-fields', 'title:该字段是必填项。；content:该字段是必填项。'],
      ['django-404', '请求地址出错: /api/demo/django-404/'],
      ['nginx-502', '网关错误'],
      ['empty-200', '服务器没有返回内容: /api/demo/empty-200/'],
      ['page-200', '服务器返回了网页而不是接口数据，请检查服务器地址: /api/demo/page-200/'],
    ];
    for (const [id, text] of cases) {
      await press(canvasElement, id);
      await shown(text);
      await expect(within(canvasElement).getByTestId('result')).toHaveTextContent(`${id}: ${text}`);
    }
    const toasts = [...document.querySelectorAll('.p-toast-message')].map((el) => el.textContent ?? '');
    for (const toast of toasts) await expect(toast).not.toMatch(/\[object|<|DOCTYPE|nginx/);
  },
};

/** Success shows nothing; the front-end log keeps every failure. */
export const SuccessIsQuietAndFailuresAreLogged: Story = {
  play: async (context) => {
    await press(context.canvasElement, 'ok');
    await expect(within(context.canvasElement).getByTestId('result')).toHaveTextContent('ok: ok');
    await expect(document.querySelector('.p-toast-message')).toBeNull();
    await press(context.canvasElement, 'e4000');
    // The message names the API address; the entry's url is the page where it happened.
    await waitFor(() => expect(storyConsole(context).app.root.log.entries.map((e) => e.message)).toContain('昵称已被占用 — /api/demo/e4000/'));
    await expect(storyConsole(context).app.root.log.entries.at(-1)?.meta.url).toMatch(/^http:\/\/[^/]+\/(?!api\/)/);
  },
};

/** token_not_valid in a 4000: 登录超时，请重新登录！, cookies cleared, back to login. */
export const TokenTimeout: Story = {
  play: async (context) => {
    await press(context.canvasElement, 'timeout-token');
    await shown('登录超时，请重新登录！');
    const { storage, location } = storyConsole(context);
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/login/));
    await expect(storage.cookies.get('token')).toBeNull();
  },
};

/** user_not_found in a 4000: 用户无效，请重新登录！ and back to login. */
export const UserNotFound: Story = {
  play: async (context) => {
    await press(context.canvasElement, 'user-gone');
    await shown('用户无效，请重新登录！');
    await waitFor(() => expect(storyConsole(context).location.history.at(-1)).toMatch(/^\/login/));
  },
};

/** A 401 whose refresh is refused: 认证已失效,请重新登录~, cookies cleared, back to login. */
export const RefreshRefused: Story = {
  parameters: { backend: errorBackend({ refreshRefused: true }) },
  play: async (context) => {
    await press(context.canvasElement, 'e401');
    await shown('认证已失效,请重新登录~');
    const { storage, location } = storyConsole(context);
    await expect(storage.cookies.get('refresh')).toBeNull();
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/login/));
  },
};

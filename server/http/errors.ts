import type { FastifyError, FastifyInstance } from 'fastify';
import { NOT_FOUND_MSG, fail } from './envelope';
import type { ErrorReporter } from './report';
import type { ConsoleShell } from './static';

const BODY_ERRORS: Record<string, string> = {
  BAD_JSON: '请求体不是合法的 JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大（上限 1 MB）',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求体类型，请使用 application/json 或表单格式',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度与 Content-Length 不符',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_INVALID_TYPE: '请求的 Content-Type 不正确',
};

/** Paths that belong to the API (never answered with the console's index.html). */
export function isApiPath(path: string): boolean {
  return /^\/(api|token|ws|media)(\/|$)/.test(path);
}

/**
 * Every error becomes the envelope (HTTP 200, code 4000, like upstream's handled failures), with a
 * Chinese message for bad bodies and a generic one for anything unexpected; no stack trace leaves.
 */
export function registerErrorHandling(app: FastifyInstance, shell: ConsoleShell | null, report: ErrorReporter): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const known = err.code ? BODY_ERRORS[err.code] : undefined;
    if (known) return reply.code(200).send(fail(known));
    // A bad file path from the console's file server (a walk out of the folder, a NUL byte): its status, no report.
    const status = err.statusCode ?? 0;
    if (status >= 400 && status < 500 && !isApiPath(req.url.split('?')[0] ?? '')) {
      return reply.code(status).type('text/plain; charset=utf-8').send(status === 403 ? 'Forbidden' : 'Bad Request');
    }
    report(err, `unhandled error in ${req.method} ${req.url.split('?')[0] ?? ''}`);
    return reply.code(200).send(fail('服务器内部错误，请稍后再试'));
  });

  app.setNotFoundHandler(async (req, reply) => {
    const [path = '/', query] = req.url.split('?', 2) as [string, string | undefined];
    const api = isApiPath(path);
    // Like upstream's APPEND_SLASH: a GET without the trailing slash is redirected to the slashed URL.
    if (api && (req.method === 'GET' || req.method === 'HEAD') && !path.endsWith('/')) {
      return reply.redirect(`${path}/${query === undefined ? '' : `?${query}`}`, 301);
    }
    if (!api && shell && (req.method === 'GET' || req.method === 'HEAD')) {
      // A missing hashed asset is a real 404, not the app shell.
      if (path.startsWith('/assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      if (await shell.serve(req, reply)) return reply;
      return reply
        .code(path === '/' ? 200 : 404)
        .type('text/plain; charset=utf-8')
        .send('The console is not built yet: run `npm run build`, then reload this page. The API is up under /api/.\n');
    }
    return reply.code(404).send(fail(NOT_FOUND_MSG, 404));
  });
}

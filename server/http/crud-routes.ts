import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { CrudError } from '../domain/crud/spec';
import { CrudResource, type Scope } from '../domain/crud/resource';
import type { QueryParams } from '../domain/crud/query';
import { currentAccount } from './auth';
import { fail, NOT_FOUND_MSG, ok } from './envelope';
import { importByUrlInput, multipleDeleteInput } from '../../contracts/schemas';
import { parseInput } from '../domain/validation';

/** Row ids in paths are digits only, so `user_info/` and friends never reach a row route. */
export const ID = ':id(^\\d+)';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Not found (contract example 50: code 400 接口地址不正确). */
export const NOT_FOUND = fail(NOT_FOUND_MSG, 400);

/** Turns a CrudError into the envelope; anything else goes to the global error handler. */
export async function guarded<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await fn();
  } catch (err) {
    // An import's bad rows also go out as data [{row, msg}]; every other failure has data null.
    if (err instanceof CrudError) return reply.send(err.data === null ? fail(err.message, err.code) : { code: err.code, data: err.data, msg: err.message });
    throw err;
  }
}

export function rowId(req: FastifyRequest): number | null {
  const raw = (req.params as { id?: string }).id ?? '';
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export function query(req: FastifyRequest): QueryParams {
  return req.query as QueryParams;
}

/** The data-scope condition of the caller for a resource that has one. */
export async function scopeOf(ctx: AppContext, req: FastifyRequest, dataScope: boolean | undefined): Promise<Scope | null> {
  if (!dataScope || req.noDataScope) return null;
  return ctx.permissions.scopeCondition(currentAccount(req));
}

export function sendFile(reply: FastifyReply, file: { file: Buffer; name: string }): FastifyReply {
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', `attachment;filename=${encodeURIComponent(file.name)}`)
    .send(file.file);
}

/** The JSON text of answers built from a cached value (a list page), kept as long as that value lives. */
const rendered = new WeakMap<object, string>();

/** Sends `envelope()` as JSON, serialized once per `value` (the same list page object is the same answer). */
function sendJson(reply: FastifyReply, value: object, envelope: () => unknown): FastifyReply {
  let body = rendered.get(value);
  if (body === undefined) {
    body = JSON.stringify(envelope());
    rendered.set(value, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

export interface ResourceRouteOptions {
  /** Skip create/update/destroy routes entirely (read-only resources). */
  readOnly?: boolean;
  /** Allow DELETE on a read-only resource. */
  deletable?: boolean;
  /**
   * The single-row routes (list, retrieve, create, update, destroy) are served by another module (the
   * file list by routes/files.ts): only multiple_delete and the sheets are registered here.
   */
  rowsElsewhere?: boolean;
  /** Export only: no import_data or update_template routes. */
  noImport?: boolean;
}

/** Largest import sheet accepted. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The uploaded sheet of a multipart body: the file in field `file`, else the first file. */
async function uploadedSheet(req: FastifyRequest): Promise<Buffer> {
  let chosen: Buffer | null = null;
  let first: Buffer | null = null;
  try {
    for await (const part of req.files()) {
      const data = await part.toBuffer();
      if (part.fieldname === 'file') chosen ??= data;
      else first ??= data;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new CrudError(`文件过大（上限 ${IMPORT_MAX_BYTES / 1024 / 1024} MB）。`);
    throw new CrudError('请上传文件（表单字段 file）。');
  }
  const data = chosen ?? first;
  if (!data) throw new CrudError('请上传文件（表单字段 file）。');
  return data;
}

/** Reads an uploaded import file: multipart (field `file`) or JSON {url} naming a file this server serves. */
async function importFile(app: FastifyInstance, req: FastifyRequest): Promise<Buffer> {
  if (req.isMultipart()) return uploadedSheet(req);
  const parsed = parseInput(importByUrlInput, req.body, { url: '文件地址' });
  if (!parsed.ok) throw new CrudError(parsed.msg);
  let path = parsed.data.url;
  try {
    path = new URL(path, 'http://local/').pathname; // absolute urls: only their path, fetched from this server
  } catch {
    throw new CrudError('文件地址:格式不正确。');
  }
  if (!/^\/media\//.test(path) || path.includes('..')) throw new CrudError('文件地址:只能导入本系统上传的文件（media/...）。');
  const res = await app.inject({ method: 'GET', url: path, headers: { authorization: req.headers.authorization ?? '' } });
  if (res.statusCode !== 200) throw new CrudError('文件地址:文件不存在。');
  return res.rawPayload;
}

/**
 * Registers the standard routes of one resource under /api/system/<path>/: list, create, retrieve,
 * update (PUT/PATCH), destroy, multiple_delete, export_data, import_data (GET template / POST file),
 * update_template. Every route is under /api/system/, so the access check (http/access.ts) guards it.
 */
export function registerResource(app: FastifyInstance, ctx: AppContext, resource: CrudResource, opts: ResourceRouteOptions = {}): void {
  const spec = resource.spec;
  const base = spec.base ?? `/api/system/${spec.path}/`;

  if (!opts.rowsElsewhere) {
    app.get(base, async (req, reply) =>
      guarded(reply, async () => {
        const data = await resource.list(query(req), await scopeOf(ctx, req, spec.dataScope));
        return sendJson(reply, data, () => ok(data, data.data.length === 0 && spec.listShape !== 'plain' ? '暂无数据' : 'success'));
      }),
    );
  }
  if (!opts.rowsElsewhere) {
    app.get(`${base}${ID}/`, async (req, reply) =>
      guarded(reply, async () => {
        const id = rowId(req);
        const row = id === null ? null : await resource.retrieve(id, await scopeOf(ctx, req, spec.dataScope));
        return row ? ok(row, '获取成功') : NOT_FOUND;
      }),
    );
  }

  if (!opts.readOnly && !opts.rowsElsewhere) {
    app.post(base, async (req, reply) => guarded(reply, async () => ok(await resource.create(currentAccount(req), req.body), '新增成功')));
    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: `${base}${ID}/`,
        handler: async (req, reply) =>
          guarded(reply, async () => {
            const id = rowId(req);
            if (id === null) return NOT_FOUND;
            const row = await resource.update(currentAccount(req), id, req.body, method === 'PATCH', await scopeOf(ctx, req, spec.dataScope));
            return row ? ok(row, '更新成功') : NOT_FOUND;
          }),
      });
    }
  }
  if (!opts.readOnly || opts.deletable) {
    if (!opts.rowsElsewhere) {
      app.delete(`${base}${ID}/`, async (req, reply) =>
        guarded(reply, async () => {
          const id = rowId(req);
          if (id === null) return NOT_FOUND;
          return (await resource.destroy(currentAccount(req), [id], await scopeOf(ctx, req, spec.dataScope))) ? ok([], '删除成功') : NOT_FOUND;
        }),
      );
    }
    app.delete(`${base}multiple_delete/`, async (req, reply) =>
      guarded(reply, async () => {
        const parsed = parseInput(multipleDeleteInput, req.body, { keys: 'keys' });
        if (!parsed.ok) throw new CrudError(parsed.msg);
        const done = await resource.destroy(currentAccount(req), parsed.data.keys, await scopeOf(ctx, req, spec.dataScope));
        return done ? ok([], '删除成功') : fail('部分数据不存在或无权删除，未删除任何数据。', 400);
      }),
    );
  }
  if (!spec.sheet) return;
  app.get(`${base}export_data/`, async (req, reply) =>
    guarded(reply, async () => sendFile(reply, await resource.exportXlsx(query(req), await scopeOf(ctx, req, spec.dataScope)))),
  );
  if (opts.readOnly || opts.noImport) return;
  app.get(`${base}import_data/`, async (_req, reply) => sendFile(reply, await resource.template()));
  app.get(`${base}update_template/`, async (req, reply) =>
    guarded(reply, async () => sendFile(reply, await resource.updateTemplate(await scopeOf(ctx, req, spec.dataScope)))),
  );
  app.post(`${base}import_data/`, async (req, reply) =>
    guarded(reply, async () => {
      const file = await importFile(app, req);
      const res = await resource.importXlsx(currentAccount(req), file);
      return ok(res, `导入成功：新增 ${res.created} 条，更新 ${res.updated} 条`);
    }),
  );
}

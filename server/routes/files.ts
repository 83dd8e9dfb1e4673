import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { fileListQuery, fileUpdateRequest, MAX_UPLOAD_BYTES, type FileRow } from '../../contracts/schemas';
import type { AppContext } from '../context';
import type { Row } from '../db/db';
import { formatDatetime } from '../domain/time';
import { currentAccount, requireUser } from '../http/auth';
import { fail, NOT_FOUND_MSG, ok } from '../http/envelope';
import { parseInput } from '../domain/validation';
import { isSharedPath, SharedMedia } from '../domain/media-store';
import { checkUpload, MEDIA_CSP, servingHeaders } from '../domain/upload-policy';

/**
 * Files (API-CONTRACT §11): POST api/system/file/ takes a multipart upload in the field `file`,
 * stores it under DATA_DIR/media/files/<h0>/<h1>/<md5><ext> (content-addressed: the same bytes
 * are stored once) and records a file_list row; GET /media/... serves the stored files. The list,
 * one row, rename and delete work on file_list rows. Unlike the real back end (which lets anyone
 * upload, permission_classes = []), every file call here needs a token: a deliberate fix, listed in
 * contracts/known-differences.ts.
 */

const BASE = '/api/system/file/';

const ROW_SQL = `SELECT f.id, f.name, f.url, f.file_url, f.engine, f.mime_type, f.size, f.md5sum, f.description,
  f.creator, cu.name AS creator_name, f.modifier, mu.name AS modifier_name, f.dept_belong_id, f.create_datetime, f.update_datetime
  FROM file_list f LEFT JOIN users cu ON cu.id = f.creator LEFT JOIN users mu ON mu.id::text = f.modifier`;

const ORDER_SQL: Record<string, string> = {
  id: 'f.id',
  '-id': 'f.id DESC',
  name: 'f.name, f.id',
  '-name': 'f.name DESC, f.id DESC',
  size: 'f.size, f.id',
  '-size': 'f.size DESC, f.id DESC',
  create_datetime: 'f.create_datetime, f.id',
  '-create_datetime': 'f.create_datetime DESC, f.id DESC',
};

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function view(row: Row, absolutePrefix: string | null): FileRow {
  const url = String(row.url ?? row.file_url ?? '');
  return {
    id: Number(row.id),
    name: str(row.name),
    url: absolutePrefix ? `${absolutePrefix}/${url}` : url,
    file_url: String(row.file_url ?? ''),
    engine: String(row.engine ?? 'local'),
    mime_type: String(row.mime_type ?? ''),
    size: Number(row.size ?? 0),
    md5sum: String(row.md5sum ?? ''),
    description: str(row.description),
    creator: row.creator === null || row.creator === undefined ? null : Number(row.creator),
    creator_name: str(row.creator_name),
    modifier: str(row.modifier),
    modifier_name: str(row.modifier_name),
    dept_belong_id: str(row.dept_belong_id),
    create_datetime: formatDatetime(row.create_datetime as Date),
    update_datetime: formatDatetime(row.update_datetime as Date),
  };
}

/**
 * `<scheme>://<host>` for `?prefix=1`, from configuration (PUBLIC_URL, else an absolute API_URL, else
 * the listening address), never from the request's Host header, which a client can spoof.
 */
function origin(app: FastifyInstance, ctx: AppContext): string {
  const configured = ctx.config.publicUrl ?? (/^https?:\/\//i.test(ctx.config.apiUrl) ? ctx.config.apiUrl : null);
  if (configured) return configured.replace(/\/+$/, '');
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : ctx.config.port;
  const host = ctx.config.host.includes(':') ? `[${ctx.config.host}]` : ctx.config.host;
  return `http://${host}:${port}`;
}

function rowId(raw: unknown): number | null {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** A client-given file name, reduced to a safe base name. */
function cleanName(raw: string): string {
  const printable = [...raw].filter((ch) => ch.charCodeAt(0) >= 0x20).join('');
  const name = basename(printable.replace(/\\/g, '/')).trim();
  return (name || 'file').slice(0, 200);
}

function cleanExt(name: string): string {
  const ext = extname(name).toLowerCase();
  return /^\.[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

/** Each server's media folder (set by filesRoutes), for other modules that store files served under /media/. */
const mediaRoots = new WeakMap<AppContext, string>();

/** The folder GET /media/... serves for this server (files go under its `files/`). */
export function mediaRootOf(ctx: AppContext): string {
  const root = mediaRoots.get(ctx);
  if (!root) throw new Error('filesRoutes must be registered before the media folder is used');
  return root;
}

/** Each server's shared store of uploads (PostgreSQL only; null on the embedded database). */
const sharedStores = new WeakMap<AppContext, SharedMedia | null>();

/**
 * Makes a file just stored under the media folder (`relative` as file_list keeps it: media/files/...)
 * reachable from every instance: with PostgreSQL it is copied into the database before its row is
 * written; on the embedded database (one process, one disk) nothing is needed.
 */
export async function shareStoredFile(ctx: AppContext, relative: string): Promise<void> {
  const shared = sharedStores.get(ctx);
  if (shared) await shared.share(relative.replace(/^media\//, ''));
}

/** The path under the media folder a /media/ request asks for, or null. */
function requestedMedia(url: string): string | null {
  const raw = url.split('?')[0] ?? '';
  if (!raw.startsWith('/media/')) return null;
  try {
    const path = decodeURIComponent(raw.slice('/media/'.length));
    return isSharedPath(path) ? path : null;
  } catch {
    return null;
  }
}

export async function filesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  let mediaRoot: string;
  if (ctx.config.dataDir) {
    mediaRoot = join(ctx.config.dataDir, 'media');
  } else {
    mediaRoot = await mkdtemp(join(tmpdir(), 'console-media-'));
    app.addHook('onClose', async () => rm(mediaRoot, { recursive: true, force: true }));
  }
  const root = resolve(mediaRoot);
  mediaRoots.set(ctx, root);
  await mkdir(root, { recursive: true });
  // With PostgreSQL every instance serves every upload: the database holds them, this disk caches them.
  const shared = ctx.db.kind === 'postgres' ? new SharedMedia(ctx.db, root) : null;
  sharedStores.set(ctx, shared);

  // GET /media/...: the stored files, by @fastify/static (nothing outside the folder, no dotfiles, no index).
  await app.register(
    async (media) => {
      media.setNotFoundHandler((_req, reply) => reply.code(404).send(fail('未找到。', 404)));
      // A file stored by another instance is fetched from the database before the disk is asked.
      if (shared) {
        media.addHook('onRequest', async (req) => {
          const path = requestedMedia(req.url);
          if (path) await shared.materialize(path);
        });
      }
      // A path out of the folder or to a dotfile (403 from send) is simply not there.
      media.setErrorHandler((err: FastifyError, _req, reply) => {
        if ((err.statusCode ?? 500) < 500) return reply.code(404).send(fail('未找到。', 404));
        throw err;
      });
      await media.register(fastifyStatic, {
        root,
        index: false,
        redirect: false,
        dotfiles: 'deny',
        decorateReply: false,
        cacheControl: false,
        // Raster images inline, everything else (and any type a browser could run) as an attachment;
        // the type comes from the extension's allow-list, never image/svg+xml or text/html.
        setHeaders: (reply, path) => {
          const served = servingHeaders(cleanExt(path));
          reply.header('content-type', served.type);
          reply.header('content-disposition', served.disposition);
          reply.header('content-security-policy', MEDIA_CSP);
          reply.header('cache-control', 'public, max-age=3600');
          reply.header('x-content-type-options', 'nosniff');
        },
      });
    },
    { prefix: '/media' },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 } });
    const auth = { preHandler: requireUser(ctx) };

    scope.post(BASE, auth, async (req) => {
      if (!req.isMultipart()) return fail('file:没有提交任何文件。');
      let part;
      try {
        part = await req.file();
      } catch {
        return fail('file:没有提交任何文件。');
      }
      if (!part) return fail('file:没有提交任何文件。');
      if (part.fieldname !== 'file') {
        part.file.resume();
        return fail('file:没有提交任何文件。');
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        return fail(`file:文件大小不能超过 ${MAX_UPLOAD_BYTES / 1024 / 1024} MB。`);
      }
      if (bytes.length === 0) return fail('file:提交的是空文件。');
      const name = cleanName(part.filename);
      const ext = cleanExt(name);
      const verdict = await checkUpload(ext, bytes);
      if (!verdict.ok) return fail(verdict.msg.startsWith('file:') ? verdict.msg : `file:${verdict.msg}`);
      const md5 = createHash('md5').update(bytes).digest('hex');
      const relative = `media/files/${md5[0]}/${md5[1]}/${md5}${ext}`;
      const target = join(root, 'files', md5[0] ?? '0', md5[1] ?? '0', `${md5}${ext}`);
      await mkdir(join(target, '..'), { recursive: true });
      const exists = await stat(target).then((s) => s.size === bytes.length, () => false);
      if (!exists) {
        const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
        await writeFile(temp, bytes);
        await rename(temp, target);
      }
      await shareStoredFile(ctx, relative);
      const account = currentAccount(req);
      // The sniffed, allow-listed type; the client's Content-Type is not trusted.
      const mime = verdict.mime.split(';')[0] ?? '';
      const [inserted] = await ctx.db.query<{ id: number }>(
        `INSERT INTO file_list (name, url, file_url, engine, mime_type, size, md5sum, creator, modifier, dept_belong_id)
         VALUES ($1, $2, $2, 'local', $3, $4, $5, $6, $7, $8) RETURNING id`,
        [name, relative, mime.slice(0, 100), bytes.length, md5, account.id, String(account.id), account.dept === null ? null : String(account.dept)],
      );
      const [row] = await ctx.db.query(`${ROW_SQL} WHERE f.id = $1`, [inserted?.id]);
      return ok(view(row ?? {}, null), '新增成功');
    });

    scope.get(BASE, auth, async (req) => {
      const parsed = parseInput(fileListQuery, req.query ?? {});
      if (!parsed.ok) return fail(parsed.msg);
      const q = parsed.data;
      const where: string[] = [];
      const params: unknown[] = [];
      if (q.name) {
        params.push(`%${q.name}%`);
        where.push(`f.name ILIKE $${params.length}`);
      }
      if (q.mime_type) {
        params.push(`%${q.mime_type}%`);
        where.push(`f.mime_type ILIKE $${params.length}`);
      }
      const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
      const [count] = await ctx.db.query<{ n: number | string }>(`SELECT count(*) AS n FROM file_list f${filter}`, params);
      const total = Number(count?.n ?? 0);
      const rows = await ctx.db.query(`${ROW_SQL}${filter} ORDER BY ${ORDER_SQL[q.ordering]} LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`, params);
      const prefix = q.prefix === '1' || q.prefix === 'true' ? origin(app, ctx) : null;
      return ok(
        { page: q.page, total, limit: q.limit, is_next: q.page * q.limit < total, is_previous: q.page > 1, data: rows.map((r) => view(r, prefix)) },
        'success',
      );
    });

    // A missing row answers as every upstream viewset does: code 400 接口地址不正确 (API-CONTRACT §3, example 50).
    const missing = () => fail(NOT_FOUND_MSG, 400);
    const one = async (req: FastifyRequest): Promise<Row | null> => {
      const id = rowId((req.params as Record<string, unknown>).id);
      if (id === null) return null;
      const [row] = await ctx.db.query(`${ROW_SQL} WHERE f.id = $1`, [id]);
      return row ?? null;
    };

    scope.get(`${BASE}:id/`, auth, async (req) => {
      const row = await one(req);
      if (!row) return missing();
      const prefix = (req.query as Record<string, unknown> | undefined)?.prefix === '1' ? origin(app, ctx) : null;
      return ok(view(row, prefix), 'success');
    });

    scope.put(`${BASE}:id/`, auth, async (req) => {
      const row = await one(req);
      if (!row) return missing();
      const parsed = parseInput(fileUpdateRequest, req.body ?? {}, { name: 'name' });
      if (!parsed.ok) return fail(parsed.msg);
      const account = currentAccount(req);
      await ctx.db.query('UPDATE file_list SET name = $2, description = COALESCE($3, description), modifier = $4, update_datetime = now() WHERE id = $1', [
        row.id,
        parsed.data.name,
        parsed.data.description ?? null,
        String(account.id),
      ]);
      const [updated] = await ctx.db.query(`${ROW_SQL} WHERE f.id = $1`, [row.id]);
      return ok(view(updated ?? row, null), '更新成功');
    });

    scope.delete(`${BASE}:id/`, auth, async (req) => {
      const row = await one(req);
      if (!row) return missing();
      // The stored bytes may back other rows (same md5): only the row goes.
      await ctx.db.query('DELETE FROM file_list WHERE id = $1', [row.id]);
      return ok([], '删除成功');
    });
  });
}

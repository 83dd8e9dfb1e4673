import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadPurpose, type UploadPurpose } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { formatMegabytes, matchesSignature, UPLOAD_EXTENSIONS } from '../domain/uploads';
import { formatDatetime } from '../../../domain/time';
import { currentAccount } from '../../../http/auth';
import { fail, ok } from '../../../http/envelope';
import { mediaRootOf, shareStoredFile } from '../../../routes/files';


function purposeOf(req: FastifyRequest): UploadPurpose | null {
  const parsed = uploadPurpose.safeParse((req.params as Record<string, unknown> | undefined)?.purpose);
  return parsed.success ? parsed.data : null;
}

/** A client-given file name reduced to a safe base name. */
function cleanName(raw: string): string {
  const printable = [...raw].filter((ch) => ch.charCodeAt(0) >= 0x20).join('');
  return (basename(printable.replace(/\\/g, '/')).trim() || 'file').slice(0, 200);
}

const ROW_SQL = `SELECT f.id, f.name, f.url, f.file_url, f.engine, f.mime_type, f.size, f.md5sum, f.sha256, f.purpose, f.description,
  f.creator, cu.name AS creator_name, f.modifier, mu.name AS modifier_name, f.dept_belong_id, f.create_datetime, f.update_datetime
  FROM file_list f LEFT JOIN users cu ON cu.id = f.creator LEFT JOIN users mu ON mu.id::text = f.modifier WHERE f.id = $1`;

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  webp: 'image/webp',
  apk: 'application/vnd.android.package-archive',
  zip: 'application/zip',
};

/**
 * POST /api/game/upload/<icon|package>/ (multipart field `file`): the file is streamed to disk
 * while its size, md5 and SHA-256 are computed; refused when its type is not one of the purpose's
 * (extension and leading bytes), when it is empty, or larger than the configured limit (ICON_MAX_MB,
 * PACKAGE_MAX_MB). Stored like every upload (content-addressed under media/files/, a file_list row),
 * with its purpose and SHA-256. GET /api/game/upload/limits/ tells the console the rules.
 */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.config.uploadMaxBytes;

  app.get('/api/game/upload/limits/', async () =>
    ok(
      Object.fromEntries(
        (Object.keys(UPLOAD_EXTENSIONS) as UploadPurpose[]).map((p) => [p, { extensions: [...UPLOAD_EXTENSIONS[p]], max_bytes: limits[p] }]),
      ),
    ),
  );

  app.post('/api/game/upload/:purpose/', async (req) => {
    const purpose = purposeOf(req);
    if (!purpose) return fail('用途:应为 icon（图标）或 package（安装包）：POST /api/game/upload/icon/ 或 /api/game/upload/package/。');
    if (!req.isMultipart()) return fail('file:没有提交任何文件。');
    const max = limits[purpose];
    let part;
    try {
      part = await req.file({ limits: { fileSize: max, files: 1 } });
    } catch {
      return fail('file:没有提交任何文件。');
    }
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      return fail('file:没有提交任何文件。');
    }
    const name = cleanName(part.filename);
    const ext = extname(name).slice(1).toLowerCase();
    const allowed = UPLOAD_EXTENSIONS[purpose];
    const kindName = purpose === 'icon' ? '图标' : '安装包';
    if (!allowed.includes(ext)) {
      part.file.resume();
      return fail(`file:${kindName}只能是 ${allowed.map((x) => `.${x}`).join('、')} 文件。`);
    }
    const root = mediaRootOf(ctx);
    await mkdir(join(root, 'files'), { recursive: true });
    const temp = join(root, 'files', `.upload-${randomBytes(8).toString('hex')}.part`);
    const sha256 = createHash('sha256');
    const md5 = createHash('md5');
    let size = 0;
    let head = Buffer.alloc(0);
    const measure = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        sha256.update(chunk);
        md5.update(chunk);
        if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
        done(null, chunk);
      },
    });
    try {
      await pipeline(part.file, measure, createWriteStream(temp, { mode: 0o644 }));
    } catch {
      await rm(temp, { force: true });
      return fail('file:上传中断，请重试。');
    }
    const refuse = async (msg: string) => {
      await rm(temp, { force: true });
      return fail(msg);
    };
    if (part.file.truncated) return refuse(`file:${kindName}不能超过 ${formatMegabytes(max)}。`);
    if (size === 0) return refuse(`file:提交的是空文件。`);
    if (!matchesSignature(ext, head)) return refuse(`file:文件内容不是 .${ext} 格式（可能是改了扩展名的其他文件）。`);
    const md5hex = md5.digest('hex');
    const relative = `media/files/${md5hex[0]}/${md5hex[1]}/${md5hex}.${ext}`;
    const target = join(root, 'files', md5hex[0] ?? '0', md5hex[1] ?? '0', `${md5hex}.${ext}`);
    await mkdir(join(target, '..'), { recursive: true });
    if (await stat(target).then((s) => s.size === size, () => false)) await rm(temp, { force: true });
    else await rename(temp, target);
    await shareStoredFile(ctx, relative);
    const account = currentAccount(req);
    const [inserted] = await ctx.db.query<{ id: number }>(
      `INSERT INTO file_list (name, url, file_url, engine, mime_type, size, md5sum, sha256, purpose, creator, modifier, dept_belong_id)
       VALUES ($1, $2, $2, 'local', $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [name, relative, MIME[ext] ?? 'application/octet-stream', size, md5hex, sha256.digest('hex'), purpose, account.id, String(account.id), account.dept === null ? null : String(account.dept)],
    );
    const row = (await ctx.db.query(ROW_SQL, [inserted?.id]))[0] ?? {};
    return ok(
      {
        id: Number(row.id),
        name: row.name ?? null,
        url: String(row.url),
        file_url: String(row.file_url),
        engine: String(row.engine),
        mime_type: String(row.mime_type),
        size: Number(row.size),
        md5sum: String(row.md5sum),
        sha256: String(row.sha256),
        purpose,
        description: row.description ?? null,
        creator: row.creator ?? null,
        creator_name: row.creator_name ?? null,
        modifier: row.modifier ?? null,
        modifier_name: row.modifier_name ?? null,
        dept_belong_id: row.dept_belong_id ?? null,
        create_datetime: formatDatetime(row.create_datetime as Date),
        update_datetime: formatDatetime(row.update_datetime as Date),
      },
      '上传成功',
    );
  });
}

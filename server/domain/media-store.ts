import { randomBytes } from 'node:crypto';
import { open, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/db';

/** Bytes of one stored chunk. */
export const MEDIA_CHUNK_BYTES = 1024 * 1024;

/** A stored upload's path under the media folder (content-addressed names only: nothing else is shared or fetched). */
const SHARED_PATH = /^files\/[0-9a-f]\/[0-9a-f]\/[0-9a-f]{32}(?:\.[a-z0-9]{1,10})?$/;

export function isSharedPath(path: string): boolean {
  return SHARED_PATH.test(path);
}

/**
 * Uploads shared by every instance on one PostgreSQL database (migration 045): a stored upload is
 * copied into `media_chunks` before its file_list row is written, and an instance asked for a file
 * its own disk lacks fetches it from there once (then serves it from disk like any other). The
 * database is the source of truth; each instance's media folder is a cache of it.
 */
export class SharedMedia {
  private readonly fetching = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: Db,
    private readonly root: string,
  ) {}

  /** Copies a file stored on this instance's disk (`path` under the media folder) into the database, unless it is there. */
  async share(path: string): Promise<void> {
    if (!isSharedPath(path)) throw new Error(`not a shared media path: ${path}`);
    if ((await this.db.query('SELECT 1 FROM media_files WHERE path = $1', [path])).length > 0) return;
    const file = await open(join(this.root, path), 'r');
    try {
      const { size } = await file.stat();
      await this.db.transaction(async (tx) => {
        let seq = 0;
        for (let offset = 0; offset < size || seq === 0; offset += MEDIA_CHUNK_BYTES) {
          const buffer = Buffer.alloc(Math.min(MEDIA_CHUNK_BYTES, size - offset));
          await file.read(buffer, 0, buffer.length, offset);
          // The same bytes stored by two instances at once: one row each, the names being their hash.
          await tx.query('INSERT INTO media_chunks (path, seq, data) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [path, seq, buffer]);
          seq++;
        }
        await tx.query('INSERT INTO media_files (path, size, chunks) VALUES ($1, $2, $3) ON CONFLICT (path) DO NOTHING', [path, size, seq]);
      });
    } finally {
      await file.close();
    }
  }

  /**
   * Makes sure this instance's disk holds the file (`path` under the media folder): true when it is
   * there or was fetched from the database, false when no instance stored it.
   */
  materialize(path: string): Promise<boolean> {
    if (!isSharedPath(path)) return Promise.resolve(false);
    const running = this.fetching.get(path);
    if (running) return running;
    const work = this.fetch(path).finally(() => this.fetching.delete(path));
    this.fetching.set(path, work);
    return work;
  }

  private async fetch(path: string): Promise<boolean> {
    const target = join(this.root, path);
    const [info] = await this.db.query<{ size: string | number; chunks: number }>('SELECT size, chunks FROM media_files WHERE path = $1', [path]);
    if (await stat(target).then((s) => !info || s.size === Number(info.size), () => false)) return true;
    if (!info) return false;
    await mkdir(join(target, '..'), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    const file = await open(temp, 'w', 0o644);
    try {
      for (let seq = 0; seq < Number(info.chunks); seq++) {
        const [chunk] = await this.db.query<{ data: Buffer }>('SELECT data FROM media_chunks WHERE path = $1 AND seq = $2', [path, seq]);
        if (!chunk) throw new Error(`media chunk ${seq} of ${path} is missing`);
        await file.write(chunk.data);
      }
    } catch (err) {
      await file.close();
      await rm(temp, { force: true });
      throw err;
    }
    await file.close();
    await rename(temp, target);
    return true;
  }
}

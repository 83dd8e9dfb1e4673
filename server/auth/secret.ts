import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The JWT signing key: JWT_SECRET when given; else DATA_DIR/jwt-secret, created once (mode 0600) with
 * 48 random bytes; with no data folder (tests), a random key that lives as long as the process.
 */
export async function loadJwtSecret(configured: string | null, dataDir: string | null): Promise<string> {
  if (configured) return configured;
  if (!dataDir) return randomBytes(48).toString('base64url');
  const file = join(dataDir, 'jwt-secret');
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 16) throw new Error(`${file} holds no usable key (delete it to have a new one made)`);
  return secret;
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Why a stored secret could not be read back (wrong key, damaged value). */
export class SecretBoxError extends Error {}

const VERSION = 'v1';
const AAD = Buffer.from('shared-account-secret');

/**
 * Secrets at rest (shared accounts' credentials): AES-256-GCM with a 32-byte key derived (HKDF-SHA256)
 * from the configured key material. A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url); the
 * authentication tag makes a changed value or a different key fail instead of returning garbage.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(material: string) {
    if (material.length < 16) throw new SecretBoxError('the secret key must be at least 16 characters');
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.from('game-console'), Buffer.from('shared-accounts v1'), 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(AAD);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw new SecretBoxError('not a sealed value');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(AAD);
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('the value was sealed with another key, or it was changed');
    }
  }
}

/** With no data folder (tests), one key for the whole process: every in-memory database copy of it reads the same. */
let processKey: string | null = null;

/**
 * Tests: the process key is this one (the key a test run's shared database template was sealed with,
 * server/test/db-template.ts). False when the process already uses another key.
 */
export function adoptProcessAccountKey(key: string): boolean {
  processKey ??= key;
  return processKey === key;
}

/**
 * The key material of shared-account secrets: ACCOUNT_SECRET_KEY when configured; else
 * DATA_DIR/account-secret-key, made once (mode 0600, 48 random bytes); with no data folder, a random
 * key for the life of the process. Give every instance of one database the same key.
 */
export async function loadAccountSecretKey(configured: string | null, dataDir: string | null): Promise<string> {
  if (configured) return configured;
  if (!dataDir) return (processKey ??= randomBytes(48).toString('base64url'));
  const file = join(dataDir, 'account-secret-key');
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = (await readFile(file, 'utf8')).trim();
  if (key.length < 16) throw new Error(`${file} holds no usable key (it must be at least 16 characters)`);
  return key;
}

import type { Queryable } from '../db/db';
import { newChallenge, renderCaptcha } from './image';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export interface IssuedCaptcha {
  key: number;
  image_base: string;
}

/** Creates a challenge, stores it with its expiry and returns the key and the PNG as a data URL. */
export async function issueCaptcha(db: Queryable, now = Date.now(), ttlMs = CAPTCHA_TTL_MS): Promise<IssuedCaptcha> {
  const challenge = newChallenge();
  const png = renderCaptcha(challenge.text);
  // Old rows nobody checked are cleaned up as new ones are made.
  await db.query('DELETE FROM captcha WHERE expires_at < $1::timestamptz', [new Date(now - 60 * 60 * 1000).toISOString()]);
  const rows = await db.query<{ id: number }>(
    'INSERT INTO captcha (challenge, answer, expires_at) VALUES ($1, $2, $3::timestamptz) RETURNING id',
    [challenge.text, challenge.answer, new Date(now + ttlMs).toISOString()],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('captcha insert returned no id');
  return { key: id, image_base: `data:image/png;base64,${png.toString('base64')}` };
}

export type CaptchaCheck = 'ok' | 'wrong' | 'expired';

/**
 * Checks an answer and deletes the challenge whatever the outcome (single use). An unknown key is
 * 'wrong'. The challenge text itself (e.g. "3*5=") is accepted too, as upstream does.
 */
export async function checkCaptcha(db: Queryable, key: number, input: string, now = Date.now()): Promise<CaptchaCheck> {
  if (!Number.isSafeInteger(key) || key < 1 || key > 2_147_483_647) return 'wrong';
  const rows = await db.query<{ challenge: string; answer: string; expires_at: Date }>(
    'DELETE FROM captcha WHERE id = $1 RETURNING challenge, answer, expires_at',
    [key],
  );
  const row = rows[0];
  if (!row) return 'wrong';
  if (new Date(row.expires_at).getTime() <= now) return 'expired';
  const given = input.trim().toLowerCase();
  return given === row.answer || given === row.challenge.toLowerCase() ? 'ok' : 'wrong';
}

/** The stored answer of a challenge (test helper; null when gone). */
export async function captchaAnswer(db: Queryable, key: number): Promise<string | null> {
  const rows = await db.query<{ answer: string }>('SELECT answer FROM captcha WHERE id = $1', [key]);
  return rows[0]?.answer ?? null;
}

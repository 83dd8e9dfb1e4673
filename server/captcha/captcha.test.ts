import { SERVER_TIMEOUT_MS } from '../test/timeouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite';
import { migrate } from '../db/migrate';
import type { Db } from '../db/db';
import { decodePng } from '../test/png-decode';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, newChallenge, renderCaptcha } from './image';
import { encodePng } from './png';
import { captchaAnswer, checkCaptcha, issueCaptcha } from './store';

describe('PNG encoder', () => {
  it('writes a decodable RGB image with the right pixels', () => {
    const px = new Uint8Array(3 * 2 * 3);
    px.set([255, 0, 0], 0);
    px.set([0, 0, 255], 15);
    const png = decodePng(encodePng(3, 2, px));
    expect(png).toMatchObject({ width: 3, height: 2, bitDepth: 8, colourType: 2 });
    expect([...png.rgb]).toEqual([...px]);
  });

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(3, 2, new Uint8Array(5))).toThrow(RangeError);
  });
});

describe('captcha image', () => {
  it('is a 160x60 PNG with ink (dark pixels) on a light background', () => {
    const png = decodePng(renderCaptcha('8*9='));
    expect([png.width, png.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    expect([png.width, png.height]).toEqual([160, 60]);
    let dark = 0;
    for (let i = 0; i < png.rgb.length; i += 3) if ((png.rgb[i] ?? 0) + (png.rgb[i + 1] ?? 0) + (png.rgb[i + 2] ?? 0) < 300) dark++;
    const share = dark / (160 * 60);
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.5);
  });

  it('draws different images for the same text (jitter and noise)', () => {
    expect(renderCaptcha('1+1=').equals(renderCaptcha('1+1='))).toBe(false);
  });

  it('makes arithmetic challenges whose answer is right and never negative', () => {
    for (let i = 0; i < 300; i++) {
      const c = newChallenge();
      const m = /^(\d)([+\-*])(\d)=$/.exec(c.text);
      expect(m, c.text).not.toBeNull();
      const [a, op, b] = [Number(m?.[1]), m?.[2], Number(m?.[3])];
      const value = op === '+' ? a + b : op === '-' ? a - b : a * b;
      expect(c.answer).toBe(String(value));
      expect(value).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('captcha store', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await db.close();
  }, SERVER_TIMEOUT_MS);

  it('issues a key and a data URL of a 160x60 PNG', async () => {
    const c = await issueCaptcha(db);
    expect(Number.isInteger(c.key)).toBe(true);
    expect(c.image_base.startsWith('data:image/png;base64,')).toBe(true);
    const png = decodePng(Buffer.from(c.image_base.slice('data:image/png;base64,'.length), 'base64'));
    expect([png.width, png.height]).toEqual([160, 60]);
  });

  it('accepts the right answer once: the challenge is gone after the check', async () => {
    const c = await issueCaptcha(db);
    const answer = await captchaAnswer(db, c.key);
    expect(answer).toMatch(/^\d+$/);
    expect(await checkCaptcha(db, c.key, ` ${answer ?? ''} `)).toBe('ok');
    expect(await captchaAnswer(db, c.key)).toBeNull();
    expect(await checkCaptcha(db, c.key, answer ?? '')).toBe('wrong');
  });

  it('deletes the challenge after a wrong answer too', async () => {
    const c = await issueCaptcha(db);
    const answer = (await captchaAnswer(db, c.key)) ?? '';
    expect(await checkCaptcha(db, c.key, `${answer}9`)).toBe('wrong');
    expect(await checkCaptcha(db, c.key, answer)).toBe('wrong');
  });

  it('accepts the challenge text itself, as upstream does', async () => {
    const c = await issueCaptcha(db);
    const rows = await db.query<{ challenge: string }>('SELECT challenge FROM captcha WHERE id = $1', [c.key]);
    expect(await checkCaptcha(db, c.key, rows[0]?.challenge ?? '')).toBe('ok');
  });

  it('says expired after the lifetime, even for the right answer', async () => {
    const issuedAt = Date.now() - 10 * 60 * 1000;
    const c = await issueCaptcha(db, issuedAt, 5 * 60 * 1000);
    const answer = (await captchaAnswer(db, c.key)) ?? '';
    expect(await checkCaptcha(db, c.key, answer)).toBe('expired');
    expect(await captchaAnswer(db, c.key)).toBeNull();
  });

  it('is still valid just before expiry', async () => {
    const c = await issueCaptcha(db, Date.now() - 4 * 60 * 1000, 5 * 60 * 1000);
    expect(await checkCaptcha(db, c.key, (await captchaAnswer(db, c.key)) ?? '')).toBe('ok');
  });

  it('answers wrong for unknown or out-of-range keys without a database error', async () => {
    expect(await checkCaptcha(db, 999_999, '1')).toBe('wrong');
    expect(await checkCaptcha(db, 2 ** 40, '1')).toBe('wrong');
    expect(await checkCaptcha(db, -1, '1')).toBe('wrong');
  });
});

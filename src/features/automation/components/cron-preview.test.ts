import { describe, expect, it } from 'vitest';
import { previewCron, zonedText } from './cron-preview';

describe('the crontab preview', () => {
  it('writes an instant as wall-clock time of a zone with its offset', () => {
    const at = new Date('2026-11-25T01:30:00Z');
    expect(zonedText(at, 'Asia/Shanghai')).toBe('2026-11-25 09:30 (UTC+08:00)');
    expect(zonedText(at, 'America/New_York')).toBe('2026-11-24 20:30 (UTC-05:00)');
    expect(zonedText(at, 'UTC')).toBe('2026-11-25 01:30 (UTC+00:00)');
  });

  it('gives the next 5 runs in the chosen zone (the same expression, other instants in another zone)', async () => {
    const from = new Date('2026-11-25T01:00:00Z');
    await expect(previewCron('30 3 * * *', 'Asia/Shanghai', from)).resolves.toEqual({
      ok: true,
      runs: ['2026-11-26 03:30 (UTC+08:00)', '2026-11-27 03:30 (UTC+08:00)', '2026-11-28 03:30 (UTC+08:00)', '2026-11-29 03:30 (UTC+08:00)', '2026-11-30 03:30 (UTC+08:00)'],
    });
    const ny = await previewCron('30 3 * * *', 'America/New_York', from);
    expect(ny.ok && ny.runs[0]).toBe('2026-11-25 03:30 (UTC-05:00)');
  });

  it('names what is wrong: the number of fields, a value out of range, a date that never comes', async () => {
    await expect(previewCron('* * *', 'UTC', new Date())).resolves.toEqual({ ok: false, problem: 'fields:3' });
    await expect(previewCron('61 * * * *', 'UTC', new Date())).resolves.toEqual({ ok: false, problem: 'range:61:0-59' });
    await expect(previewCron('0 0 30 2 *', 'UTC', new Date())).resolves.toMatchObject({ ok: false });
  });
});

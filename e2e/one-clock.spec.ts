import { test, expect } from './fixtures';
import { apiData, signIn } from './shell-helpers';

/**
 * One clock: the console shows every time on the server's analytics zone (Asia/Shanghai here), so a
 * browser in Honolulu (UTC−10) and one in Shanghai (UTC+8) read the same times on the same screens:
 * a device's first and last seen (instants from the API), the default 发布时间 of a new release (now),
 * and the workbench's today. The expected texts are computed here in Node with Intl, from the API's
 * instants, independently of the console's formatting code.
 */

const ZONE = 'Asia/Shanghai';
const slow = { timeout: 30_000 };

/** "YYYY-MM-DD HH:mm:ss" of an instant in ZONE, computed apart from the console's own code. */
function shanghai(at: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

for (const browserZone of ['Pacific/Honolulu', 'Asia/Shanghai']) {
  test.describe(`a browser in ${browserZone}`, () => {
    test.use({ timezoneId: browserZone });

    test('reads every time on the analytics clock', async ({ page, submitLogin }) => {
      test.setTimeout(120_000);
      await signIn(page, submitLogin);
      // The browser really is in its zone.
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);

      // The workbench's today is Shanghai's today.
      await expect(page.getByTestId('dashboard')).toContainText(shanghai(new Date()).slice(0, 10));

      // 设备管理: the first row's first and last seen are the API's instants on the Shanghai clock.
      await page.goto('/center_users/devices');
      const row = page.getByTestId('devices-table').locator('tbody tr').first();
      await expect(row).toBeVisible(slow);
      const api = await apiData<{ data: Array<{ device_id: string; first_seen: string; last_seen: string }> }>(page, '/api/center_users/devices/?page=1&limit=20&ordering=-last_seen');
      const first = api.data[0];
      if (!first) throw new Error('the sample data has no device');
      expect(first.last_seen, 'the API sends instants with their offset').toMatch(/(Z|[+-]\d{2}:\d{2})$/);
      await expect(row).toContainText(first.device_id);
      await expect(row).toContainText(shanghai(new Date(first.first_seen)));
      await expect(row).toContainText(shanghai(new Date(first.last_seen)));

      // A new release's 发布时间 defaults to now on the Shanghai clock (within the minute it was opened).
      await page.goto('/game/history');
      await page.getByTestId('crud-add').click();
      const input = page.locator('#field-release_time');
      await expect(input).toBeVisible(slow);
      const shown = await input.inputValue();
      const before = Date.now();
      const candidates = [-60_000, 0, 60_000].map((d) => shanghai(new Date(before + d)).slice(0, 16));
      expect(candidates, `release_time default ${shown}`).toContain(shown.slice(0, 16));
    });
  });
}

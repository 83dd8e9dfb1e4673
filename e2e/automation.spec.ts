import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { signIn } from './shell-helpers';

/**
 * Automation (automation/*) on the reference server working its own job queue (the e2e
 * server starts with JOBS=on: e2e/fixtures.ts): create a crontab (an invalid one refused first), bind a
 * schedule of the queue probe to it, run it now and see the run succeed on 任务管理; a forced failure
 * (diagnostics.probe failing its first 2 attempts) is seen retrying, then succeeding on its 3rd
 * attempt; 执行节点 lists this instance online. Screenshots of every page in zh-chs and en.
 */
test.describe.configure({ mode: 'serial' });

const slow = { timeout: 30_000 };
const unique = Date.now().toString(36);

/** The CRUD table row holding this text. */
const rowWith = (page: Page, text: string) => page.locator('tr', { hasText: text });

test('create a crontab, bind a schedule, run it now, see the run succeed; a forced failure retries then succeeds', async ({ page, submitLogin, shot }) => {
  test.setTimeout(240_000);
  await signIn(page, submitLogin);

  // Crontab: `61 * * * *` is refused with the server's message in the dialog; a valid one shows its next 5 runs.
  await page.goto('/automation/crontab');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await form.getByTestId('form-expression').fill('61 * * * *');
  await form.getByTestId('form-description').fill(`e2e ${unique}`);
  await form.getByTestId('crud-form-submit').click();
  await expect(form.getByTestId('form-error-expression')).toHaveText('Crontab 表达式无效：值 61 超出范围 0-59。');
  await form.getByTestId('form-expression').fill('17 4 * * *');
  await expect(form.getByTestId('crontab-preview').locator('li')).toHaveCount(5);
  await expect(form.getByTestId('crontab-preview').locator('li').first()).toHaveText(/ 04:17 \(UTC\+08:00\)$/);
  await shot('automation-crontab-form-zh');
  await form.getByTestId('crud-form-submit').click();
  await expect(form).toBeHidden(slow);
  const crontabRow = rowWith(page, `e2e ${unique}`);
  await expect(crontabRow.locator('.automation-next-runs li')).toHaveCount(5);
  await expect(crontabRow.locator('.automation-next-runs li').first()).toHaveText(/^\d{4}-\d{2}-\d{2} 04:17 \(UTC\+08:00\)$/);
  await shot('automation-crontab-zh');

  // Schedule: the probe bound to that crontab, its message as the run's result.
  await page.goto('/automation/schedule');
  await page.getByTestId('crud-add').click();
  await form.getByTestId('form-name').fill(`e2e 探测 ${unique}`);
  await form.getByTestId('form-task').click();
  await page.getByRole('option', { name: '队列探测' }).click();
  await form.getByLabel('返回消息').fill(`hello ${unique}`);
  await form.getByTestId('form-crontab').click();
  await page.getByRole('option', { name: new RegExp(`^17 4 \\* \\* \\* \\(Asia/Shanghai\\) · e2e ${unique}$`) }).click();
  await form.getByTestId('crud-form-submit').click();
  await expect(form).toBeHidden(slow);
  const scheduleRow = rowWith(page, `e2e 探测 ${unique}`);
  await expect(scheduleRow).toContainText('17 4 * * *');
  await expect(scheduleRow).toContainText('已启用');
  await scheduleRow.getByTestId('row-runNow').click();
  await expect(page.getByText(/^已加入队列（[0-9a-f]{8}）$/)).toBeVisible();
  // The schedule's last state follows the run (the list re-read after the run).
  await expect(async () => {
    await page.getByTestId('crud-reload').click();
    await expect(scheduleRow.locator('[data-state]')).toHaveAttribute('data-state', 'succeeded', { timeout: 2_000 });
  }).toPass(slow);
  await shot('automation-schedule-zh');

  // 任务管理: the schedule's run succeeded with the probe's message.
  await page.goto('/automation/task');
  await page.getByTestId('runs-task').click();
  await page.getByRole('option', { name: '队列探测' }).click();
  const scheduled = page.locator('[data-testid^="run-"][data-state]', { hasText: `调度：e2e 探测 ${unique}` });
  await expect(scheduled).toHaveAttribute('data-state', 'succeeded', slow);
  await expect(scheduled).toContainText(`hello ${unique}`);
  await expect(scheduled).toContainText('1 / 4');

  // A forced failure: the probe fails its first 2 attempts, is seen retrying, then succeeds on the 3rd.
  await page.getByTestId('kind-diagnostics.probe-run').click();
  const dialog = page.getByTestId('run-dialog');
  await dialog.getByLabel('返回消息').fill(`forced ${unique}`);
  const fails = dialog.getByLabel('先失败次数');
  await fails.click();
  await fails.press('Control+a');
  await fails.pressSequentially('2');
  await fails.blur();
  await dialog.getByTestId('run-submit').click();
  await expect(dialog).toBeHidden();
  // The newest run is first; it shows retrying (auto refresh every 2 s) before it succeeds.
  const newest = page.locator('[data-testid="runs-table"] tbody tr').first();
  await expect(newest).toHaveAttribute('data-state', 'retrying', slow);
  await expect(newest.locator('.automation-result')).toContainText('按要求失败');
  await shot('automation-task-retrying-zh');
  await expect(newest).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });
  await expect(newest).toContainText('3 / 4');
  await expect(newest.locator('.automation-result')).toContainText(`forced ${unique}`);
  await shot('automation-task-zh');

  // 执行节点: this instance works the queue and is online.
  await page.goto('/automation/celery');
  await expect(page.locator('[data-testid="workers-table"] tbody tr[data-status="online"]').first()).toBeVisible(slow);
  await expect(page.getByTestId('queues-table')).toContainText('队列探测');
  await shot('automation-celery-zh');

  await page.goto('/automation/interval');
  await expect(page.getByTestId('interval-table')).toContainText('每 10 分钟');
  await shot('automation-interval-zh');
});

test('automation screens in English', async ({ page, context, baseURL, submitLogin, shot }) => {
  await signIn(page, submitLogin);
  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
  for (const [path, ready, name] of [
    ['/automation/task', 'runs-table', 'task'],
    ['/automation/schedule', 'schedule-table', 'schedule'],
    ['/automation/crontab', 'crontab-table', 'crontab'],
    ['/automation/interval', 'interval-table', 'interval'],
    ['/automation/celery', 'workers-table', 'celery'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(ready)).toBeVisible(slow);
    await shot(`automation-${name}-en`);
  }
  await expect(page.getByTestId('automation-celery')).toContainText('Online');
});

import { expect, test } from './fixtures';
import { signIn } from './shell-helpers';

const TEST_USER = { username: 'test', password: 'admin123456' };

/** The built Storybook is published at /storybook/ and linked from the user menu of staff who review design. */
test.describe('published Storybook', () => {
  test('superadmin opens Storybook from the user menu: /storybook/ serves the built Storybook with the console stories', async ({ page, context, submitLogin }) => {
    await signIn(page, submitLogin);
    await page.getByTestId('user-menu').click();
    const opened = context.waitForEvent('page');
    await page.getByTestId('user-menu-storybook').click();
    const storybook = await opened;
    await expect(storybook).toHaveURL(/\/storybook\/(\?.*)?$/);
    // The manager lists the console's stories (from index.json) and shows one in its preview frame.
    const index = (await (await page.request.get('/storybook/index.json')).json()) as { entries: Record<string, { title: string }> };
    const titles = new Set(Object.values(index.entries).map((entry) => entry.title));
    expect(titles.size).toBeGreaterThan(30);
    await expect(storybook.locator('#storybook-preview-iframe')).toBeVisible({ timeout: 30_000 });
  });

  test('the read-only analyst test has no Storybook link', async ({ page, submitLogin }) => {
    await signIn(page, submitLogin, TEST_USER);
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-userinfo')).toBeVisible();
    await expect(page.getByTestId('user-menu-storybook')).toHaveCount(0);
  });
});

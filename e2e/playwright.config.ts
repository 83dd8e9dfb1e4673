import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/chromium';

/**
 * Browser end-to-end tests: the built console served by the embedded reference server (started per
 * worker in fixtures.ts), driven in Debian's Chromium. Screenshots are kept in e2e/artifacts/.
 */
const distIndex = fileURLToPath(new URL('../dist/index.html', import.meta.url));
if (!existsSync(distIndex)) {
  throw new Error(`e2e tests need the built console, and ${distIndex} is missing: run \`npm run build\` first.`);
}

const reporters: ReporterDescription[] = [['list'], ['html', { outputFolder: 'artifacts/report', open: 'never' }]];
// scripts/test.sh asks for a JSON report to count the tests.
if (process.env.PW_JSON_REPORT) reporters.push(['json', { outputFile: resolve(process.env.PW_JSON_REPORT) }]);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'artifacts/test-results',
  // One server (own in-memory database, own sample data) per worker, so two workers never share state;
  // spec files are spread over the workers, the tests of one file run in order in one worker.
  // Two even on a 2-core machine: a test mostly waits (the browser, sockets, the server's timers), and
  // the long walks are split into tests that the workers share (accessibility.spec.ts); up to four on
  // larger machines (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS) || Math.max(2, Math.min(4, availableParallelism() - 1)),
  fullyParallel: false,
  globalSetup: './global-setup.ts',
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: reporters,
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    viewport: { width: 1366, height: 800 },
    screenshot: 'only-on-failure',
    // No trace by default: recording one (every action's DOM snapshot and a screencast, kept only when
    // the test fails) cost a quarter of the suite's CPU, measured on three specs (74 against 57 CPU-s).
    // A failure still leaves its screenshot and error context; E2E_TRACE=retain-on-failure (or `--trace
    // on`) records traces again when a failure needs one.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | 'on' | undefined) ?? 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // As a person with the system's "reduce motion" setting: the console shows each change at once
    // (src/styles/base.css), so the browser paints one frame instead of an animation's every frame.
    // Measured: a quarter less CPU in all, the compositor's share down from 25 to 10 CPU-s on three
    // specs. (accessibility.spec.ts checks the motion that people without the setting get.)
    reducedMotion: 'reduce',
  },
});

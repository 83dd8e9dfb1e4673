import { resolve } from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';

/**
 * The contract suite: Playwright API tests against a live server (no browser). By default the
 * embedded reference server, started by the worker fixture in fixtures.ts; CONTRACT_BASE_URL aims it
 * at any deployment (docs/testing.md). One worker: the tests share one server and its sessions.
 */
const reporters: ReporterDescription[] = [
  ['list'],
  ['html', { outputFolder: 'report', open: 'never' }],
];
// scripts/test.sh asks for a JSON report to count the tests.
if (process.env.PW_JSON_REPORT) reporters.push(['json', { outputFile: resolve(process.env.PW_JSON_REPORT) }]);

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/contracts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  reporter: reporters,
});

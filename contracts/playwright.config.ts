import { resolve } from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';

/**
 * The contract suite: Playwright API tests against a live server (no browser). One worker per
 * project: the tests of a project share one server and its sessions.
 *
 * - Without CONTRACT_BASE_URL, two projects: `reference`, the embedded reference server (started by
 *   the worker fixture in fixtures.ts), and `standin`, the stand-in of the real back end built from
 *   API-CONTRACT §17 (contracts/standin/): the same tests must pass on both, the second with the known
 *   differences reported as annotations.
 * - With CONTRACT_BASE_URL, one project `target`: that deployment (docs/testing.md).
 */
const reporters: ReporterDescription[] = [['list']];
// A nested run (contracts/standin/suite.test.ts) keeps the HTML report of the real run.
if (process.env.CONTRACT_HTML_REPORT !== '0') reporters.push(['html', { outputFolder: 'report', open: 'never' }]);
// scripts/test.sh asks for a JSON report to count the tests.
if (process.env.PW_JSON_REPORT) reporters.push(['json', { outputFile: resolve(process.env.PW_JSON_REPORT) }]);

const external = !!process.env.CONTRACT_BASE_URL;

export default defineConfig<object, { standin: boolean }>({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.CONTRACT_OUTPUT_DIR ? resolve(process.env.CONTRACT_OUTPUT_DIR) : '../test-results/contracts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  reporter: reporters,
  projects: external
    ? [{ name: 'target' }]
    : [
        { name: 'reference', use: { standin: false } },
        { name: 'standin', use: { standin: true } },
      ],
});

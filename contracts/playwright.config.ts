import { resolve } from 'node:path';
import { defineConfig, type Project, type ReporterDescription } from '@playwright/test';
import { notOfferedTag } from './areas';

/**
 * The contract suite: Playwright API tests against a live server (no browser). One worker: the tests
 * of a project share one target and its sessions.
 *
 * Targets (one project each), and the verdict project of each (its teardown, verdicts/):
 * - without CONTRACT_BASE_URL: `reference`, the embedded reference server (started by the worker
 *   fixture in fixtures.ts), which must offer every area and get every one right; and `standin`, the
 *   stand-in of the real back end (contracts/standin/, started by global-setup.ts), which offers what
 *   the real back end offers (the system API) and answers with its known differences.
 * - with CONTRACT_BASE_URL: one project `target`, that deployment (docs/testing.md).
 *
 * Before the run, global-setup.ts asks the stand-in and an external target which areas they offer
 * (areas.ts); a test of an area a target does not offer carries that target's `@not-offered-by-…` tag
 * and is left out of its run (grepInvert), and the target's verdict project reports the area once,
 * skipped with the reason. CONTRACT_AREAS=system,game,… names the areas a target must offer instead.
 */
const reporters: ReporterDescription[] = [['list'], ['./verdicts/reporter.ts']];
// A nested run (contracts/standin/suite.test.ts) keeps the HTML report of the real run.
if (process.env.CONTRACT_HTML_REPORT !== '0') reporters.push(['html', { outputFolder: 'report', open: 'never' }]);
// scripts/test.sh asks for a JSON report to count the tests.
if (process.env.PW_JSON_REPORT) reporters.push(['json', { outputFile: resolve(process.env.PW_JSON_REPORT) }]);

const external = !!process.env.CONTRACT_BASE_URL;

type Options = { standin: boolean; verdictFor: string };

/** A target's project, and its verdict project, run after it. */
function target(name: string, use: Partial<Options>): Array<Project<object, Options>> {
  return [
    { name, testDir: './tests', testMatch: '**/*.spec.ts', grepInvert: new RegExp(`${notOfferedTag(name)}(\\s|$)`), use, teardown: `${name} verdicts` },
    { name: `${name} verdicts`, testDir: './verdicts', testMatch: 'verdicts.spec.ts', use: { verdictFor: name } },
  ];
}

export default defineConfig<object, Options>({
  globalSetup: './global-setup.ts',
  outputDir: process.env.CONTRACT_OUTPUT_DIR ? resolve(process.env.CONTRACT_OUTPUT_DIR) : '../test-results/contracts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  reporter: reporters,
  projects: external ? target('target', {}) : [...target('reference', { standin: false }), ...target('standin', { standin: true })],
});

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAULTS, faultsFromEnv } from './faults';

/**
 * The contract suite tested on itself: aimed at a stand-in that answers deliberately wrong (faults.ts:
 * neither the documented shape nor a named known difference), a run must fail each test those answers
 * break, with a message naming the route (and the known difference, where there is one). Only the
 * tests the faults aim at run (every failure restarts Playwright's worker),
 * plus one control of each file that must still pass.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SPECS = ['dashboard', 'system-crud', 'messages', 'error-catalogue'].map((f) => `contracts/tests/${f}.spec.ts`);
/** Tests of the same files that no fault touches: they must pass in the same run. */
const CONTROLS = [
  'attachment_total → {count, occupy_space}, the size as display text',
  'a missing row → code 400 接口地址不正确 (example 50)',
  "the sender edits a message (PUT {id}/): title and content change, the recipients stay",
  'a signed-in call with the right token succeeds (the baseline of the rows above)',
];
const BROKEN = Object.values(FAULTS).flatMap((f) => f.breaks);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const GREP = `(${[...BROKEN, ...CONTROLS].map(escape).join("|")})`;

interface TestOutcome {
  title: string;
  status: string;
  message: string;
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every test of a Playwright JSON report: its title, final status and error messages. */
function outcomes(report: unknown): TestOutcome[] {
  const out: TestOutcome[] = [];
  const walk = (suite: unknown) => {
    if (!isRecord(suite)) return;
    for (const spec of list(suite.specs)) {
      if (!isRecord(spec)) continue;
      for (const test of list(spec.tests)) {
        if (!isRecord(test)) continue;
        const results = list(test.results).filter(isRecord);
        const last = results.at(-1);
        const messages = results.flatMap((r) => list(r.errors).map((e) => (isRecord(e) && typeof e.message === 'string' ? e.message : '')));
        out.push({ title: String(spec.title), status: typeof last?.status === 'string' ? last.status : 'none', message: messages.join('\n') });
      }
    }
    for (const child of list(suite.suites)) walk(child);
  };
  for (const suite of list(isRecord(report) ? report.suites : [])) walk(suite);
  return out;
}

function runSuite(env: Record<string, string>, reportFile: string): Promise<number> {
  const { CONTRACT_BASE_URL: _url, CONTRACT_FLAVOUR: _flavour, PW_JSON_REPORT: _report, CI: _ci, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const args = ['test', '-c', 'contracts/playwright.config.ts', '--project', 'standin', '--reporter', 'json', '--grep', GREP, ...SPECS];
    const child = spawn(join(ROOT, 'node_modules/.bin/playwright'), args, {
      cwd: ROOT,
      env: { ...inherited, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === null ? reject(new Error(`playwright was killed\n${stderr}`)) : resolve(code)));
  });
}

describe('the contract suite on a deliberately wrong server', () => {
  it('fails each broken test with a message naming the route; everything else passes', { timeout: 600_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-self-test-'));
    try {
      const reportFile = join(dir, 'report.json');
      const exit = await runSuite({ CONTRACT_STANDIN_FAULTS: 'all', CONTRACT_HTML_REPORT: '0', CONTRACT_OUTPUT_DIR: join(dir, 'results') }, reportFile);
      const all = outcomes(JSON.parse(await readFile(reportFile, 'utf8')) as unknown);
      // The target's verdict project runs after it (its teardown): one verdict per area, apart from the tests.
      const verdicts = all.filter((t) => t.title.startsWith('verdict: area '));
      const tests = all.filter((t) => !verdicts.includes(t));
      expect(exit, 'the run fails').not.toBe(0);
      expect(tests.map((t) => t.title).sort(), 'the aimed tests and the controls ran').toEqual([...BROKEN, ...CONTROLS].sort());
      // The areas whose tests the faults broke are offered with differences: their verdicts fail.
      expect(verdicts.length, 'a verdict per area').toBeGreaterThanOrEqual(14);
      expect(verdicts.find((t) => t.title === 'verdict: area system')?.status, 'the system area, broken by the faults').toBe('failed');

      for (const fault of Object.values(FAULTS)) {
        for (const title of fault.breaks) {
          const test = tests.find((t) => t.title === title);
          expect(test?.status, `"${title}" under the fault "${fault.name}"`).toBe('failed');
          // The first fault-specific text is the route: every failure message names it.
          for (const text of fault.expect) expect(test?.message, `the failure of "${title}" names ${text}`).toContain(text);
        }
      }
      for (const title of CONTROLS) expect(tests.find((t) => t.title === title)?.status, `the control "${title}"`).toBe('passed');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('CONTRACT_STANDIN_FAULTS names faults, or all; an unknown name is refused', () => {
    expect(faultsFromEnv(undefined)).toEqual([]);
    expect(faultsFromEnv('datavKey, exportType')).toEqual(['datavKey', 'exportType']);
    expect(faultsFromEnv('all')).toEqual(Object.keys(FAULTS));
    expect(() => faultsFromEnv('noSuchFault')).toThrow(/unknown stand-in fault "noSuchFault"/);
  });
});

/**
 * Test counts for scripts/test.sh. Vitest's and Playwright's own summaries are not lines CI reads,
 * so each runner writes a JSON report, this script reads it, and at the end prints one plain line
 * `test: N passed, M failed` (plus `, K skipped` when some were skipped).
 *
 *   tsx scripts/summary.ts record <step> <vitest|playwright> <report.json> <tally.json>
 *       prints the step's counts, adds them to the tally; exits 1 when the report is missing,
 *       unreadable, or shows that no test ran.
 *   tsx scripts/summary.ts total <tally.json> [--if-failed]
 *       prints the closing line; exits 1 when the tally is empty or shows a failure. With --if-failed
 *       (used after a failing step) the line is printed only when it does show a failure.
 *   tsx scripts/summary.ts table <times.tsv> <tally.json> <total seconds>
 *       prints every step's wall time (lines "<step>\t<seconds>\t<ok|failed>" in run order) as a
 *       table, with the tests each test step ran, and the run's total (steps run side by side overlap,
 *       so the total is the wall time, not the sum), then each test step's slowest files from its report.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

type Tally = Record<string, Counts>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(obj: Record<string, unknown>, key: string, where: string): number {
  const v = obj[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${where}: "${key}" is not a number`);
  return v;
}

/** Vitest's json reporter (Jest-compatible totals). */
function vitestCounts(report: unknown): Counts {
  if (!isRecord(report)) throw new Error('vitest report: not an object');
  const failedTests = num(report, 'numFailedTests', 'vitest report');
  // A file that cannot load, or whose beforeAll fails, fails with no failed test in it: count such files.
  const files = Array.isArray(report.testResults) ? report.testResults : [];
  const failedFiles = files.filter((f) => isRecord(f) && f.status === 'failed').length;
  return {
    passed: num(report, 'numPassedTests', 'vitest report'),
    failed: failedTests > 0 ? failedTests : failedFiles,
    skipped: num(report, 'numPendingTests', 'vitest report') + num(report, 'numTodoTests', 'vitest report'),
  };
}

/** Playwright's json reporter: `stats.expected/unexpected/flaky/skipped`, plus top-level errors. */
function playwrightCounts(report: unknown): Counts {
  if (!isRecord(report) || !isRecord(report.stats)) throw new Error('playwright report: no "stats" object');
  const s = report.stats;
  const errors = Array.isArray(report.errors) ? report.errors.length : 0;
  return {
    passed: num(s, 'expected', 'playwright stats') + num(s, 'flaky', 'playwright stats'),
    // An error outside any test (config, global setup, a worker fixture) fails the run too.
    failed: num(s, 'unexpected', 'playwright stats') + errors,
    skipped: num(s, 'skipped', 'playwright stats'),
  };
}

function closingLine(t: Counts): string {
  return `test: ${t.passed} passed, ${t.failed} failed${t.skipped > 0 ? `, ${t.skipped} skipped` : ''}`;
}

function readTally(path: string): Tally {
  if (!existsSync(path)) return {};
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isRecord(parsed)) return {};
  const out: Tally = {};
  for (const [step, c] of Object.entries(parsed)) {
    if (isRecord(c)) out[step] = { passed: num(c, 'passed', step), failed: num(c, 'failed', step), skipped: num(c, 'skipped', step) };
  }
  return out;
}

function record(step: string, kind: string, reportPath: string, tallyPath: string): number {
  if (!existsSync(reportPath)) {
    console.error(`summary: ${step}: no report at ${reportPath} (the runner did not get as far as writing it)`);
    return 1;
  }
  let counts: Counts;
  try {
    const report: unknown = JSON.parse(readFileSync(reportPath, 'utf8'));
    if (kind === 'vitest') counts = vitestCounts(report);
    else if (kind === 'playwright') counts = playwrightCounts(report);
    else throw new Error(`unknown runner kind "${kind}"`);
  } catch (e) {
    console.error(`summary: ${step}: cannot read ${reportPath}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  const tally = readTally(tallyPath);
  tally[step] = counts;
  writeFileSync(tallyPath, JSON.stringify(tally, null, 2));
  const ran = counts.passed + counts.failed;
  // Deliberately not the "N passed, N failed" wording: only the closing line may look like that.
  console.log(`== ${step}: ${ran} tests ran (${counts.passed} ok, ${counts.failed} not ok, ${counts.skipped} skipped)`);
  if (ran === 0) {
    console.error(`summary: ${step}: no test ran; a step that runs nothing fails the run`);
    return 1;
  }
  return 0;
}

function total(tallyPath: string, onlyIfFailed: boolean): number {
  const tally = readTally(tallyPath);
  const steps = Object.keys(tally);
  const sum: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const c of Object.values(tally)) {
    sum.passed += c.passed;
    sum.failed += c.failed;
    sum.skipped += c.skipped;
  }
  if (!onlyIfFailed || sum.failed > 0) console.log(closingLine(sum));
  if (steps.length === 0) {
    console.error('summary: no step recorded any test');
    return 1;
  }
  return sum.failed > 0 ? 1 : 0;
}

function table(timesPath: string, tallyPath: string, totalSeconds: string): number {
  const tally = readTally(tallyPath);
  const rows: string[][] = [['step', 'seconds', 'result', 'tests']];
  const lines = existsSync(timesPath) ? readFileSync(timesPath, 'utf8').split('\n').filter(Boolean) : [];
  for (const line of lines) {
    const [step = '', secs = '', result = ''] = line.split('\t');
    const c = tally[step];
    rows.push([step, secs, result, c ? `${c.passed + c.failed}` : '']);
  }
  const total = Number(totalSeconds);
  rows.push(['total (wall)', Number.isFinite(total) ? total.toFixed(1) : totalSeconds, '', '']);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) => r.map((cell, i) => (i === 1 || i === 3 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  console.log('');
  console.log('npm test: step times');
  console.log(fmt(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows.slice(1, -1)) console.log(fmt(r));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  console.log(fmt(rows[rows.length - 1]!));
  if (Number.isFinite(total)) console.log(`(${(total / 60).toFixed(1)} min)`);
  // Where each test step's time went: its slowest files (the reports sit beside the times file).
  const dir = dirname(timesPath);
  for (const line of lines) {
    const [step = ''] = line.split('\t');
    const report = join(dir, `${step}.json`);
    if (!tally[step] || !existsSync(report)) continue;
    let files: Array<[string, number]>;
    try {
      files = fileSeconds(JSON.parse(readFileSync(report, 'utf8')));
    } catch {
      continue;
    }
    if (files.length === 0) continue;
    console.log(`slowest files of ${step}: ${files.slice(0, SLOWEST).map(([f, secs]) => `${f} ${secs.toFixed(1)} s`).join(', ')}`);
  }
  return 0;
}

const SLOWEST = 5;

/**
 * Seconds per test file, slowest first: Vitest's report gives each file's start and end; Playwright's
 * gives each test's result durations, summed per file (worker start-up outside tests not included).
 */
function fileSeconds(report: unknown): Array<[string, number]> {
  const out = new Map<string, number>();
  const cwd = process.cwd();
  if (isRecord(report) && Array.isArray(report.testResults)) {
    for (const f of report.testResults) {
      if (!isRecord(f) || typeof f.name !== 'string' || typeof f.startTime !== 'number' || typeof f.endTime !== 'number') continue;
      out.set(relative(cwd, f.name), (f.endTime - f.startTime) / 1000);
    }
  } else if (isRecord(report) && Array.isArray(report.suites)) {
    const walk = (suite: unknown, file: string) => {
      if (!isRecord(suite)) return;
      const here = typeof suite.file === 'string' ? suite.file : file;
      for (const spec of Array.isArray(suite.specs) ? suite.specs : []) {
        for (const t of isRecord(spec) && Array.isArray(spec.tests) ? spec.tests : []) {
          for (const r of isRecord(t) && Array.isArray(t.results) ? t.results : []) {
            if (isRecord(r) && typeof r.duration === 'number') out.set(here, (out.get(here) ?? 0) + r.duration / 1000);
          }
        }
      }
      for (const child of Array.isArray(suite.suites) ? suite.suites : []) walk(child, here);
    };
    for (const suite of report.suites) walk(suite, '');
  }
  return [...out].sort((a, b) => b[1] - a[1]);
}

function main(argv: string[]): number {
  const [cmd, ...rest] = argv;
  if (cmd === 'record' && rest.length === 4) {
    const [step, kind, reportPath, tallyPath] = rest as [string, string, string, string];
    return record(step, kind, reportPath, tallyPath);
  }
  if (cmd === 'total' && (rest.length === 1 || (rest.length === 2 && rest[1] === '--if-failed'))) {
    return total(rest[0] as string, rest.length === 2);
  }
  if (cmd === 'table' && rest.length === 3) {
    const [timesPath, tallyPath, totalSeconds] = rest as [string, string, string];
    return table(timesPath, tallyPath, totalSeconds);
  }
  console.error('usage: summary.ts record <step> <vitest|playwright> <report.json> <tally.json> | total <tally.json> [--if-failed] | table <times.tsv> <tally.json> <total seconds>');
  return 2;
}

process.exit(main(process.argv.slice(2)));

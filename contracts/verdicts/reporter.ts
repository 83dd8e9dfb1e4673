import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the verdict per area of each target at the end of a run, from the verdict projects' tests
 * (verdicts.spec.ts): one line per area, `offered and right`, `offered with differences` (route and
 * field) or `not offered` with the reason.
 */
export default class AreaVerdictReporter implements Reporter {
  private readonly lines = new Map<string, string[]>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const verdict = test.annotations.concat(result.annotations).find((a) => a.type === 'area verdict');
    const project = test.parent.project()?.name ?? '';
    if (!test.title.startsWith('verdict: area ')) return;
    const area = test.title.slice('verdict: area '.length);
    const text = verdict?.description ?? (result.status === 'skipped' ? `skipped: ${result.annotations.find((a) => a.type === 'skip')?.description ?? ''}` : `${result.status}: ${result.error?.message?.split('\n')[0] ?? ''}`);
    const list = this.lines.get(project) ?? [];
    list.push(`  ${area.padEnd(12)} ${text}`);
    this.lines.set(project, list);
  }

  onEnd(_result: FullResult): void {
    if (this.lines.size === 0) return;
    console.log('\nverdict per area');
    for (const [project, lines] of this.lines) {
      console.log(`${project.replace(/ verdicts$/, '')}:`);
      for (const l of lines) console.log(l);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}

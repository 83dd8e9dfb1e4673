import { test as base, expect } from '@playwright/test';
import { AREA_NAMES, loadOffers } from '../areas';
import { readOutcomes, verdictOf } from './outcomes';

/**
 * The verdict per area of one target, after its tests ran (the `<target> verdicts` project is that
 * target's teardown in playwright.config.ts): offered and right / offered with differences (each by
 * route and field) / not offered, the reason. An area the target does not offer is reported here once,
 * skipped with the reason; its tests were left out of the target's run. Known differences stay the
 * annotations of the tests that saw them; here they are counted by id.
 */
const test = base.extend<object, { verdictFor: string }>({
  verdictFor: ['', { scope: 'worker', option: true }],
});

test.describe('area verdicts', () => {
  for (const area of AREA_NAMES) {
    test(`verdict: area ${area}`, async ({ verdictFor }, testInfo) => {
      expect(verdictFor, 'the verdict project names its target (use.verdictFor)').not.toBe('');
      const recorded = readOutcomes(testInfo.project.outputDir, verdictFor);
      const offers = loadOffers()[verdictFor] ?? recorded.offers;
      test.skip(!offers, `no test of the ${verdictFor} project ran, so its target was never asked which areas it offers`);
      const verdict = verdictOf(area, offers?.[area], recorded.outcomes);
      testInfo.annotations.push({ type: 'area verdict', description: `${verdict.kind}: ${verdict.text}` });
      test.skip(verdict.kind === 'not offered', verdict.text);
      if (verdict.kind !== 'offered and right') throw new Error(`area ${area} on ${verdictFor}: ${verdict.kind}: ${verdict.text}`);
      expect(offers?.[area]?.offered, offers?.[area]?.evidence).toBe(true);
    });
  }
});

import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS, notOfferedReason, type AreaName, type AreaOffer, type TargetOffers } from '../areas';

/**
 * What each test of an area did, kept beside the run's results (one JSON line per test, per project),
 * so the verdict project of a target can judge each area after its tests ran: worker restarts after a
 * failure do not lose them.
 */
export interface Outcome {
  area: AreaName;
  title: string;
  /** passed, failed, timedOut, skipped, interrupted */
  status: string;
  /** The first failure message (route first, see support/expect-contract.ts). */
  error: string;
  /** The `known-difference` annotations: the behaviour the target showed, with the difference's id. */
  knownDifferences: string[];
}

interface OffersRecord {
  offers: TargetOffers;
}

const fileOf = (outputDir: string, project: string) => join(outputDir, 'area-outcomes', `${project.replace(/[^\w.-]+/g, '_')}.jsonl`);

function append(outputDir: string, project: string, record: Outcome | OffersRecord): void {
  const file = fileOf(outputDir, project);
  mkdirSync(join(outputDir, 'area-outcomes'), { recursive: true });
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export const recordOutcome = (outputDir: string, project: string, outcome: Outcome): void => append(outputDir, project, outcome);

/** The embedded reference server is asked in its worker: its answer is kept for the verdicts. */
export const recordOffers = (outputDir: string, project: string, offers: TargetOffers): void => append(outputDir, project, { offers });

export function readOutcomes(outputDir: string, project: string): { outcomes: Outcome[]; offers: TargetOffers | null } {
  const file = fileOf(outputDir, project);
  if (!existsSync(file)) return { outcomes: [], offers: null };
  const outcomes: Outcome[] = [];
  let offers: TargetOffers | null = null;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as Outcome | OffersRecord;
    if ('offers' in record) offers = record.offers;
    else outcomes.push(record);
  }
  return { outcomes, offers };
}

export type VerdictKind = 'offered and right' | 'offered with differences' | 'not offered' | 'required but not offered';

export interface Verdict {
  area: AreaName;
  kind: VerdictKind;
  /** One paragraph: counts, the known differences seen, and each difference by route and field. */
  text: string;
}

/** `GET /api/x/ data.field`: the route and the field a failure message names. */
export function differenceOf(error: string): string {
  const route = /\b(GET|POST|PUT|PATCH|DELETE|WS) \/\S*/.exec(error)?.[0]?.replace(/[,:)]+$/, '');
  const field = /→ at (\S+)/.exec(error)?.[1] ?? /\): ([^(\n]+?)(?: \(|\n|$)/.exec(error)?.[1]?.trim();
  const first = error.split('\n').find((l) => l.trim() !== '')?.trim() ?? 'failed without a message';
  if (!route) return first.length > 200 ? `${first.slice(0, 200)}…` : first;
  return field ? `${route} ${field}` : route;
}

export function verdictOf(area: AreaName, offer: AreaOffer | undefined, outcomes: readonly Outcome[]): Verdict {
  if (!offer || (!offer.offered && offer.required)) {
    return { area, kind: 'required but not offered', text: `the ${area} area is required here but ${offer ? `not offered: ${offer.evidence}` : 'was never asked for'}` };
  }
  if (!offer.offered) return { area, kind: 'not offered', text: notOfferedReason(area, offer) };
  const mine = outcomes.filter((o) => o.area === area);
  const failed = mine.filter((o) => o.status !== 'passed' && o.status !== 'skipped');
  const passed = mine.filter((o) => o.status === 'passed').length;
  const skipped = mine.filter((o) => o.status === 'skipped').length;
  const known = [...new Set(mine.flatMap((o) => o.knownDifferences.map((d) => /^\[([^\]]+)\]/.exec(d)?.[1] ?? d)))];
  const counts = `${passed} passed, ${failed.length} failed, ${skipped} skipped${known.length > 0 ? `; known differences: ${known.join(', ')}` : ''}`;
  if (failed.length > 0) {
    const diffs = failed.map((o) => `${differenceOf(o.error)} ("${o.title}")`);
    return { area, kind: 'offered with differences', text: `${AREAS[area].title}: ${counts}. Differences: ${diffs.join('; ')}` };
  }
  return { area, kind: 'offered and right', text: `${AREAS[area].title}: ${counts}${mine.length === 0 ? ' (none of its tests ran in this run)' : ''}` };
}

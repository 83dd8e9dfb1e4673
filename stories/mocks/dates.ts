import { defaultRange, type DateRange } from '../../src/stores/analytics/range';

/** The last `days` days ending today in the browser's calendar (the stories' mocks use it, as the analytics stores ask). */
export function lastDays(days: number): DateRange {
  return defaultRange(new Date(), days);
}

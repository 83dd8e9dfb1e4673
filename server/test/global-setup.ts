/**
 * Vitest's global setup for the unit projects: one migrated, seeded database template for the whole
 * run (test/db-template.ts), removed when the run ends.
 */
import { makeRunTemplate } from './db-template';

export default async function setup(): Promise<() => Promise<void>> {
  return makeRunTemplate();
}

/**
 * The e2e run's global setup: one migrated, seeded database template for every worker's servers
 * (server/test/db-template.ts; TEST_DB_TEMPLATE reaches the workers), removed when the run ends.
 */
import { makeRunTemplate } from '../server/test/db-template';

export default async function globalSetup(): Promise<() => Promise<void>> {
  return makeRunTemplate();
}

/**
 * The compiled server for a production start: `server/main.ts` and everything it imports
 * from this repository (server/, contracts/) bundled into one ES module, `build/server/main.mjs`;
 * packages stay imports, so `npm ci --omit=dev` supplies them at run time and no TypeScript runs
 * in production. Files the server reads beside its modules are copied next to the bundle:
 * the migrations (server/db/migrate.ts), the GraphQL schema (server/gateway/gateway.ts) and the
 * embedded database's worker thread (server/db/pglite-thread-worker.mjs, plain JavaScript). The
 * bundle sits two levels under the root so `../../package.json` (the OpenAPI version) still resolves.
 *
 *   npx tsx scripts/build-server.ts        # part of `npm run build`
 *   node build/server/main.mjs             # the production start (see docs/server.md)
 */
import { cp, mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const OUT = join(ROOT, 'build', 'server');

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
await build({
  entryPoints: [join(ROOT, 'server', 'main.ts')],
  outfile: join(OUT, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp(join(ROOT, 'server', 'db', 'migrations'), join(OUT, 'migrations'), { recursive: true });
await cp(join(ROOT, 'server', 'gateway', 'schema.graphql'), join(OUT, 'schema.graphql'));
// The embedded database's worker thread is started from its file (server/db/pglite-thread.ts).
await cp(join(ROOT, 'server', 'db', 'pglite-thread-worker.mjs'), join(OUT, 'pglite-thread-worker.mjs'));
process.stdout.write(`server bundle: ${join('build', 'server', 'main.mjs')}\n`);

/**
 * Builds the SDK: dist/track.js (ES module), dist/track.global.js (a script defining
 * window.ConsoleTrack), dist/server.js (Node helper), the .d.ts files; then copies the browser files
 * into the console's build (<repo>/dist/sdk/), which the reference server serves as /sdk/*.
 * Run by `npm run build` (after vite, which empties dist/) and by `npm pack` here (prepack).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'dist');
const consoleSdk = join(here, '..', '..', 'dist', 'sdk');

export async function buildSdk(options: { types?: boolean; copy?: boolean } = {}): Promise<{ gzip: number; bytes: number }> {
  rmSync(out, { recursive: true, force: true });
  const common = { bundle: true, minify: true, target: 'es2019', legalComments: 'none' as const, logLevel: 'warning' as const };
  await build({ ...common, entryPoints: [join(here, 'src/index.ts')], format: 'esm', platform: 'browser', outfile: join(out, 'track.js') });
  await build({ ...common, entryPoints: [join(here, 'src/index.ts')], format: 'iife', globalName: 'ConsoleTrack', platform: 'browser', outfile: join(out, 'track.global.js') });
  await build({ ...common, minify: false, entryPoints: [join(here, 'src/server.ts')], format: 'esm', platform: 'node', target: 'node18', outfile: join(out, 'server.js') });
  if (options.types !== false) {
    const tsc = join(here, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
    execFileSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.json')], { stdio: 'inherit' });
  }
  if (options.copy !== false) {
    mkdirSync(consoleSdk, { recursive: true });
    for (const f of ['track.js', 'track.global.js']) copyFileSync(join(out, f), join(consoleSdk, f));
    if (options.types !== false) {
      cpSync(join(out, 'types'), join(consoleSdk, 'types'), { recursive: true });
      writeFileSync(join(consoleSdk, 'track.d.ts'), "export * from './types/index';\n");
    }
  }
  const global = readFileSync(join(out, 'track.global.js'));
  return { bytes: global.length, gzip: gzipSync(global, { level: 9 }).length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const size = await buildSdk({ copy: !process.argv.includes('--no-copy') });
  process.stdout.write(`sdk: dist/track.global.js ${size.bytes} bytes, ${size.gzip} bytes gzip\n`);
}

import { ConfigError, loadConfig } from './config';
import { buildServer } from './app';
import { issueToken } from './auth/tokens';
import { playSampleEvents } from './seed/simulator';
import { setupSampleGame } from './samples/h5-game';

/** Entry point: `node build/server/main.mjs` after `npm run build` (or `tsx server/main.ts`; env: see docs/server.md). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`config error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const server = await buildServer(config);
  const url = await server.listen();
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/db (${config.pgliteThread === false ? 'main thread, PGLITE_THREAD=off' : 'own thread'})`;
  process.stdout.write(`reference server on ${url} — storage: ${storage}\n`);
  // A fresh database gets its sample events the way games send them: the simulator, through this server's API.
  if (server.fresh && config.sampleEvents) {
    await playSampleEvents(server.ctx.db, url, (id) => issueToken('access', id, server.ctx.jwtSecret).token, (line) => process.stdout.write(`${line}\n`)).catch((err: unknown) =>
      process.stderr.write(`sample events not simulated: ${err instanceof Error ? err.message : String(err)}\n`),
    );
    // The sample H5 game that uses the tracking SDK, in the catalogue with its tracking app.
    await setupSampleGame(server.ctx.db, url, issueToken('access', 1, server.ctx.jwtSecret).token).then(
      (made) => made && process.stdout.write(`sample H5 game: /samples/h5-game/ (game ${made.game}, tracking app ${made.app})\n`),
      (err: unknown) => process.stderr.write(`sample H5 game not set up: ${err instanceof Error ? err.message : String(err)}\n`),
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: shutting down\n`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`server failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

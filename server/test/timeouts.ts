/** Starting a server (PGlite, migrations, seed) on a busy 2-core machine can take a while. */
export const SERVER_TIMEOUT_MS = 60_000;

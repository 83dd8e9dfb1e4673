import type { FastifyBaseLogger } from 'fastify';

/** Where unexpected errors go: the Fastify logger when LOG_LEVEL is set, else one line on stderr. */
export type ErrorReporter = (err: unknown, context: string) => void;

export function errorReporter(logger: FastifyBaseLogger, loggingOn: boolean): ErrorReporter {
  if (loggingOn) return (err, context) => logger.error({ err }, context);
  return (err, context) => {
    const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
    process.stderr.write(`[server] ${context}: ${detail}\n`);
  };
}

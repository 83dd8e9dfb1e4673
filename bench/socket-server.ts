/**
 * A reference server in its own process for the socket bench (spawned by bench/sockets.ts with
 * --expose-gc and an IPC channel): in-memory data, captcha off. On the message 'memory' it collects
 * garbage and answers with process.memoryUsage(), so memory per socket is measured without the
 * noise of garbage not yet collected.
 */
import { fileURLToPath } from 'node:url';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', CAPTCHA: 'off', LOG_LEVEL: 'off' }, root);
config.dataDir = null;
config.consoleDir = null;
const server = await buildServer(config);
const baseUrl = await server.listen();
const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', (msg: unknown) => {
  if (msg === 'memory') {
    gc?.();
    gc?.();
    process.send?.({ memory: process.memoryUsage(), gc: gc !== undefined });
  } else if (msg === 'stop') {
    void server.close().finally(() => process.exit(0));
  }
});
process.send?.({ baseUrl });

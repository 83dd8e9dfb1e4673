import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SampledRequestLog, requestLog } from './request-log';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

/** A Fastify app logging to memory through the controller, with a fast, a slow and a failing route. */
async function appWith(controller: SampledRequestLog, level = 'info') {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString('utf8').split('\n')) if (l.trim() !== '') lines.push(JSON.parse(l) as Line);
      cb();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: controller });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 250));
    return { ok: true };
  });
  app.get('/boom', async (_req, reply) => reply.code(503).send({ down: true }));
  await app.ready();
  return { app, lines };
}

describe('request log: errors, slow answers and a sample', () => {
  it('one fast answer in N is logged at info with its request id, method, URL and status; the others not at all', async () => {
    const { app, lines } = await appWith(new SampledRequestLog({ sampleEvery: 10, slowMs: 10_000 }));
    for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: `/fast?i=${i}` });
    await app.close();
    const logged = lines.filter((l) => l.req?.url.startsWith('/fast'));
    expect(logged).toHaveLength(5);
    for (const l of logged) {
      expect(l.level).toBe(30);
      expect(l.msg).toBe('request completed');
      expect(l.reqId).toEqual(expect.any(String));
      expect(l.req?.method).toBe('GET');
      expect(l.res?.statusCode).toBe(200);
    }
    // No "incoming request" line any more: one line per logged answer.
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });

  it('every 5xx is logged at error and every slow answer at warn, whatever the sample', async () => {
    const { app, lines } = await appWith(new SampledRequestLog({ sampleEvery: 1_000_000, slowMs: 200 }));
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/boom' });
    await app.inject({ method: 'GET', url: '/slow' });
    await app.close();
    expect(lines.filter((l) => l.req?.url === '/boom').map((l) => [l.level, l.msg, l.res?.statusCode])).toEqual(Array(3).fill([50, 'request failed', 503]));
    expect(lines.filter((l) => l.req?.url === '/slow').map((l) => [l.level, l.msg])).toEqual([[40, 'slow request']]);
  });

  it('at LOG_LEVEL=debug every answer is logged; at warn the sample is not', async () => {
    const debug = await appWith(requestLog('debug'), 'debug');
    for (let i = 0; i < 7; i++) await debug.app.inject({ method: 'GET', url: '/fast' });
    await debug.app.close();
    expect(debug.lines.filter((l) => l.req?.url === '/fast')).toHaveLength(7);
    const warn = await appWith(new SampledRequestLog({ sampleEvery: 1 }), 'warn');
    for (let i = 0; i < 7; i++) await warn.app.inject({ method: 'GET', url: '/fast' });
    await warn.app.inject({ method: 'GET', url: '/boom' });
    await warn.app.close();
    expect(warn.lines.filter((l) => l.req).map((l) => l.req?.url)).toEqual(['/boom']);
  });
});

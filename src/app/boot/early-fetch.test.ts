import { describe, expect, it } from 'vitest';
import { adoptEarlyResponses } from './early-fetch';

const BASE = 'https://console.example.test/login';
const API = 'https://api.example.test';

function network() {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return Promise.resolve(new Response('network'));
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const early = (body: string) => Promise.resolve(new Response(body));

describe('adoptEarlyResponses', () => {
  it('answers the same GET from the early call once; the next one goes to the network', async () => {
    const { calls, fetchImpl } = network();
    const f = adoptEarlyResponses(fetchImpl, { [`${API}/api/init/settings/`]: early('early') }, BASE);
    const first = await f(`${API}/api/init/settings/`, { method: 'GET', headers: { Accept: 'application/json' } });
    expect(await first.text()).toBe('early');
    expect(calls).toEqual([]);
    const second = await f(`${API}/api/init/settings/`, { headers: { Accept: 'application/json' } });
    expect(await second.text()).toBe('network');
    expect(calls).toHaveLength(1);
  });

  it('matches relative addresses by their absolute URL (API_URL empty: same origin)', async () => {
    const { fetchImpl } = network();
    const f = adoptEarlyResponses(fetchImpl, { 'https://console.example.test/api/captcha/': early('captcha') }, BASE);
    expect(await (await f('/api/captcha/')).text()).toBe('captcha');
  });

  it('never answers another method, a body, or a signed request from an early call', async () => {
    const { calls, fetchImpl } = network();
    const url = `${API}/api/init/settings/`;
    const f = adoptEarlyResponses(fetchImpl, { [url]: early('early') }, BASE);
    await f(url, { method: 'POST', body: '{}' });
    await f(url, { headers: { Authorization: 'JWT abc' } });
    await f(`${url}?x=1`);
    expect(calls.map((c) => c.url)).toEqual([url, url, `${url}?x=1`]);
    expect(await (await f(url)).text(), 'still there for the plain GET').toBe('early');
  });

  it('an early call that failed is asked again', async () => {
    const { calls, fetchImpl } = network();
    const url = `${API}/api/captcha/status/`;
    const failed = Promise.reject(new TypeError('network down'));
    failed.catch(() => undefined);
    const f = adoptEarlyResponses(fetchImpl, { [url]: failed }, BASE);
    expect(await (await f(url)).text()).toBe('network');
    expect(calls).toHaveLength(1);
  });

  it("the caller's abort (its timeout) rejects an early answer still on its way", async () => {
    const { fetchImpl } = network();
    const url = `${API}/api/captcha/`;
    const f = adoptEarlyResponses(fetchImpl, { [url]: new Promise<Response>(() => undefined) }, BASE);
    const controller = new AbortController();
    const pending = f(url, { signal: controller.signal });
    controller.abort(new DOMException('timed out', 'AbortError'));
    await expect(pending).rejects.toThrow('timed out');
  });

  it('without early calls it is the plain fetch', () => {
    const { fetchImpl } = network();
    expect(adoptEarlyResponses(fetchImpl, undefined, BASE)).toBe(fetchImpl);
    expect(adoptEarlyResponses(fetchImpl, {}, BASE)).toBe(fetchImpl);
  });
});

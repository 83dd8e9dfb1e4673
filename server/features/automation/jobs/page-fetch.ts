import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Loads a page for the page checks as a hostile URL deserves: http and https only, no
 * credentials in the address, no loopback, private, link-local or other reserved address — checked on
 * the literal address, and again on every address the name resolves to at connection time (the
 * socket connects to the address that was checked, so a name that changes its answer between the
 * check and the fetch gains nothing). Redirects are followed by hand (at most 3), each target checked
 * the same way. A time limit and a size limit on the body. Written on node:http rather than fetch
 * because fetch cannot pin the connection to the checked address.
 */

export interface FetchPolicy {
  /** `host:port` pairs allowed although not public (config PAGE_CHECK_ALLOW_HOSTS). */
  allowHosts: ReadonlySet<string>;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_POLICY: Omit<FetchPolicy, 'allowHosts'> = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };

/** A page could not be loaded; the message is for staff (Chinese, as the server's other messages). */
export class PageFetchError extends Error {}

export interface FetchedPage {
  /** The address finally loaded (after redirects). */
  url: string;
  status: number;
  body: string;
  ms: number;
}

/** A public unicast address (IPv4-mapped IPv6 judged as the IPv4 address it carries). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

function hostPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/** Why this address may not be loaded, from the address alone (no DNS), or null. */
export function urlRefusal(raw: string, allowHosts: ReadonlySet<string> = new Set()): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `页面地址格式不正确：${raw.slice(0, 200)}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `只能检查 http 或 https 页面，不能检查 ${url.protocol} 地址。`;
  if (url.username !== '' || url.password !== '') return '页面地址不能包含用户名或密码。';
  if (allowHosts.has(hostPort(url))) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return `不能检查本机地址（${host}）。`;
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return `不能检查内网、本机或保留地址（${host}）。`;
  return null;
}

/** dns.lookup that refuses names resolving to a non-public address (the socket then connects to the checked one). */
export function guardedLookup(allowed: boolean): LookupFunction {
  return ((hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const bad = allowed ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(Object.assign(new PageFetchError(`不能检查内网、本机或保留地址（${hostname} → ${bad.address}）。`), { code: 'EPRIVATE' }), '', 0);
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} 没有地址`), { code: 'ENOTFOUND' }), '', 0);
      if (options.all) return callback(null, list);
      const first = list[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}

function charsetOf(contentType: string | undefined): string {
  const m = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '');
  const label = m?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return 'utf-8';
  }
}

function requestOnce(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<{ status: number; location: string | null; body: string }> {
  const allowed = policy.allowHosts.has(hostPort(url));
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(
      url,
      { lookup: guardedLookup(allowed), signal, headers: { 'user-agent': 'game-console-page-check/1', accept: 'text/html,application/xhtml+xml' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location, body: '' });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            req.destroy(new PageFetchError(`页面超过 ${Math.round(policy.maxBytes / 1024 / 1024)} MiB，未检查。`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, location: null, body: new TextDecoder(charsetOf(res.headers['content-type'])).decode(Buffer.concat(chunks)) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

function explain(err: unknown, url: string, timeoutMs: number, timedOut: boolean): PageFetchError {
  if (err instanceof PageFetchError) return err;
  if (timedOut) return new PageFetchError(`页面 ${url} 在 ${timeoutMs / 1000} 秒内没有响应。`);
  const code = (err as { code?: string }).code;
  if (code === 'EPRIVATE') return new PageFetchError((err as Error).message);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new PageFetchError(`无法解析域名（${new URL(url).hostname}）。`);
  if (code === 'ECONNREFUSED') return new PageFetchError(`连接被拒绝：${url}`);
  return new PageFetchError(`无法加载页面 ${url}：${err instanceof Error ? err.message : String(err)}`);
}

/** Loads `raw` under the policy; resolves with any HTTP status (the caller judges it), rejects with PageFetchError. */
export async function fetchPage(raw: string, policy: FetchPolicy, signal?: AbortSignal): Promise<FetchedPage> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let current = raw;
  for (let hop = 0; ; hop += 1) {
    const refusal = urlRefusal(current, policy.allowHosts);
    if (refusal) throw new PageFetchError(refusal);
    let answer: Awaited<ReturnType<typeof requestOnce>>;
    try {
      answer = await requestOnce(new URL(current), policy, combined);
    } catch (err) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      throw explain(err, current, policy.timeoutMs, timeout.aborted);
    }
    if (answer.location === null) return { url: current, status: answer.status, body: answer.body, ms: Math.round(performance.now() - started) };
    if (hop >= policy.maxRedirects) throw new PageFetchError(`重定向超过 ${policy.maxRedirects} 次：${raw}`);
    current = new URL(answer.location, current).toString();
  }
}

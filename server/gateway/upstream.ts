import { GraphQLError } from 'graphql';

/** What the gateway knows about one caller: the upstream base URL and the caller's Authorization header. */
export interface UpstreamCall {
  baseUrl: string;
  authorization?: string;
  userAgent?: string;
  /** Extra headers for every upstream call (the mounted gateway's client address, see http/client-ip.ts). */
  headers?: Record<string, string>;
}

type Envelope = { code: number; msg: unknown; data: unknown };

function messageOf(msg: unknown): string {
  if (typeof msg === 'string') return msg;
  if (msg && typeof msg === 'object' && 'detail' in msg && typeof msg.detail === 'string') return msg.detail;
  return JSON.stringify(msg);
}

/** The envelope's `msg` object for token errors carries its own code (token_not_valid, user_not_found). */
function reasonOf(msg: unknown): string | undefined {
  if (msg && typeof msg === 'object' && 'code' in msg && typeof msg.code === 'string') return msg.code;
  return undefined;
}

/**
 * Calls one REST route of the upstream and returns `data` of a 2000 envelope. Any other
 * envelope becomes a GraphQLError whose extensions keep the envelope's code (and HTTP status),
 * so a GraphQL client can apply the same error table as the REST client.
 */
export async function callUpstream<T>(
  call: UpstreamCall,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: Record<string, unknown> | unknown[],
  query?: Record<string, string> | URLSearchParams,
): Promise<T> {
  const url = new URL(path, call.baseUrl.endsWith('/') ? call.baseUrl : `${call.baseUrl}/`);
  for (const [k, v] of query instanceof URLSearchParams ? query : Object.entries(query ?? {})) url.searchParams.append(k, v);
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': call.userAgent ?? 'console-graphql-gateway' };
  if (call.headers) Object.assign(headers, call.headers);
  if (call.authorization) headers.authorization = call.authorization;
  if (body) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(60_000) });
  } catch (err) {
    throw new GraphQLError('上游服务不可用', { extensions: { kind: 'network', code: 503, httpStatus: 503, cause: String(err) } });
  }
  let envelope: Envelope;
  try {
    envelope = (await res.json()) as Envelope;
  } catch {
    throw new GraphQLError(`上游返回了非 JSON 响应 (HTTP ${res.status})`, { extensions: { kind: 'http', code: res.status, httpStatus: res.status } });
  }
  if (typeof envelope?.code !== 'number') {
    throw new GraphQLError(`上游返回了无效的信封 (HTTP ${res.status})`, { extensions: { kind: 'http', code: res.status, httpStatus: res.status } });
  }
  if (envelope.code !== 2000) {
    throw new GraphQLError(messageOf(envelope.msg), {
      extensions: { kind: 'envelope', code: envelope.code, httpStatus: res.status, reason: reasonOf(envelope.msg), msg: envelope.msg },
    });
  }
  return envelope.data as T;
}

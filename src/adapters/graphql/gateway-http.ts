import { HttpClient, type HttpClientOptions, type RequestOptions } from '../rest/http';
import { encodeParams } from '../rest/params';
import { RestDocument, RestWriteDocument } from './generated/graphql';
import type { GraphqlTransport } from './transport';

/**
 * The HTTP client of the GraphQL adapter: the spec's rules (HttpClient.perform) around each call, with
 * every JSON call of the generic resources carried by the gateway's `rest` query (reads) or
 * `restWrite` mutation (writes) — the REST path and query string travel as they are, so resource
 * code written for REST (rest/resources.ts) runs unchanged on top. File transfers (upload, export,
 * import) are not JSON and keep their own REST exchanges on the same server.
 */
export class GatewayHttpClient extends HttpClient {
  constructor(
    options: HttpClientOptions,
    private readonly transport: GraphqlTransport,
  ) {
    super(options);
  }

  override request<T = unknown>(options: RequestOptions): Promise<T> {
    const query = encodeParams(options.params);
    const path = options.path.replace(/^\/+/, '') + (query ? `?${query}` : '');
    const method = options.method ?? 'GET';
    return this.perform<T>(options, (token, signal) =>
      method === 'GET'
        ? this.transport.exchange(RestDocument, { path }, 'rest', token, signal)
        : this.transport.exchange(RestWriteDocument, { method, path, body: options.body ?? null }, 'restWrite', token, signal),
    );
  }
}

import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { ClientError, GraphQLClient, type RequestOptions } from 'graphql-request';
import { isRecord } from '../../../contracts/json';
import type { AuthHeader, Reply } from '../rest/http';
import { apiUrl } from '../rest/urls';

/**
 * One GraphQL round trip turned into the same `Reply` the REST client reads, so the spec's rules
 * (../rest/codes.ts through HttpClient.perform) apply unchanged. The gateway puts the envelope's code
 * in `extensions.code`, the upstream HTTP status in `extensions.httpStatus`, the envelope's `msg` in
 * `extensions.msg`, and how the upstream call ended in `extensions.kind`.
 */

/** Where the gateway listens, relative to the configured server URL. */
export const GRAPHQL_PATH = '/graphql';

type Json = Record<string, unknown>;

export class GraphqlTransport {
  private readonly client: GraphQLClient;

  constructor(serverUrl: string, fetchImpl?: typeof fetch) {
    const url = new URL(apiUrl(serverUrl, GRAPHQL_PATH), globalThis.location?.href ?? 'http://localhost/').toString();
    this.client = new GraphQLClient(url, {
      fetch: fetchImpl ?? ((input, init) => globalThis.fetch(input, init)),
      errorPolicy: 'none',
    });
  }

  /**
   * Runs one operation with the session headers HttpClient.perform hands over and reads `field` of
   * its data. Resolves with a Reply for every answer the gateway gave; throws only when nothing came
   * back (network failure or abort).
   */
  async exchange<R, V extends Json>(
    document: TypedDocumentNode<R, V>,
    variables: V,
    field: keyof R & string,
    auth: AuthHeader,
    signal: AbortSignal,
  ): Promise<Reply> {
    const requestHeaders: Record<string, string> = { ...auth };
    try {
      // graphql-request types `variables` through a conditional type a generic V cannot satisfy.
      const options = { document, variables, requestHeaders, signal } as unknown as RequestOptions<V, R>;
      const data: unknown = await this.client.request<R, V>(options);
      const value = isRecord(data) ? data[field] : undefined;
      if (value === undefined) return { kind: 'format', status: 200 };
      return { kind: 'envelope', status: 200, code: 2000, msg: '', data: value };
    } catch (error) {
      if (error instanceof ClientError) return replyOfError(error);
      throw error;
    }
  }
}

/** A failed answer of the gateway in the REST client's terms. */
export function replyOfError(error: ClientError): Reply {
  const status = error.response.status;
  const first: unknown = error.response.errors?.[0];
  const extensions = isRecord(first) && isRecord(first.extensions) ? first.extensions : null;
  const message = isRecord(first) && typeof first.message === 'string' ? first.message : '';
  if (!extensions) return status >= 400 ? { kind: 'http', status } : { kind: 'format', status };
  const code = typeof extensions.code === 'number' ? extensions.code : null;
  const httpStatus = typeof extensions.httpStatus === 'number' ? extensions.httpStatus : status;
  switch (extensions.kind) {
    case 'envelope':
      return code === null ? { kind: 'format', status } : { kind: 'envelope', status: httpStatus, code, msg: extensions.msg ?? message, data: null };
    case 'http':
    case 'network':
      return { kind: 'http', status: httpStatus };
    case 'request':
      return { kind: 'envelope', status, code: code ?? 400, msg: message, data: null };
    default:
      // A document the gateway's schema refused (validation) or an unreadable upstream answer.
      return { kind: 'format', status };
  }
}


import type { ListFilter, ListQuery, ResourcePage } from '../api';
import type { HttpClient, RequestOptions } from '../rest/http';
import { RestResources, resourcePath, toResourcePage, type ResourceTransportOptions } from '../rest/resources';
import { ResourceListDocument, RestDocument, RestWriteDocument, type ListFilterInput, type ListQueryInput } from './generated/graphql';
import type { GraphqlTransport } from './transport';

/**
 * The generic resources over the gateway: lists through the typed `resourceList` field (the gateway
 * writes the upstream's query parameters), other JSON calls through `rest(path)` (reads) and
 * `restWrite(method, path, body)` (writes), each under HttpClient.perform like every call. File
 * transfers (upload, export, import template, import) are not JSON: they stay REST, inherited.
 */
export class GraphqlResources extends RestResources {
  constructor(
    http: HttpClient,
    private readonly transport: GraphqlTransport,
    options: ResourceTransportOptions,
  ) {
    super(http, options);
  }

  override request<T = unknown>(options: RequestOptions): Promise<T> {
    if (options.params) throw new TypeError(`GraphqlResources: ${options.path} carries query parameters; lists take a ListQuery`);
    const path = options.path.replace(/^\/+/, '');
    const method = options.method ?? 'GET';
    return this.http.perform<T>(options, (auth, signal) =>
      method === 'GET'
        ? this.transport.exchange(RestDocument, { path }, 'rest', auth, signal)
        : this.transport.exchange(RestWriteDocument, { method, path, body: options.body ?? null }, 'restWrite', auth, signal),
    );
  }

  override async list(resource: string, query: ListQuery = {}): Promise<ResourcePage> {
    const request: RequestOptions = { path: resourcePath(resource) };
    const variables = { resource: request.path.replace(/^\/+/, ''), query: listQueryInput(query) };
    const data = await this.http.perform<unknown>(request, (auth, signal) => this.transport.exchange(ResourceListDocument, variables, 'resourceList', auth, signal));
    const page = toResourcePage(data, query);
    if (!page) throw this.http.malformed(request);
    return page;
  }
}

/** A ListQuery as the gateway's typed argument. */
export function listQueryInput(query: ListQuery): ListQueryInput {
  const input: ListQueryInput = {};
  if (query.page !== undefined) input.page = query.page;
  if (query.limit !== undefined) input.limit = query.limit;
  if (query.ordering) input.ordering = { field: query.ordering.field, direction: query.ordering.direction === 'desc' ? 'DESC' : 'ASC' };
  if (query.search) input.search = query.search;
  if (query.filters && query.filters.length > 0) input.filters = query.filters.map(filterInput);
  if (query.ids && query.ids.length > 0) input.ids = [...query.ids];
  return input;
}

function filterInput(filter: ListFilter): ListFilterInput {
  switch (filter.op) {
    case 'equals':
      return { field: filter.field, op: 'EQUALS', value: filter.value };
    case 'contains':
      return { field: filter.field, op: 'CONTAINS', value: filter.value };
    case 'in':
      return { field: filter.field, op: 'IN', values: [...filter.values] };
    case 'range':
      return { field: filter.field, op: 'RANGE', ...(filter.from ? { from: filter.from } : {}), ...(filter.to ? { to: filter.to } : {}) };
    case 'isNull':
      return { field: filter.field, op: 'IS_NULL', value: filter.value };
  }
}

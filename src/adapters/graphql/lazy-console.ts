import type { ConsoleApi } from '../api';
import type { GraphqlApiOptions } from './graphql-api';

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * The GraphQL ConsoleApi, loaded on its first call: graphql-request and the documents stay out of
 * the bundle unless the console is configured for the gateway (CONSOLE_ADAPTER=graphql). Every
 * ConsoleApi method and every feature port's method returns a promise, so each one simply waits for
 * the module: `api.settings()` calls the core call, `api.tracking.funnel(q)` the port's method. Built
 * after sign-in (compose.ts); the login page has its own, smaller one (lazy.ts).
 */
export function lazyGraphqlConsoleApi(options: GraphqlApiOptions): ConsoleApi {
  let loaded: Promise<ConsoleApi> | null = null;
  const load = () => (loaded ??= import('./graphql-api').then((module) => module.createGraphqlConsoleApi(options)));
  /** A member of the loaded api: called, it is a core call; a property read off it is a port's method. */
  const member = (property: string) =>
    new Proxy((() => undefined) as unknown as Call, {
      apply: (_target, _this, args: unknown[]) => load().then((api) => invoke(api, [property], args)),
      get(_target, method) {
        if (typeof method !== 'string' || method === 'then') return undefined;
        return (...args: unknown[]) => load().then((api) => invoke(Reflect.get(api, property), [property, method], args));
      },
    });
  const proxy = new Proxy(
    {},
    {
      get(_target, property) {
        if (typeof property !== 'string' || property === 'then') return undefined;
        return member(property);
      },
    },
  );
  return proxy as ConsoleApi;
}

/** Calls the last name of `path` on its owner (the api for a core call, the port for a port's method). */
function invoke(owner: unknown, path: string[], args: unknown[]): Promise<unknown> {
  const name = path[path.length - 1] ?? '';
  const method: unknown = typeof owner === 'object' && owner !== null ? Reflect.get(owner, name) : undefined;
  if (typeof method !== 'function') throw new TypeError(`ConsoleApi has no method ${path.join('.')}`);
  return (method as Call).apply(owner, args);
}

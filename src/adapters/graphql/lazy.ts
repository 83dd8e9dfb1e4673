import type { ConsoleApi, LoginApi } from '../api';
import type { GraphqlApiOptions } from './graphql-api';

/**
 * The login page's calls over the GraphQL adapter, loaded on the first call: graphql-request and the
 * documents stay out of the login page's bundle unless the console is configured for the gateway
 * (CONSOLE_ADAPTER=graphql). Every login call returns a promise, so each one simply waits for the
 * module. The signed-in console's counterpart, with the feature ports, is lazy-console.ts.
 */
export function lazyGraphqlLoginApi(options: GraphqlApiOptions): LoginApi {
  let loaded: Promise<ConsoleApi> | null = null;
  const load = () => (loaded ??= import('./graphql-api').then((module) => module.createGraphqlConsoleApi(options)));
  const proxy = new Proxy(
    {},
    {
      get(_target, property) {
        if (typeof property !== 'string' || property === 'then') return undefined;
        return (...args: unknown[]) =>
          load().then((api) => {
            const method: unknown = Reflect.get(api, property);
            if (typeof method !== 'function') throw new TypeError(`ConsoleApi has no method ${property}`);
            return (method as (...a: unknown[]) => Promise<unknown>).apply(api, args);
          });
      },
    },
  );
  return proxy as LoginApi;
}

export { createGraphqlConsoleApi, GraphqlConsoleApi, type GraphqlApiOptions, type GraphqlMethod } from './graphql-api';
export { GRAPHQL_PATH } from './transport';

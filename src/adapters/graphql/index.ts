export { createGraphqlConsoleApi, GraphqlConsoleApi, type GraphqlApiOptions } from './graphql-api';
export { GRAPHQL_PATH } from './transport';

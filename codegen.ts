import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for the console's GraphQL adapter, generated from the gateway's schema
 * (server/gateway/schema.graphql) and the operations the console sends. Runs offline.
 */
const config: CodegenConfig = {
  schema: 'server/gateway/schema.graphql',
  documents: ['src/adapters/graphql/**/*.graphql'],
  ignoreNoDocuments: false,
  generates: {
    'src/adapters/graphql/generated/': {
      preset: 'client',
      config: {
        scalars: { JSON: 'unknown', FilterValue: 'string | number | boolean' },
        useTypeImports: true,
        enumsAsTypes: true,
      },
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;

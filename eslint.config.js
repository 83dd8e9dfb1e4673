import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Layers (docs/architecture.md): imports point one way, pages/app → components → stores → adapters →
 * contracts, in the shell and inside each feature (src/features/<area>/{pages,components,stores,adapters}). The rules that need the module graph (cycles, layers, console and server apart) are in
 * .dependency-cruiser.cjs; the per-file ones are here.
 */

/** Packages that put React (or a router, or UI widgets) into a module. */
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*', 'mobx-react-lite', 'react-i18next', 'primereact', 'primereact/*', 'wouter', 'wouter/*', '@testing-library/*', 'storybook', 'storybook/*'];
const NO_REACT = { group: REACT, message: 'stores and adapters hold no React: UI code lives in components, app, pages and plugins.' };

/** Django query parameters are the REST adapter's own: everyone else speaks the ListQuery of adapters/api.ts. */
const REST_PARAMS = { group: ['**/rest/params', '**/rest/params.ts'], message: 'only the REST adapter writes query parameters; speak ListQuery (adapters/api.ts).' };

/** wouter's useSearch() decodes the query (q=a%20b → q=a b); the console keeps it as the address has it. */
const RAW_SEARCH = { name: 'wouter', importNames: ['useSearch'], message: 'use useRawSearch() (components/useRawSearch.ts): it keeps the percent-encoding.' };

export default tseslint.config(
  { ignores: ['dist', 'sdk/*/dist', 'build', 'storybook-static', 'node_modules', 'playwright-report', 'test-results', 'contracts/report', 'e2e/artifacts', 'src/adapters/graphql/generated', 'public/mockServiceWorker.js', '.data', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/pages/**', 'src/app/**', 'src/components/**', 'src/plugins/**', 'src/features/*/pages/**', 'src/features/*/components/**', 'src/features/*/stories/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='root'][property.name='api']", message: 'UI reads stores: the RootStore does not expose the adapter.' }],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/adapters/rest/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [REST_PARAMS], paths: [RAW_SEARCH] }] },
  },
  {
    files: ['src/stores/**', 'src/adapters/**', 'src/features/*/stores/**', 'src/features/*/adapters/**'],
    ignores: ['src/adapters/rest/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_REACT, REST_PARAMS] }] },
  },
  {
    files: ['src/adapters/rest/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_REACT] }] },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * Layers (docs/architecture.md): imports point one way, pages/app → components → stores → adapters →
 * contracts. UI code (pages, app, components, plugins) reads stores and never reaches an adapter;
 * stores and adapters hold no React; the console and the server never import each other.
 */
const UI = ['./src/pages', './src/app', './src/components', './src/plugins'];

const LAYER_ZONES = [
  { target: UI, from: './src/adapters', message: 'UI reads stores; only stores call adapters (types through src/stores/types.ts, the adapters are built in src/compose.ts).' },
  { target: './src/stores', from: UI, message: 'stores sit below components, app, pages and plugins.' },
  { target: './src/adapters', from: ['./src/stores', ...UI], message: 'adapters sit below stores and UI.' },
  { target: './src/components', from: ['./src/app', './src/pages'], message: 'components sit below app and pages.' },
  { target: ['./contracts/schemas', './contracts/json.ts'], from: ['./src', './server'], message: 'contracts are the bottom layer.' },
  { target: './server', from: ['./src', './stories'], message: 'the server never imports the console.' },
];

/** The console's code never imports the server (its tests may start the reference server: server/testing). */
const CONSOLE_NOT_SERVER = { target: './src', from: './server', message: 'the console never imports the server (only tests start it, through server/testing).' };

/** Packages that put React (or a router, or UI widgets) into a module. */
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*', 'mobx-react-lite', 'react-i18next', 'primereact', 'primereact/*', 'wouter', 'wouter/*', '@testing-library/*', 'storybook', 'storybook/*'];
const NO_REACT = { group: REACT, message: 'stores and adapters hold no React: UI code lives in components, app, pages and plugins.' };

/** Django query parameters are the REST adapter's own: everyone else speaks the ListQuery of adapters/api.ts. */
const REST_PARAMS = { group: ['**/rest/params', '**/rest/params.ts'], message: 'only the REST adapter writes query parameters; speak ListQuery (adapters/api.ts).' };

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'node_modules', 'playwright-report', 'test-results', 'contracts/report', 'e2e/artifacts', 'src/adapters/graphql/generated', 'public/mockServiceWorker.js', '.data', 'bench/results'] },
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
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contracts/**/*.ts', 'stories/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...LAYER_ZONES, CONSOLE_NOT_SERVER] }],
    },
  },
  {
    // Tests of the adapters run them against the real reference server.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }] },
  },
  {
    files: ['src/pages/**', 'src/app/**', 'src/components/**', 'src/plugins/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='root'][property.name='api']", message: 'UI reads stores: the RootStore does not expose the adapter.' }],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/adapters/rest/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [REST_PARAMS] }] },
  },
  {
    files: ['src/stores/**', 'src/adapters/**'],
    ignores: ['src/adapters/rest/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_REACT, REST_PARAMS] }] },
  },
  {
    files: ['src/adapters/rest/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_REACT] }] },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Layers (docs/architecture.md): imports only point downwards. */
const layer = (from, forbidden, message) => ({
  files: [from],
  rules: {
    'no-restricted-imports': ['error', { patterns: forbidden.map((group) => ({ group: [group], message })) }],
  },
});

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
  layer('src/adapters/**', ['**/stores/**', '**/components/**', '**/app/**', '**/pages/**'], 'adapters sit below stores, components, app and pages'),
  layer('src/stores/**', ['**/components/**', '**/app/**', '**/pages/**'], 'stores sit below components, app and pages'),
  layer('src/components/**', ['**/app/**', '**/pages/**'], 'components sit below app and pages'),
  layer('contracts/schemas/**', ['**/src/**', '**/server/**'], 'contracts are the bottom layer'),
);

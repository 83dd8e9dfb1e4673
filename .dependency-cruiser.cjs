/**
 * Import rules that need the whole module graph (docs/architecture.md): no cycles, and the layers of
 * the console (pages/app/plugins → components → stores → adapters → contracts) and the server kept
 * apart. Per-file rules (no React in stores and adapters, no `root.api` in UI, only the REST adapter
 * writes query parameters) stay in eslint.config.js. `npm run lint` runs both.
 *
 * Why dependency-cruiser rather than an ESLint import plugin: the maintained plugin that supports
 * ESLint 10 (eslint-plugin-import-x 4.18) depends on native resolver bindings that this registry
 * lacks for other platforms, which breaks `npm ci`; dependency-cruiser is plain JavaScript.
 */
const UI = '^src/(pages|app|components|plugins)/';
const TESTS = '\\.(test|spec|stories)\\.tsx?$';

const layer = (name, from, to, comment, pathNot) => ({
  name,
  comment,
  severity: 'error',
  from: pathNot ? { path: from, pathNot } : { path: from },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes the layers meaningless and the load order fragile (type-only imports and lazy import() do not count: they create no load-time cycle).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'type-import', 'dynamic-import'] } },
    },
    layer('ui-not-adapters', UI, '^src/adapters/', 'UI reads stores; only stores call adapters (types through src/stores/types.ts, the adapters are built in src/compose.ts).'),
    layer('stores-below-ui', '^src/stores/', UI, 'stores sit below components, app, pages and plugins.'),
    layer('adapters-below-stores', '^src/adapters/', `^src/stores/|${UI}`, 'adapters sit below stores and UI.'),
    layer('components-below-app', '^src/components/', '^src/(app|pages)/', 'components sit below app and pages.'),
    layer('contracts-bottom', '^contracts/(schemas/|json\\.ts)', '^(src|server)/', 'contracts are the bottom layer.'),
    layer('server-not-console', '^server/', '^(src|stories)/', 'the server never imports the console.'),
    layer('console-not-server', '^src/', '^server/', 'the console never imports the server (only tests start it, through server/testing).', TESTS),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|storybook-static|generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};

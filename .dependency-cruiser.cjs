/**
 * Import rules that need the whole module graph (docs/architecture.md): no cycles, the layers of the
 * console (pages/app/plugins → components → stores → adapters → contracts, in the shell and inside
 * each feature), features apart from each other, and the server's one-way road (routes → domain → db;
 * jobs call the domain). Per-file rules (no React in stores and adapters, no `root.api` in UI, only the
 * REST adapter writes query parameters) stay in eslint.config.js. `npm run lint` runs both.
 *
 * Why dependency-cruiser rather than an ESLint import plugin: the maintained plugin that supports
 * ESLint 10 (eslint-plugin-import-x 4.18) depends on native resolver bindings that this registry
 * lacks for other platforms, which breaks `npm ci`; dependency-cruiser is plain JavaScript.
 */
const FEATURE = '^src/features/[^/]+/';
const UI = `^src/(pages|app|components|plugins)/|${FEATURE}(pages|components|stories)/`;
const STORES = `^src/stores/|${FEATURE}stores/`;
const ADAPTERS = `^src/adapters/|${FEATURE}adapters/`;
const TESTS = '\\.(test|spec|stories)\\.tsx?$';
/** The composition points that may name every feature: the page registry, the root store, the port sum (api.ts), the ports' builder (ports.ts), the GraphQL adapter (its own message center), the composition root. */
const COMPOSITION = '^src/(pages/registry|stores/root|adapters/(api|ports|graphql/graphql-api)|compose)\\.ts$';

const SERVER_FEATURE = '^server/features/[^/]+/';
const ROUTES = `^server/routes/|${SERVER_FEATURE}routes/`;
const DOMAIN = `^server/domain/|${SERVER_FEATURE}(domain|resources)/`;
const JOBS = `^server/jobs/|${SERVER_FEATURE}jobs/`;

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
      comment: 'A cycle makes the layers meaningless and the load order fragile; type-only cycles count too (a lazy import() creates no load-time cycle).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'feature-not-feature',
      comment: 'A feature never imports another feature: what two features share lives in a named shared module (src/components, src/stores, src/adapters, src/i18n).',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    layer('shared-not-features', '^src/(components|stores|adapters|i18n|test)/', '^src/features/', 'shared modules serve features and never reach into one (only the composition points name them).', `${COMPOSITION}|${TESTS}`),
    layer('ui-not-adapters', UI, ADAPTERS, 'UI reads stores; only stores call adapters (types through the stores, the adapters are built in src/compose.ts).', TESTS),
    layer('stores-below-ui', STORES, UI, 'stores sit below components, app, pages and plugins.'),
    layer('adapters-below-stores', ADAPTERS, `${STORES}|${UI}`, 'adapters sit below stores and UI.'),
    layer('components-below-app', `^src/components/|${FEATURE}components/`, `^src/(app|pages)/|${FEATURE}pages/`, 'components sit below app and pages.'),
    layer('contracts-bottom', '^contracts/(schemas/|json\\.ts)', '^(src|server)/', 'contracts are the bottom layer.'),
    layer('server-not-console', '^server/', '^(src|stories)/', 'the server never imports the console.'),
    layer('console-not-server', '^src/', '^server/', 'the console never imports the server (only tests start it, through server/testing).', TESTS),
    {
      name: 'server-feature-not-feature',
      comment: 'A server feature never imports another: shared parts live in server/domain, server/http, server/db.',
      severity: 'error',
      from: { path: '^server/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^server/features/', pathNot: '^server/features/$1/' },
    },
    layer('jobs-not-routes', JOBS, ROUTES, 'jobs call the domain, never routes.', TESTS),
    layer('domain-not-routes', DOMAIN, `${ROUTES}|^server/http/`, 'the domain sits below routes and the HTTP kit.', TESTS),
    layer('db-bottom', '^server/db/', `${ROUTES}|${DOMAIN}|${JOBS}|^server/(http|ws|gateway)/`, 'the database layer sits below everything on the server.', TESTS),
    layer('shared-server-not-features', '^server/(domain|http|db|ws|jobs|auth)/', '^server/features/', 'shared server modules never reach into a feature (server/app.ts composes them).', TESTS),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|storybook-static|generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};

// @ts-check
import { tsImport } from 'tsx/esm/api';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** @type {typeof import('./shared/src/contract/apps')} The apps' list, read by tsx (the file imports nothing). */
const { APPS, APP_NAMES } = await tsImport('./shared/src/contract/apps.ts', import.meta.url);
/** The remotes, the portal's and the console's: each in `remotes/<name>/`, published as `@portal/<name>`. */
const REMOTES = APP_NAMES.filter((name) => APPS[name].kind === 'remote');

/** A relative import that climbs out of its workspace into another one. */
const escape = (names) => `(^|/)\\.\\./(\\.\\./)+(${names.join('|')})(/|$)`;

/** Imports flow one way: shared -> remotes -> host. A remote never imports another remote. */
const restrict = (files, patterns, paths = []) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths }] },
});

/** Apps take the router from @portal/shared (shared/src/router.tsx), so the page has one router and one history. */
const ONE_ROUTER = ['wouter', 'wouter/memory-location', 'wouter/use-browser-location'].map((name) => ({
  name,
  allowTypeImports: true,
  message:
    'Import router APIs from @portal/shared (Link, Navigate, useNavigate, Routes …; memoryHistory in tests): the page has one router, inside the shared singleton.',
}));
/** Apps take TanStack Query from @portal/shared: one copy of it, and one cache, per page. */
const ONE_QUERY_CLIENT = {
  name: '@tanstack/react-query',
  allowTypeImports: true,
  message:
    'Import useQuery, queryOptions and the query client from @portal/shared: the page has one TanStack Query and one cache, inside the shared singleton.',
};
/** Apps make a form's schema with the singleton's zod (formRules): their own would be a second copy. */
const ONE_ZOD = ['zod', 'zod/mini'].map((name) => ({
  name,
  allowTypeImports: true,
  message:
    "Make schemas with formRules from @portal/shared (the page's one zod, inside the singleton): importing zod bundles a second copy into the app. Types may come from zod.",
}));
/** Apps call the API through the contract's endpoint table, never by writing a path and a method. */
const TABLE_CALLS = {
  name: '@portal/shared',
  importNames: ['api', 'call', 'productPath'],
  message:
    'Call the API with calls.<name>() (download.<name>() for a file) from @portal/shared: the one endpoint table (shared/src/contract/endpoints.ts) holds every path and method.',
};
/** The table itself is the API's (and the types'): an app that imported it would bundle every call's schemas. */
const THE_TABLE = {
  name: '@portal/shared/contract/endpoints',
  allowTypeImports: true,
  message:
    'Call the API with calls.<name>() from @portal/shared (docs/decisions/059-one-endpoint-table.md): importing the table bundles every call of the portal and the console into the app. Its types may be imported.',
};
/**
 * Code running beside the shared singleton takes the contract's values from `@portal/shared`: importing
 * `@portal/shared/contract` by name bundles a second copy of it and of zod into the app (9 KB gzip).
 */
const CONTRACT_VALUES = {
  name: '@portal/shared/contract',
  allowTypeImports: true,
  message:
    "Import the contract's values from @portal/shared (the page's singleton): @portal/shared/contract by name bundles a second copy of the contract and zod. Types may come from either.",
};
const TESTS = ['**/*.test.{ts,tsx}', '**/testing.tsx', '**/testing/**'];

/**
 * The same boundaries for an app's code (plus one router, calls from the table and, for a remote, the
 * contract's values from the singleton) and for its tests (which may build routers). `standalone`:
 * folders built on their own, not beside the singleton (the widget's loader).
 */
const restrictApp = (files, patterns, { contract = false, standalone = [] } = {}) => [
  {
    ...restrict(files, patterns, [
      ...ONE_ROUTER,
      ONE_QUERY_CLIENT,
      ...ONE_ZOD,
      TABLE_CALLS,
      THE_TABLE,
      ...(contract ? [CONTRACT_VALUES] : []),
    ]),
    ignores: [...TESTS, ...standalone],
  },
  ...(standalone.length > 0
    ? [{ ...restrict(standalone, patterns, [...ONE_ROUTER, TABLE_CALLS, THE_TABLE]), ignores: TESTS }]
    : []),
  {
    ...restrict(
      files.flatMap((f) => TESTS.map((t) => `${f.replace(/\/\*\*$/, '')}/${t}`)),
      patterns,
    ),
  },
];

/** What the API may import from the other workspaces: the contract, the pure formatting and the texts. */
const API_PATTERNS = [
  {
    group: [
      '@portal/*',
      '!@portal/shared',
      '@portal/shared/*',
      '!@portal/shared/contract',
      '!@portal/shared/format',
      '!@portal/shared/texts',
    ],
    message: 'The API imports only the contract, the pure formatting and the texts from @portal/shared.',
  },
  {
    regex: escape(['remotes', 'host', 'shared']),
    message: 'The API imports only the contract, the pure formatting and the texts from @portal/shared.',
  },
];
const API_PATHS = [
  {
    name: '@portal/shared',
    message:
      'The API imports only @portal/shared/contract, @portal/shared/format and @portal/shared/texts (no React, no API client).',
  },
];
const NO_ROUTE_FILES = {
  group: ['**/routes/*', './routes/*'],
  message:
    'Only app.ts and server.ts register route files: a service or a job imports services and repositories, never a route file.',
};

const boundaries = [
  restrict(
    ['shared/src/**'],
    [
      {
        group: ['@portal/*', '!@portal/shared', '!@portal/shared/*'],
        message: '@portal/shared is the bottom layer: it imports no app.',
      },
      { regex: escape(['remotes', 'host', 'api']), message: '@portal/shared is the bottom layer: it imports no app.' },
    ],
  ),
  // The payment and passkey modules are bundled into each app that uses them, not shared as a singleton:
  // a relative import of the rest of shared would bundle a second store and API client into each app
  // (docs/decisions/004-payments-import-shared-by-name.md).
  restrict(
    ['shared/src/payments/**', 'shared/src/passkeys/**', 'shared/src/hosting/**'],
    [
      {
        group: ['../*', '../**'],
        message:
          'The payment, passkey and hosting modules import the rest of @portal/shared by package name (@portal/shared), never by path: a relative import bundles a second store and API client into each app.',
      },
    ],
    [CONTRACT_VALUES, ONE_QUERY_CLIENT],
  ),
  ...REMOTES.flatMap((remote) =>
    restrictApp(
      [`remotes/${remote}/src/**`],
      [
        {
          group: [
            ...REMOTES.filter((r) => r !== remote).flatMap((r) => [`@portal/${r}`, `@portal/${r}/*`]),
            '@portal/host',
            '@portal/host/*',
            '@portal/api',
            '@portal/api/*',
          ],
          message: 'A remote imports only @portal/shared and libraries: never another remote, the host or the API.',
        },
        {
          regex: escape(['remotes', 'host', 'api', 'shared', ...REMOTES.filter((r) => r !== remote)]),
          message: 'A remote imports other workspaces only by package name (@portal/shared).',
        },
      ],
      { contract: true, standalone: remote === 'catalogue' ? ['remotes/catalogue/src/widget/**'] : [] },
    ),
  ),
  ...restrictApp(
    ['host/src/**'],
    [
      {
        group: REMOTES.flatMap((r) => [`@portal/${r}`, `@portal/${r}/*`]),
        message:
          "The host types a remote by what it publishes: import type from '<remote>/<module>' (npm run remote-types), not from its sources.",
      },
      {
        group: REMOTES.map((r) => `${r}/*`),
        allowTypeImports: true,
        message: 'The host loads remotes at run time through Module Federation; import only their types.',
      },
      { group: ['@portal/api', '@portal/api/*'], message: 'The host talks to the API over HTTP only.' },
      {
        regex: escape(['remotes', 'api', 'shared']),
        message: 'The host imports other workspaces only by package name.',
      },
    ],
  ),
  // The support console's host (docs/decisions/032): like the portal's, it loads its remotes at run time.
  ...restrictApp(
    ['support-host/src/**'],
    [
      {
        group: [...REMOTES.flatMap((r) => [`@portal/${r}`, `@portal/${r}/*`]), '@portal/host', '@portal/host/*'],
        message:
          "The support console's host loads its remotes at run time through Module Federation and shares nothing with the portal's host but @portal/shared.",
      },
      { group: ['@portal/api', '@portal/api/*'], message: 'The host talks to the API over HTTP only.' },
      {
        regex: escape(['remotes', 'host', 'api', 'shared']),
        message: 'The host imports other workspaces only by package name.',
      },
    ],
  ),
  // The API's layers (docs/architecture.md): only app.ts and server.ts register the route files; a
  // route file never imports another; services and jobs never import a route file.
  {
    ...restrict(['api/src/**'], [...API_PATTERNS, NO_ROUTE_FILES], API_PATHS),
    ignores: ['api/src/routes/**', 'api/src/app.ts', 'api/src/server.ts'],
  },
  restrict(
    ['api/src/routes/**'],
    [
      ...API_PATTERNS,
      {
        group: ['./*'],
        message:
          'A route file never imports another route file: what two routes share is a service (the area folder) or a repository.',
      },
    ],
    API_PATHS,
  ),
  restrict(['api/src/app.ts', 'api/src/server.ts'], API_PATTERNS, API_PATHS),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'host/@mf-types/**',
      'test/artifacts/**',
      'coverage/**',
      '.data/**',
      '*.cjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['api/src/cli/**', 'test/**', 'api/test/**', '**/*.test.{ts,tsx}', 'webpack.config.ts'],
    rules: { 'no-console': 'off' },
  },
  ...boundaries,
);

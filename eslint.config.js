// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import globals from 'globals';

/** Every Node built-in module, bare and with the node: prefix. */
const nodeBuiltins = ['node:*', ...builtinModules.flatMap((name) => [name, `${name}/*`])];

/** Packages that only the server may load (databases, queues, the HTTP framework, exchange and compiler code). */
const serverPackages = [
  'pg',
  'pg-boss',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'hono',
  'hono/*',
  '@hono/*',
  'ccxt',
  'solc',
  'tsx',
  'oidc-provider',
  'pdfkit',
  'pdfkit/*',
];

/** The PWA's features (src/app/features/<name>/). */
const features = readdirSync(new URL('./src/app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The PWA's layers point down only: routes → features → components and lib → src/shared. A feature reaches another
 * only through that feature's public entry, its index.ts.
 */
const appLayerZones = [
  ...['./src/app/lib', './src/app/components'].flatMap((target) => [
    { target, from: './src/app/features', message: 'lib/ and components/ import no feature.' },
    { target, from: './src/app/routes', message: 'lib/ and components/ import no route.' },
  ]),
  { target: './src/app/features', from: './src/app/routes', message: 'Features import no route.' },
  ...features.map((feature) => ({
    target: `./src/app/features/${feature}`,
    from: './src/app/features/*/**',
    except: [`**/src/app/features/${feature}/**`, '**/src/app/features/*/index.ts'],
    message: "Another feature is reached only through its index.ts.",
  })),
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    // Resolves TypeScript sources, so the boundaries below see every import (without it an extension-less
    // import of a .ts file is unresolved and no zone applies).
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
      // The files import-x reads to follow imports further (import-x/no-cycle).
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
    },
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-duplicates': 'error',
      'import-x/no-cycle': 'off',
      // Boundaries: the server never reaches the client bundle; the client never reaches the server.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/app', from: './src/server', message: 'Server code must not reach the client bundle.' },
            { target: './sw', from: './src/server', message: 'Server code must not reach the service worker.' },
            { target: './src/shared', from: './src/server', message: 'src/shared stands alone.' },
            { target: './src/shared', from: './src/app', message: 'src/shared stands alone.' },
            { target: './src/server', from: './src/app', message: 'The server does not import the PWA.' },
            ...appLayerZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'src/shared must not use Node APIs.' },
            { group: serverPackages, message: 'src/shared must not load server-only packages.' },
            { group: ['react', 'react-dom', 'react/*'], message: 'src/shared has no UI.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'indexedDB', 'location', 'process', 'Buffer', '__dirname', '__filename', 'require', 'global'].map((name) => ({
          name,
          message: 'src/shared must not use DOM or Node globals.',
        })),
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'The PWA runs in the browser.' },
            { group: serverPackages, message: 'Server-only packages must not reach the client bundle.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'src/scripts/**/*.{ts,mjs}', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Rules that read types: a promise is awaited, returned, or marked `void` on purpose; never passed where nothing
  // waits for it (event handlers in JSX attributes excepted: React ignores their result).
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
);

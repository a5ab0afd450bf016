import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { clientContract } from './src/scripts/client-contract-plugin';
import { cssClassNames } from './src/scripts/css-class-names';
import { precompress } from './src/scripts/precompress-plugin';
import { pureSchemas } from './src/scripts/pure-schemas-plugin';
import { inlineEntryCss } from './src/scripts/inline-css-plugin';
import { minifyHtml } from './src/scripts/minify-html-plugin';
import { moduleLayers } from './src/scripts/module-layers-plugin';
import { routePreload, type LandingPage } from './src/scripts/route-preload-plugin';

/** Serves and emits the top-level manifest.webmanifest as /manifest.webmanifest. */
function webManifest(): Plugin {
  const file = new URL('./manifest.webmanifest', import.meta.url);
  return {
    name: 'web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(file, 'utf8') });
    },
  };
}

/**
 * Code behind these lazily imported modules needs the network anyway (wallets talk to the server and to
 * WalletConnect), so it is left out of the service worker's precache: the shell stays small to install.
 */
const ONLINE_ONLY_ENTRIES = ['/src/app/features/auth/wallet/wallet-login.ts'];

/** Output files reachable only through ONLINE_ONLY_ENTRIES; filled while the app bundle is written. */
const onlineOnlyFiles = new Set<string>();

function collectOnlineOnlyFiles(): Plugin {
  return {
    name: 'collect-online-only-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const isOnlineEntry = (chunk: Rollup.OutputChunk) =>
        chunk.facadeModuleId !== null && ONLINE_ONLY_ENTRIES.some((entry) => chunk.facadeModuleId?.endsWith(entry));
      const onlineEntries = chunks.filter(isOnlineEntry);
      if (onlineEntries.length === 0) return;

      const walk = (starts: Rollup.OutputChunk[], skip: (chunk: Rollup.OutputChunk) => boolean) => {
        const seen = new Set<string>();
        const queue = [...starts];
        while (queue.length > 0) {
          const chunk = queue.pop();
          if (!chunk || seen.has(chunk.fileName) || skip(chunk)) continue;
          seen.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
          for (const asset of chunk.viteMetadata?.importedAssets ?? []) seen.add(asset);
          for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
            const nextChunk = byName.get(next);
            if (nextChunk) queue.push(nextChunk);
          }
        }
        return seen;
      };
      const shell = walk(
        chunks.filter((chunk) => chunk.isEntry),
        isOnlineEntry,
      );
      onlineOnlyFiles.clear();
      for (const file of walk(onlineEntries, () => false)) {
        if (!shell.has(file)) onlineOnlyFiles.add(file);
      }
    },
  };
}

/**
 * The app's own modules only define what they export, so a module reached through another feature's index.ts is
 * bundled only where one of its exports is used, and a page does not download the rest of that feature. The
 * modules imported for their effect alone are the exceptions (style sheets are never matched).
 */
const APP_MODULE = /\/src\/(app|shared)\/.+\.tsx?$/;
const IMPORTED_FOR_EFFECT = ['/src/app/main.tsx', '/src/app/lib/navigation-state.ts'];

function moduleSideEffects(id: string): boolean | undefined {
  if (!APP_MODULE.test(id)) return undefined;
  return IMPORTED_FOR_EFFECT.some((file) => id.endsWith(file));
}

/**
 * The part of viem that checks EVM addresses (checksums): the contact and wallet schemas need it on every
 * signed-in page, the wallet code needs much more of viem; in a chunk of its own, the schemas load only this part.
 */
const ADDRESS_CHECKS = /\/node_modules\/viem\/_esm\/utils\/address\/(getAddress|isAddress)\.js$/;

/** A package installed for the app itself, not a copy nested under another library's node_modules. */
function isOwnCopy(id: string): boolean {
  return id.split('/node_modules/').length === 2;
}

/** The app's own copy of viem only (wallet libraries bring copies of their own). */
function isAddressCheck(id: string): boolean {
  return ADDRESS_CHECKS.test(id) && isOwnCopy(id);
}

/**
 * The libraries every page runs (React, the router, the query cache): one chunk that the shell preloads, instead of
 * a dozen small ones found one after the other as the first page's code arrives. Only the parts the entry runs are
 * in it; the persisted cache's code is not (CACHE_PERSISTENCE below).
 */
const FRAMEWORK_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/;

/**
 * The persisted cache (restore, save, IndexedDB) with the libraries it runs on: one file, loaded only while someone
 * is signed in (src/app/lib/query-provider.tsx).
 */
const CACHE_PERSISTENCE = new RegExp(
  [
    String.raw`[\/]node_modules[\/]idb-keyval[\/]`,
    String.raw`[\/]node_modules[\/]@tanstack[\/](query-async-storage-persister|query-persist-client-core|react-query-persist-client)[\/]`,
    String.raw`[\/]node_modules[\/]@tanstack[\/]query-core[\/]build[\/]modern[\/]hydration\.js$`,
    String.raw`[\/]src[\/]app[\/]lib[\/]cache-persist(ence|er)\.ts$`,
  ].join('|'),
);

/**
 * Schema modules the entry imports only for its route declarations' schemas, which the PWA's build drops
 * (src/scripts/client-contract-plugin.ts): the user's answer (`userOut`) is built from the contract's shared
 * schemas and the subscription's. Left to the entry they would bring valibot with them to every page; in a chunk of
 * their own, and valibot in another, only the pages that check a form or a URL download them (docs/performance.md).
 */
const ENTRY_SCHEMA_MODULES = /[\\/]src[\\/]shared[\\/](contract[\\/]primitives|schemas[\\/]billing)\.ts$/;
/**
 * The app's enumerations (networks, plans, labels' colours, document kinds…), which those schema modules import: a
 * chunk of their own for the pages that show them. The few the entry uses (fiat currencies, invoice states, themes,
 * document kinds, user types, KYC states) are modules of their own, left in the entry.
 */
const ENUMS = /[\\/]src[\\/]shared[\\/]enums\.ts$/;
/**
 * React Query's observers and hooks (useQuery, useMutation), which the entry does not run: a chunk for the pages that
 * read or change server data, so the FAQ, which does neither, goes without. The infinite lists' and the mutation
 * state's, used by signed-in screens alone, are in another (QUERY_SIGNED_IN).
 */
const QUERY = /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/;
const QUERY_SIGNED_IN = /[\\/](infiniteQuery\w*|useInfiniteQuery|useMutationState)\.js$/;
const VALIBOT = /[\\/]node_modules[\\/]valibot[\\/]/;
/**
 * Exact amounts and their formatting (big.js, the money rules, fiat values): what the payer's invoice and every
 * signed-in screen with amounts load together, in one file rather than three.
 */
const MONEY = /[\\/](node_modules[\\/]big\.js[\\/]big\.mjs|src[\\/]shared[\\/]money\.ts|src[\\/]app[\\/]lib[\\/]fiat\.ts)$/;

/** The app's own copies only: a library's nested copy (e.g. the wallet picker's) stays with that library. */
function isFramework(id: string): boolean {
  return FRAMEWORK_PACKAGES.test(id) && isOwnCopy(id) && !CACHE_PERSISTENCE.test(id);
}

/** Pages people open first (links, bookmarks, the installed app): their code is asked for with the entry's. */
const SHELL = 'src/app/features/shell/app-shell.tsx';
const DASHBOARD = 'src/app/features/overview/overview-page.tsx';
const LANDING_PAGES: LandingPage[] = [
  { name: 'auth', path: '^/auth/?$', modules: ['src/app/features/auth/login-page.tsx'], parts: ['auth'] },
  { name: 'faq', path: '^/faq/?$', modules: [SHELL, 'src/app/features/faq/faq-page.tsx'], parts: ['page', 'faq'] },
  {
    name: 'pay-invoice',
    path: '^/pay-invoice/[^/]+/?$',
    modules: [SHELL, 'src/app/features/pay-invoice/pay-invoice-page.tsx'],
    parts: ['page', 'early-requests'],
  },
  { name: 'overview', path: '^/overview/?$', modules: [SHELL, DASHBOARD], parts: ['page', 'early-requests'] },
];

/** Pages a visitor opens signed out: they load neither the signed-in screens' code nor, for /auth, the shell's. */
const SIGN_IN_PAGES = ['src/app/features/auth/login-page.tsx', 'src/app/features/address-login/address-login-page.tsx'];
const PUBLIC_PAGES = [
  ...SIGN_IN_PAGES,
  'src/app/features/faq/faq-page.tsx',
  'src/app/features/pay-invoice/pay-invoice-page.tsx',
  'src/app/features/pay-invoice/payment-page.tsx',
  'src/app/features/not-found/not-found-page.tsx',
];

/** The shell every page but sign-in renders, then what every signed-in screen loads (docs/performance.md). */
const layers = moduleLayers(import.meta.dirname, [
  { name: 'app-shell', roots: [SHELL], outside: SIGN_IN_PAGES },
  {
    name: 'signed-in',
    roots: [
      'src/app/features/top-bar/signed-in-bar.tsx',
      'src/app/features/offline/register-mutation-defaults.ts',
      'src/app/lib/app-day-rollover.ts',
      DASHBOARD,
    ],
    outside: PUBLIC_PAGES,
  },
]);

const apiPort = process.env.API_PORT ?? '8001';

export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    react(),
    clientContract(),
    pureSchemas(),
    webManifest(),
    collectOnlineOnlyFiles(),
    layers.plugin,
    routePreload(import.meta.dirname, LANDING_PAGES),
    inlineEntryCss(),
    minifyHtml(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // A classic (non-module) worker: registered without `type: 'module'`, so every browser runs it.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // Manifest screenshots are for install dialogs only; the landing pages' shells are the server's (offline,
        // index.html answers every navigation).
        globIgnores: ['screenshots/**', 'landing/**'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => !onlineOnlyFiles.has(entry.url)) }),
        ],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  // Class names `class_tag`, the tag standing for the style sheet (src/scripts/css-class-names.ts).
  css: { modules: { generateScopedName: cssClassNames(import.meta.dirname) } },
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    // Lazily loaded chunks fetch their own imports; no table of every chunk's imports rides in the entry (1.7 KB
    // on every first load). The landing pages' files are asked for by the shell (routePreload), the service worker
    // has every file cached from the first visit on, and a link's chunk starts loading on hover or touch.
    modulePreload: false,
    target: 'es2022',
    rolldownOptions: {
      treeshake: { moduleSideEffects },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: isFramework, tags: ['$initial'], priority: 5 },
            {
              name: 'query-signed-in',
              test: (id) => isFramework(id) && QUERY_SIGNED_IN.test(id),
              priority: 4,
              includeDependenciesRecursively: false,
            },
            { name: 'query-hooks', test: (id) => isFramework(id) && QUERY.test(id), priority: 3 },
            { name: 'valibot', test: VALIBOT, priority: 3 },
            { name: 'money', test: MONEY, priority: 3, includeDependenciesRecursively: false },
            { name: 'shared-schemas', test: ENTRY_SCHEMA_MODULES, priority: 3, includeDependenciesRecursively: false },
            { name: 'enums', test: ENUMS, priority: 3, includeDependenciesRecursively: false },
            { name: 'cache-persistence', test: CACHE_PERSISTENCE, priority: 3, includeDependenciesRecursively: false },
            // Everything the entry imports, in one chunk with it rather than split along what later chunks share.
            { name: 'app-core', tags: ['$initial'], priority: 2 },
            { name: 'address-checks', test: isAddressCheck, priority: 1 },
            // Its modules' imports outside the layer stay in chunks of their own (see moduleLayers).
            { name: (id) => layers.layerOf(id), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});

#!/usr/bin/env node
/**
 * The import graph of the PWA (src/app): import cycles, imports from one feature into another, and imports that
 * point up the layers (routes → features → components and lib → src/shared).
 *
 *   node src/scripts/import-graph.mjs [--json]
 *
 * Reads every .ts/.tsx file under src/app, takes its import and export-from statements and import() calls, and
 * resolves the relative ones. Package imports and non-code files (CSS, SVG) are left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CODE_EXTENSIONS = ['.ts', '.tsx'];

/** `import x from '…'`, `import '…'`, `import type … from '…'`, `export … from '…'`, and `import('…')`. */
const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Block and line comments replaced by spaces (string contents kept), so commented-out imports do not count. */
function stripComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"\\])\/\/.*$/gm, (match, lead = '') => lead + ' '.repeat(match.length - lead.length));
}

/**
 * The module specifiers a source text imports.
 * @param {string} source
 * @returns {{ specifier: string, kind: 'static' | 'type' | 'dynamic' }[]}
 */
export function parseImports(source) {
  const text = stripComments(source);
  const found = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    if (match[5] !== undefined) {
      found.push({ specifier: match[5], kind: 'static' });
      continue;
    }
    const clause = match[3] ?? '';
    // `import { type A, type B } from` is as type-only as `import type { A, B } from`.
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1]?.split(',').map((name) => name.trim()).filter(Boolean);
    const typeOnly = match[2] !== undefined || (names !== undefined && names.length > 0 && names.every((name) => name.startsWith('type ')));
    found.push({ specifier: match[4], kind: typeOnly ? 'type' : 'static' });
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) found.push({ specifier: match[1], kind: 'dynamic' });
  return found;
}

function listCodeFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listCodeFiles(path));
    else if (CODE_EXTENSIONS.some((extension) => entry.name.endsWith(extension)) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The code file a relative specifier names, or undefined (a package, a stylesheet, an image). */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    ...CODE_EXTENSIONS.map((extension) => base + extension),
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    ...CODE_EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => CODE_EXTENSIONS.some((extension) => candidate.endsWith(extension)) && isFile(candidate));
}

/**
 * Every import edge between the code files under `appDir`, with paths relative to it ('/'-separated).
 * @param {string} appDir
 * @returns {{ files: string[], edges: { from: string, to: string, kind: 'static' | 'type' | 'dynamic' }[] }}
 */
export function readImportGraph(appDir) {
  const toKey = (path) => relative(appDir, path).split(sep).join('/');
  const paths = listCodeFiles(appDir);
  const edges = [];
  for (const path of paths) {
    for (const { specifier, kind } of parseImports(readFileSync(path, 'utf8'))) {
      const target = resolveSpecifier(path, specifier);
      if (target !== undefined && target.startsWith(appDir + sep)) edges.push({ from: toKey(path), to: toKey(target), kind });
    }
  }
  return { files: paths.map(toKey).sort(), edges };
}

/**
 * Every import cycle: each circular path of imports that visits a file at most once, starting at its
 * alphabetically first file (listing stops at `limit`). Type-only imports leave no trace at run time but still tie
 * the modules together, so they count; import() calls count too.
 * @returns {string[][]}
 */
export function findCycles(graph, limit = 1000) {
  const next = new Map(graph.files.map((file) => [file, []]));
  for (const { from, to } of graph.edges) if (!next.get(from).includes(to)) next.get(from).push(to);
  const order = new Map(graph.files.map((file, position) => [file, position]));
  const cycles = [];
  for (const start of graph.files) {
    const path = [start];
    const onPath = new Set(path);
    const walk = (node) => {
      for (const child of next.get(node)) {
        if (cycles.length >= limit) return;
        if (child === start) cycles.push([...path, start]);
        else if (order.get(child) > order.get(start) && !onPath.has(child)) {
          path.push(child);
          onPath.add(child);
          walk(child);
          path.pop();
          onPath.delete(child);
        }
      }
    };
    walk(start);
  }
  return cycles;
}

/** The layer of a file under src/app: 'routes', 'features', 'components', 'lib', 'styles' or 'top' (main, router). */
export function layerOf(file) {
  const [first] = file.split('/');
  return file.includes('/') ? first : 'top';
}

/** The feature a file belongs to (features/<name>/…), or undefined. */
export function featureOf(file) {
  const match = /^features\/([^/]+)\//.exec(file);
  return match?.[1];
}

/** True when `file` is the public entry of its feature (features/<name>/index.ts). */
export function isFeatureEntry(file) {
  return /^features\/[^/]+\/index\.tsx?$/.test(file);
}

/** Imports from one feature into another (features/A/… importing features/B/…, A ≠ B). */
export function crossFeatureImports(graph) {
  return graph.edges.filter(({ from, to }) => {
    const source = featureOf(from);
    const target = featureOf(to);
    return source !== undefined && target !== undefined && source !== target;
  });
}

/** Imports that point up the layers: lib or components into features or routes, features into routes. */
export function upwardImports(graph) {
  const rank = { top: 3, routes: 2, features: 1, components: 0, lib: 0 };
  return graph.edges.filter(({ from, to }) => {
    const source = rank[layerOf(from)];
    const target = rank[layerOf(to)];
    return source !== undefined && target !== undefined && target > source;
  });
}

/** The full measurement of the PWA's import graph. */
export function measure(appDir) {
  const graph = readImportGraph(appDir);
  const crossFeature = crossFeatureImports(graph);
  const upward = upwardImports(graph);
  return {
    files: graph.files.length,
    imports: graph.edges.length,
    cycles: findCycles(graph),
    crossFeature,
    crossFeatureBypassingEntry: crossFeature.filter(({ to }) => !isFeatureEntry(to)),
    libOrComponentsIntoFeatures: upward.filter(({ from, to }) => ['lib', 'components'].includes(layerOf(from)) && layerOf(to) === 'features'),
    upward,
  };
}

function printReport(result) {
  const edge = ({ from, to, kind }) => `  ${from} → ${to}${kind === 'static' ? '' : ` (${kind})`}`;
  const lines = [`${result.files} files, ${result.imports} imports between them`, ''];
  lines.push(`Import cycles: ${result.cycles.length}`);
  for (const cycle of result.cycles) lines.push(`  ${cycle.join(' → ')}`);
  lines.push('', `Imports between features: ${result.crossFeature.length} (${result.crossFeatureBypassingEntry.length} past the feature's index.ts)`);
  const pairs = new Map();
  for (const { from, to } of result.crossFeature) {
    const pair = `${featureOf(from)} → ${featureOf(to)}`;
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  for (const [pair, count] of [...pairs].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) lines.push(`  ${String(count).padStart(3)}  ${pair}`);
  lines.push('', `Imports from lib/ or components/ into features/: ${result.libOrComponentsIntoFeatures.length}`);
  for (const item of result.libOrComponentsIntoFeatures) lines.push(edge(item));
  lines.push('', `Imports pointing up the layers (all): ${result.upward.length}`);
  for (const item of result.upward) lines.push(edge(item));
  return lines.join('\n');
}

const defaultAppDir = resolve(dirname(fileURLToPath(import.meta.url)), '../app');

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const result = measure(defaultAppDir);
  console.log(process.argv.includes('--json') ? JSON.stringify(result, null, 2) : printReport(result));
}

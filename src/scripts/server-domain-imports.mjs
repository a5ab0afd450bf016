/**
 * Which top-level folders of src/server import which (type-only imports count too), the pairs that import each
 * other and the cycles between folders. `node src/scripts/server-domain-imports.mjs` prints the map; it exits 1
 * when two folders import each other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverDir = join(root, 'src', 'server');

const SPECIFIER = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** The top-level folder of src/server a path lies in; null for files directly in src/server or outside it. */
function folderOf(path) {
  const parts = relative(serverDir, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
}

/** folder → the set of other top-level folders its files import. */
export function folderImports(dir = serverDir) {
  const edges = new Map();
  for (const file of sourceFiles(dir)) {
    const from = folderOf(file);
    if (from === null) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      if (!specifier.startsWith('.')) continue;
      const to = folderOf(resolve(dirname(file), specifier));
      if (to !== null && to !== from) edges.get(from).add(to);
    }
  }
  return edges;
}

/** Pairs of folders that import each other, each once, sorted. */
export function mutualPairs(edges) {
  const pairs = [];
  for (const [from, targets] of edges) {
    for (const to of targets) if (from < to && edges.get(to)?.has(from)) pairs.push([from, to]);
  }
  return pairs.sort((a, b) => a.join().localeCompare(b.join()));
}

/** The strongly connected groups of more than one folder (Tarjan), each sorted: the cycles between folders. */
export function cycles(edges) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) === indices.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!indices.has(node)) visit(node);
  return groups.sort((a, b) => a.join().localeCompare(b.join()));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const edges = folderImports();
  for (const from of [...edges.keys()].sort()) console.log(`${from} → ${[...edges.get(from)].sort().join(', ') || '(none)'}`);
  const pairs = mutualPairs(edges);
  console.log(`\nMutual pairs: ${pairs.length === 0 ? 'none' : pairs.map((pair) => pair.join(' ↔ ')).join(', ')}`);
  const groups = cycles(edges);
  console.log(`Cycles: ${groups.length === 0 ? 'none' : groups.map((group) => group.join(' → ')).join('; ')}`);
  if (pairs.length > 0) process.exitCode = 1;
}

/**
 * The PWA's layers point down only (routes → features → components and lib → src/shared), without import cycles,
 * and a feature reaches another only through its index.ts. Measured by src/scripts/import-graph.mjs.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without type declarations
import { findCycles, measure, parseImports } from '../../src/scripts/import-graph.mjs';

interface Edge {
  from: string;
  to: string;
  kind: 'static' | 'type' | 'dynamic';
}
interface Measurement {
  cycles: string[][];
  crossFeatureBypassingEntry: Edge[];
  libOrComponentsIntoFeatures: Edge[];
  upward: Edge[];
}

const appDir = fileURLToPath(new URL('../../src/app', import.meta.url));
const show = (edges: Edge[]) => edges.map(({ from, to }) => `${from} → ${to}`);

describe('import graph of src/app', () => {
  const result = measure(appDir) as Measurement;

  it('has no import cycle', () => {
    expect(result.cycles.map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('has lib/ and components/ import no feature, and nothing import up the layers', () => {
    expect(show(result.libOrComponentsIntoFeatures)).toEqual([]);
    expect(show(result.upward)).toEqual([]);
  });

  it('has features reach one another only through their index.ts', () => {
    expect(show(result.crossFeatureBypassingEntry)).toEqual([]);
  });
});

describe('import-graph script', () => {
  it('reads import, export-from and import() statements, telling type-only ones apart', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C, type D } from './c';",
      "import './side-effect';",
      "export { e } from '../e';",
      "// import { commented } from './commented';",
      "const lazy = () => import('./lazy');",
    ].join('\n');
    expect(parseImports(source)).toEqual([
      { specifier: './a', kind: 'static' },
      { specifier: './b', kind: 'type' },
      { specifier: './c', kind: 'type' },
      { specifier: './side-effect', kind: 'static' },
      { specifier: '../e', kind: 'static' },
      { specifier: './lazy', kind: 'dynamic' },
    ]);
  });

  it('finds every cycle, each from its first file', () => {
    const graph = {
      files: ['a.ts', 'b.ts', 'c.ts', 'd.ts'],
      edges: [
        { from: 'a.ts', to: 'b.ts', kind: 'static' },
        { from: 'b.ts', to: 'c.ts', kind: 'static' },
        { from: 'c.ts', to: 'a.ts', kind: 'type' },
        { from: 'b.ts', to: 'a.ts', kind: 'dynamic' },
        { from: 'c.ts', to: 'd.ts', kind: 'static' },
      ],
    };
    expect(findCycles(graph)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['a.ts', 'b.ts', 'a.ts'],
    ]);
    expect(findCycles({ files: graph.files, edges: graph.edges.slice(0, 2) })).toEqual([]);
  });
});

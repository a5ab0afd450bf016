/**
 * The server's domain folders point one way: no two top-level folders of src/server import each other, and no
 * folders form a cycle (src/scripts/server-domain-imports.mjs prints the whole map).
 */
import { describe, expect, it } from 'vitest';
import { cycles, folderImports, mutualPairs } from '../../src/scripts/server-domain-imports.mjs';

describe('server domain imports', () => {
  const edges = folderImports();

  it('reads the imports of every folder', () => {
    expect(edges.get('invoices')?.has('db')).toBe(true);
    expect(edges.get('db')?.has('invoices')).toBe(false);
  });

  it('finds a pair and a cycle when there is one', () => {
    const made = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a', 'c'])],
      ['c', new Set(['d'])],
      ['d', new Set(['c', 'e'])],
      ['e', new Set(['c'])],
    ]);
    expect(mutualPairs(made)).toEqual([['a', 'b'], ['c', 'd']]);
    expect(cycles(made)).toEqual([['a', 'b'], ['c', 'd', 'e']]);
  });

  it('has no two folders importing each other', () => {
    expect(mutualPairs(edges)).toEqual([]);
  });

  it('has no cycle between folders', () => {
    expect(cycles(edges)).toEqual([]);
  });
});

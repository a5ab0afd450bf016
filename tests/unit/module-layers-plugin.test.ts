import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { moduleLayers } from '../../src/scripts/module-layers-plugin';

const ROOT = '/app';

/** module → [static imports, lazy imports], paths from ROOT. */
type Graph = Record<string, [string[], string[]?]>;

/** Runs the plugin's end-of-build hook over `graph` and returns each module's layer. */
function layersOf(graph: Graph, layers: Parameters<typeof moduleLayers>[1]): Record<string, string | null> {
  const { plugin, layerOf } = moduleLayers(ROOT, layers);
  const id = (path: string) => `${ROOT}/${path}`;
  const getModuleInfo = (moduleId: string) => {
    const entry = graph[moduleId.slice(ROOT.length + 1)];
    if (entry === undefined) return null;
    return { id: moduleId, importedIds: entry[0].map(id), dynamicallyImportedIds: (entry[1] ?? []).map(id) } as unknown as Rollup.ModuleInfo;
  };
  const hook = plugin.buildEnd as (this: { getModuleInfo: typeof getModuleInfo }) => void;
  hook.call({ getModuleInfo });
  return Object.fromEntries(Object.keys(graph).map((path) => [path, layerOf(id(path))]));
}

/**
 * shell → top-bar → logo, theme; login → logo, lazy wallet → dialog; faq → shell-free page text;
 * signed-in-bar → account-menu → dialog, money; pay page → money.
 */
const GRAPH: Graph = {
  'shell.tsx': [['top-bar.tsx']],
  'top-bar.tsx': [['logo.tsx', 'theme.tsx'], ['signed-in-bar.tsx']],
  'logo.tsx': [[]],
  'theme.tsx': [[]],
  'login.tsx': [['logo.tsx'], ['wallet.ts']],
  'wallet.ts': [['dialog.tsx']],
  'dialog.tsx': [[]],
  'signed-in-bar.tsx': [['account-menu.tsx']],
  'account-menu.tsx': [['dialog.tsx', 'money.ts', 'menu-items.ts']],
  'menu-items.ts': [[]],
  'money.ts': [[]],
  'pay.tsx': [['money.ts']],
};

const LAYERS = [
  { name: 'app-shell', roots: ['shell.tsx'], outside: ['login.tsx'] },
  { name: 'signed-in', roots: ['signed-in-bar.tsx'], outside: ['login.tsx', 'pay.tsx'] },
];

describe('module layers', () => {
  const layers = layersOf(GRAPH, LAYERS);

  it("puts a root's static imports in its layer, not what it loads lazily", () => {
    expect(layers['shell.tsx']).toBe('app-shell');
    expect(layers['top-bar.tsx']).toBe('app-shell');
    expect(layers['theme.tsx']).toBe('app-shell');
    expect(layers['signed-in-bar.tsx']).toBe('signed-in');
    expect(layers['account-menu.tsx']).toBe('signed-in');
    expect(layers['menu-items.ts']).toBe('signed-in');
  });

  it('leaves out what a page outside the layer may load, statically or lazily', () => {
    // The sign-in page shows the logo and lazily opens the wallet dialog: neither may pull in a layer.
    expect(layers['logo.tsx']).toBeNull();
    expect(layers['dialog.tsx']).toBeNull();
    // The payer's page formats money without the signed-in screens.
    expect(layers['money.ts']).toBeNull();
    expect(layers['login.tsx']).toBeNull();
    expect(layers['pay.tsx']).toBeNull();
  });

  it('gives a module to the first layer that takes it', () => {
    const overlapping = layersOf(GRAPH, [
      { name: 'app-shell', roots: ['shell.tsx'], outside: [] },
      { name: 'everything', roots: ['shell.tsx', 'signed-in-bar.tsx'], outside: [] },
    ]);
    expect(overlapping['logo.tsx']).toBe('app-shell');
    expect(overlapping['account-menu.tsx']).toBe('everything');
  });

  it('fails the build when a root or page is not in it', () => {
    expect(() => layersOf(GRAPH, [{ name: 'x', roots: ['missing.tsx'], outside: [] }])).toThrow('module-layers: missing.tsx is not in the build');
    expect(() => layersOf(GRAPH, [{ name: 'x', roots: ['shell.tsx'], outside: ['gone.tsx'] }])).toThrow('gone.tsx');
  });
});

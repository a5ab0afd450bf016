import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { usedImports } from './used-imports';

/**
 * A set of modules that always load together: the static imports of its roots, less what a page outside the layer
 * may load (so that page never downloads the layer for one shared module) and less earlier layers.
 */
export interface ModuleLayer {
  name: string;
  /** Modules (paths from the project root) that load the layer. */
  roots: readonly string[];
  /** Page modules that run without the layer: everything they may load, statically or lazily, stays out of it. */
  outside: readonly string[];
}

type ModuleInfoOf = (id: string) => Rollup.ModuleInfo | null;

function closure(starts: Iterable<string>, info: ModuleInfoOf, lazily: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.pop();
    if (id === undefined || seen.has(id)) continue;
    const module = info(id);
    if (module === null) continue;
    seen.add(id);
    queue.push(...usedImports(id, info));
    if (lazily) queue.push(...module.dynamicallyImportedIds);
  }
  return seen;
}

/**
 * Bundles each layer in one chunk instead of the many small ones the automatic splitting makes along which pages
 * share which module: every page that loads one of a layer's modules loads the whole layer anyway, and one file
 * compresses better than many (/overview went from 87 requests to 63, /faq from 24 to 11). `layerOf` names the
 * layer of a module for `codeSplitting.groups`. The layers are computed from the module graph at the end of each
 * build, so they follow every change of the imports. Imports of index files are followed only to the modules that
 * define the names taken (see usedImports): the plain graph follows every re-export, and would keep out of a layer
 * whatever a page outside it could reach through a feature's index file. What is still over-counted (a namespace
 * import, a lazily loaded index file) stays out of the layer, which costs a request, never a download the page does
 * not need.
 */
export function moduleLayers(root: string, layers: readonly ModuleLayer[]): { plugin: Plugin; layerOf: (id: string) => string | null } {
  const layerOfModule = new Map<string, string>();
  const plugin: Plugin = {
    name: 'module-layers',
    apply: 'build',
    buildEnd() {
      const info: ModuleInfoOf = (id) => this.getModuleInfo(id);
      const absolute = (paths: readonly string[]) =>
        paths.map((path) => {
          const id = resolve(root, path);
          if (info(id) === null) throw new Error(`module-layers: ${path} is not in the build`);
          return id;
        });
      layerOfModule.clear();
      for (const layer of layers) {
        const outside = closure(absolute(layer.outside), info, true);
        for (const id of closure(absolute(layer.roots), info, false)) {
          if (!outside.has(id) && !layerOfModule.has(id)) layerOfModule.set(id, layer.name);
        }
      }
    },
  };
  return { plugin, layerOf: (id) => layerOfModule.get(id) ?? null };
}

import { dirname, resolve } from 'node:path';

/** What the import graph needs of a module: its id, its code after transforms and the ids it imports. */
export interface ImportingModule {
  id: string;
  code: string | null;
  importedIds: readonly string[];
}

export type ModuleLookup = (id: string) => ImportingModule | null;

/** `import { a, b as c } from "x"` and `export { a } from "x"`: the names asked for, from one specifier. */
const NAMED_FROM = /(?:^|[;\n])\s*(import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** Any other import or re-export with a source: default, namespace, `export *`, a default beside named ones. */
const WHOLE_FROM = /(?:^|[;\n])\s*(?:import|export)\s+(?!\{)[^;'"]*?\bfrom\s*["']([^"']+)["']/g;
/** A re-export, over one line or several: the statements a barrel (index file) is made of. */
const RE_EXPORTS = /export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["'][^"']+["']\s*;?/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

/** The module's code without its comments. */
const codeOf = (module: ImportingModule): string => (module.code ?? '').replace(COMMENTS, '');

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** The id among `module`'s imports that `specifier` names; relative specifiers only. */
function resolveSpecifier(module: ImportingModule, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(module.id), specifier);
  return EXTENSIONS.map((extension) => base + extension).find((candidate) => module.importedIds.includes(candidate));
}

/** Each name in `{ a, b as c, type d }` as [imported name, local or exported name]. */
function namesOf(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter((part) => part !== '')
    .map((part) => {
      const [from, as] = part.split(/\s+as\s+/);
      return [from?.trim() ?? part, (as ?? from ?? part).trim()];
    });
}

/** For each relative import of the module: the names it takes ('*' for all of them). */
function requestedNames(module: ImportingModule): Map<string, Set<string>> {
  const requests = new Map<string, Set<string>>();
  const code = codeOf(module);
  const ask = (specifier: string, names: string[]) => {
    const target = resolveSpecifier(module, specifier);
    if (target === undefined) return;
    const set = requests.get(target) ?? new Set<string>();
    for (const name of names) set.add(name);
    requests.set(target, set);
  };
  for (const match of code.matchAll(NAMED_FROM)) ask(match[3] ?? '', namesOf(match[2] ?? '').map(([from]) => from));
  for (const match of code.matchAll(WHOLE_FROM)) ask(match[1] ?? '', ['*']);
  return requests;
}

/** A module made of re-exports only, and no code of its own. */
function isBarrel(module: ImportingModule): boolean {
  const code = codeOf(module).trim();
  return code !== '' && code.replace(RE_EXPORTS, '').trim() === '';
}

/**
 * The modules `id` really loads, statically: its imports, where an import of a barrel (an index file that only
 * re-exports) is replaced by the modules that define the names taken from it. A bundler that drops what is unused
 * bundles no more than this, while the plain import graph follows every re-export of every barrel. Whatever is not
 * understood (bare specifiers, a namespace import, `export *` behind a name) is followed whole.
 */
export function usedImports(id: string, lookup: ModuleLookup): string[] {
  const module = lookup(id);
  if (module === null) return [];
  const requests = requestedNames(module);
  const used = new Set<string>();
  for (const target of module.importedIds) {
    const names = requests.get(target);
    const barrel = lookup(target);
    if (names === undefined || names.has('*') || barrel === null || !isBarrel(barrel)) used.add(target);
    else for (const definer of definersOf(barrel, names, lookup, new Set())) used.add(definer);
  }
  return [...used];
}

/** The modules behind `names` of `barrel`, through barrels that re-export other barrels. */
function definersOf(barrel: ImportingModule, names: Set<string>, lookup: ModuleLookup, seen: Set<string>): Set<string> {
  const definers = new Set<string>();
  if (seen.has(barrel.id)) return definers;
  seen.add(barrel.id);
  const code = codeOf(barrel);
  const unmatched = new Set(names);
  for (const match of code.matchAll(NAMED_FROM)) {
    const target = resolveSpecifier(barrel, match[3] ?? '');
    const taken = namesOf(match[2] ?? '').filter(([, exported]) => names.has(exported));
    if (taken.length === 0) continue;
    for (const [, exported] of taken) unmatched.delete(exported);
    if (target === undefined) continue;
    const next = lookup(target);
    if (next !== null && isBarrel(next)) {
      for (const definer of definersOf(next, new Set(taken.map(([from]) => from)), lookup, seen)) definers.add(definer);
    } else definers.add(target);
  }
  // A name from none of the named re-exports comes from an `export *`: every such source may define it.
  if (unmatched.size > 0) {
    for (const match of code.matchAll(WHOLE_FROM)) {
      const target = resolveSpecifier(barrel, match[1] ?? '');
      if (target !== undefined) definers.add(target);
    }
  }
  return definers;
}

import { resolve } from 'node:path';
import type { IndexHtmlTransformContext, Plugin, Rollup } from 'vite';

/** A page someone may land on first: its path (a regular expression) and the lazily loaded modules it renders. */
export interface LandingPage {
  path: string;
  modules: readonly string[];
}

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

function chunksOf(bundle: Bundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
}

/** The chunk's file, the chunks it imports statically (transitively) and their style sheets. */
function staticClosure(start: Rollup.OutputChunk, byName: Map<string, Rollup.OutputChunk>): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const chunk = queue.shift();
    if (chunk === undefined || seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    files.push(chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? []));
    for (const next of chunk.imports) {
      const nextChunk = byName.get(next);
      if (nextChunk) queue.push(nextChunk);
    }
  }
  return files;
}

/**
 * Adds to the shell (index.html) a small inline script that, for the page being opened, asks for that page's code
 * and style sheets at once (`<link rel=modulepreload>` / `<link rel=stylesheet>`), alongside the entry script,
 * instead of after the entry has run and the router has matched the route. The files are read from the bundle, so
 * the list follows every build; a page module missing from the bundle fails the build. The shell's first frame needs
 * none of these scripts, so they (and the entry's) are asked for at low priority and never hold back that paint.
 */
export function routePreload(root: string, pages: readonly LandingPage[]): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (bundle === undefined) return undefined;
        const chunks = chunksOf(bundle);
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loadedWithEntry = new Set(entry === undefined ? [] : staticClosure(entry, byName));
        const table = pages.map((page) => {
          const files = new Set<string>();
          for (const module of page.modules) {
            const chunk = byModule.get(resolve(root, module));
            if (chunk === undefined) throw new Error(`route-preload: no chunk holds ${module}`);
            for (const file of staticClosure(chunk, byName)) if (!loadedWithEntry.has(file)) files.add(file);
          }
          return [page.path, [...files].map((file) => `/${file}`)] as const;
        });
        const code =
          `(function(){var t=${JSON.stringify(table)},p=location.pathname;` +
          `for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(p))continue;` +
          `t[i][1].forEach(function(h){var l=document.createElement('link');` +
          `if(/\\.css$/.test(h))l.rel='stylesheet';else{l.rel='modulepreload';l.crossOrigin='';l.fetchPriority='low'}` +
          `l.href=h;document.head.appendChild(l)});break}})();`;
        // The first frame needs none of the scripts: they are asked for at low priority, after the page itself.
        const lowPriority = html.replace(
          /<(script type="module"|link rel="modulepreload") crossorigin /g,
          (_tag, element: string) => `<${element} crossorigin fetchpriority="low" `,
        );
        return { html: lowPriority, tags: [{ tag: 'script', children: code, injectTo: 'head' }] };
      },
    },
  };
}

import { resolve } from 'node:path';
import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin, Rollup } from 'vite';
import { LANDING_PAGES_FILE } from '../server/static/landing-shells';

/**
 * A page someone may land on first: its path (a regular expression), the lazily loaded modules it renders, and the
 * parts of the shell's first frame it shows (`<!--landing:part-->…<!--/landing:part-->` in index.html). `name` names
 * the shell written for it, `landing/<name>.html`.
 */
export interface LandingPage {
  name: string;
  path: string;
  modules: readonly string[];
  parts: readonly string[];
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

/** Script that adds a preload link (or a style sheet) for each file. */
function preloadCode(files: string): string {
  return (
    `${files}.forEach(function(h){var l=document.createElement('link');` +
    `if(/\\.css$/.test(h))l.rel='stylesheet';else{l.rel='modulepreload';l.crossOrigin='';l.fetchPriority='low'}` +
    `l.href=h;document.head.appendChild(l)})`
  );
}

/** The shell with only `parts` of its first frame: every other `<!--landing:x-->…<!--/landing:x-->` is cut out. */
export function keepParts(html: string, parts: readonly string[]): string {
  return html.replace(/<!--landing:([\w-]+)-->([\s\S]*?)<!--\/landing:\1-->/g, (_block, part: string, inner: string) =>
    parts.includes(part) ? `<!--landing:${part}-->${keepParts(inner, parts)}<!--/landing:${part}-->` : '',
  );
}

/**
 * Adds to the shell (index.html) a small inline script that, for the page being opened, asks for that page's code
 * and style sheets at once (`<link rel=modulepreload>` / `<link rel=stylesheet>`), alongside the entry script,
 * instead of after the entry has run and the router has matched the route. The files are read from the bundle, so
 * the list follows every build; a page module missing from the bundle fails the build. The shell's first frame needs
 * none of these scripts, so they (and the entry's) are asked for at low priority and never hold back that paint.
 *
 * For each landing page it also writes a shell of its own (`landing/<name>.html`, listed in LANDING_PAGES_FILE),
 * which the server sends for that page's path: it asks for that page's files alone and keeps only that page's parts
 * of the first frame (about 1 KB less than index.html). index.html, with every page's list and frame, stays the
 * shell of every other path and the one the service worker keeps.
 */
export function routePreload(root: string, pages: readonly LandingPage[]): Plugin {
  let indexCode: string | undefined;
  const pageCodes = new Map<string, string>();
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
          const urls = [...files].map((file) => `/${file}`);
          pageCodes.set(page.name, `${preloadCode(JSON.stringify(urls))};`);
          return [page.path, urls] as const;
        });
        const code =
          `(function(){var t=${JSON.stringify(table)},p=location.pathname;` +
          `for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(p))continue;${preloadCode('t[i][1]')};break}})();`;
        indexCode = code;
        // The first frame needs none of the scripts: they are asked for at low priority, after the page itself.
        const lowPriority = html.replace(
          /<(script type="module"|link rel="modulepreload") crossorigin /g,
          (_tag, element: string) => `<${element} crossorigin fetchpriority="low" `,
        );
        // The entry's own imports (the framework chunk above all) are linked from the shell, so the browser asks for
        // them with the entry instead of once the entry has arrived and been read (the build writes no such links
        // itself: build.modulePreload is off).
        const entryImports = [...loadedWithEntry].filter(
          (file) => file !== entry?.fileName && file.endsWith('.js') && !lowPriority.includes(`href="/${file}"`),
        );
        const links: HtmlTagDescriptor[] = entryImports.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
          injectTo: 'head',
        }));
        return { html: lowPriority, tags: [...links, { tag: 'script', children: code, injectTo: 'head' }] };
      },
    },
    generateBundle: {
      // After the build has written index.html (and before minify-html, which comes later in the plugin list).
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || indexCode === undefined) return;
        const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
        if (!html.includes(indexCode)) throw new Error('route-preload: the preload script is missing from index.html');
        const listed: { path: string; file: string }[] = [];
        for (const page of pages) {
          const file = `landing/${page.name}.html`;
          const source = keepParts(html.replace(indexCode, () => pageCodes.get(page.name) ?? ''), page.parts);
          this.emitFile({ type: 'asset', fileName: file, source });
          listed.push({ path: page.path, file });
        }
        this.emitFile({ type: 'asset', fileName: LANDING_PAGES_FILE, source: `${JSON.stringify(listed, null, 2)}\n` });
      },
    },
  };
}

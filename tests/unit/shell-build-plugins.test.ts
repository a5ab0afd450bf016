import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor, IndexHtmlTransformContext, IndexHtmlTransformResult, Plugin } from 'vite';
import { inlineEntryCss } from '../../src/scripts/inline-css-plugin';
import { minifyHtml } from '../../src/scripts/minify-html-plugin';
import { keepParts, routePreload } from '../../src/scripts/route-preload-plugin';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

const ROOT = '/app';

function chunk(fileName: string, options: { modules?: string[]; imports?: string[]; css?: string[]; entry?: boolean }) {
  const moduleIds = (options.modules ?? []).map((module) => `${ROOT}/${module}`);
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: moduleIds[0] ?? null,
    moduleIds,
    imports: options.imports ?? [],
    isEntry: options.entry ?? false,
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set<string>() },
  };
}

/** entry → framework; login page → shared + framework; shell (with the top bar) → shared; faq page → its css. */
const BUNDLE = Object.fromEntries(
  [
    chunk('assets/index.js', { modules: ['src/main.tsx'], imports: ['assets/framework.js'], css: ['assets/index.css'], entry: true }),
    chunk('assets/framework.js', {}),
    chunk('assets/login-page.js', { modules: ['src/login-page.tsx'], imports: ['assets/shared.js', 'assets/framework.js'], css: ['assets/login.css'] }),
    chunk('assets/shared.js', { imports: ['assets/framework.js'] }),
    chunk('assets/app-shell.js', { modules: ['src/top-bar.tsx', 'src/app-shell.tsx'], imports: ['assets/shared.js'] }),
    chunk('assets/faq-page.js', { modules: ['src/faq-page.tsx'], css: ['assets/faq.css'] }),
  ].map((item) => [item.fileName, item]),
) as unknown as Bundle;

/** The shell as the build writes it (build.modulePreload is off: no links to the entry's imports). */
const SHELL_HTML =
  '<head><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>';

function transform(plugin: Plugin, html: string, bundle: Bundle | undefined): IndexHtmlTransformResult | undefined {
  const hook = plugin.transformIndexHtml;
  if (typeof hook !== 'object' || hook === null || !('handler' in hook)) throw new Error('expected an ordered hook');
  const context = { path: '/index.html', filename: `${ROOT}/index.html`, bundle } as IndexHtmlTransformContext;
  return (hook.handler as (html: string, context: IndexHtmlTransformContext) => IndexHtmlTransformResult | undefined)(html, context);
}

/** Runs the generated script for `pathname` and returns the links it added (rel, href, priority). */
function linksAddedFor(code: string, pathname: string): string[] {
  const added: string[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null as string | null, fetchPriority: 'auto' }),
    head: { appendChild: (link: { rel: string; href: string; fetchPriority: string }) => added.push(`${link.rel} ${link.href} ${link.fetchPriority}`) },
  };
  new Function('document', 'location', code)(document, { pathname });
  return added;
}

describe('route preload', () => {
  const plugin = routePreload(ROOT, [
    { name: 'auth', path: '^/auth/?$', modules: ['src/login-page.tsx'], parts: ['auth'] },
    { name: 'faq', path: '^/faq/?$', modules: ['src/app-shell.tsx', 'src/faq-page.tsx'], parts: ['page', 'faq'] },
  ]);
  const result = transform(plugin, SHELL_HTML, BUNDLE) as { html: string; tags: HtmlTagDescriptor[] };
  const code = String(result.tags.find((tag) => tag.tag === 'script')?.children);

  it("asks for the opened page's chunks and style sheets, leaving out what the entry loads", () => {
    expect(linksAddedFor(code, '/auth')).toEqual([
      'modulepreload /assets/login-page.js low',
      'stylesheet /assets/login.css auto',
      'modulepreload /assets/shared.js low',
    ]);
    expect(linksAddedFor(code, '/faq/')).toEqual([
      'modulepreload /assets/app-shell.js low',
      'modulepreload /assets/shared.js low',
      'modulepreload /assets/faq-page.js low',
      'stylesheet /assets/faq.css auto',
    ]);
  });

  it('adds nothing on a page it does not know', () => {
    expect(linksAddedFor(code, '/wallets')).toEqual([]);
    expect(linksAddedFor(code, '/auth/extra')).toEqual([]);
  });

  it("asks for the entry and the entry's imports at once, at low priority, before any page's files", () => {
    expect(result.html).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/index.js">');
    expect(result.tags.map((tag) => [tag.tag, tag.attrs, tag.injectTo])).toEqual([
      ['link', { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: '/assets/framework.js' }, 'head'],
      ['script', undefined, 'head'],
    ]);
    // A link already in the shell is not repeated.
    const linked = transform(routePreload(ROOT, []), `${SHELL_HTML}<link rel="modulepreload" href="/assets/framework.js">`, BUNDLE);
    expect((linked as { tags: HtmlTagDescriptor[] }).tags.filter((tag) => tag.tag === 'link')).toEqual([]);
  });

  it('fails the build when a page module has no chunk', () => {
    const broken = routePreload(ROOT, [{ name: 'x', path: '^/x$', modules: ['src/missing-page.tsx'], parts: [] }]);
    expect(() => transform(broken, SHELL_HTML, BUNDLE)).toThrow('src/missing-page.tsx');
  });

  it("writes each landing page a shell that asks for its files alone and keeps only its parts of the first frame", () => {
    const index =
      `<head><script>${code}</script></head><body><div id="root">` +
      '<!--landing:auth--><p>Sign in</p><!--/landing:auth-->' +
      '<!--landing:page--><header>bar</header><!--landing:faq--><h1>FAQ</h1><!--/landing:faq--><!--/landing:page-->' +
      '</div></body>';
    const bundle: Record<string, { type: string; fileName: string; source: string }> = {
      'index.html': { type: 'asset', fileName: 'index.html', source: index },
    };
    const emitted: { fileName: string; source: string }[] = [];
    const hook = plugin.generateBundle as { handler: (this: unknown, options: unknown, bundle: unknown) => void };
    hook.handler.call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) }, {}, bundle);

    const shell = (name: string) => emitted.find((file) => file.fileName === `landing/${name}.html`)?.source ?? '';
    const script = (html: string) => /<script>(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(shell('auth')).toContain('<div id="root"><!--landing:auth--><p>Sign in</p><!--/landing:auth--></div>');
    expect(shell('faq')).toContain('<!--landing:page--><header>bar</header><!--landing:faq--><h1>FAQ</h1>');
    expect(shell('faq')).not.toContain('Sign in');
    // The page's own list runs on any path: the server sends the shell only for the page's.
    expect(linksAddedFor(script(shell('auth')), '/elsewhere')).toEqual(linksAddedFor(code, '/auth'));
    expect(linksAddedFor(script(shell('faq')), '/elsewhere')).toEqual(linksAddedFor(code, '/faq'));
    expect(JSON.parse(emitted.find((file) => file.fileName === 'landing/pages.json')?.source ?? '')).toEqual([
      { path: '^/auth/?$', file: 'landing/auth.html' },
      { path: '^/faq/?$', file: 'landing/faq.html' },
    ]);
    expect(bundle['index.html']?.source).toBe(index);
  });
});

describe('landing parts', () => {
  it('cuts out every part not kept, nested ones included', () => {
    const html = '<a><!--landing:x-->1<!--landing:y-->2<!--/landing:y--><!--/landing:x--><!--landing:z-->3<!--/landing:z--></a>';
    expect(keepParts(html, ['x', 'y', 'z'])).toBe(html);
    expect(keepParts(html, ['x'])).toBe('<a><!--landing:x-->1<!--/landing:x--></a>');
    expect(keepParts(html, ['z'])).toBe('<a><!--landing:z-->3<!--/landing:z--></a>');
    expect(keepParts(html, [])).toBe('<a></a>');
  });
});

describe('inline entry css', () => {
  const css = { type: 'asset', fileName: 'assets/index.css', source: ':root{--x:1}</style>' };
  const bundle = { ...BUNDLE, 'assets/index.css': css } as unknown as Bundle;

  it('writes the style sheet into the shell and keeps a disabled link to it', () => {
    const html = String(transform(inlineEntryCss(), SHELL_HTML, bundle));
    expect(html).toContain('<style>:root{--x:1}<\\/style></style><link rel="stylesheet" href="/assets/index.css" disabled>');
    expect(html).not.toContain('crossorigin href="/assets/index.css"');
  });

  it('leaves a style sheet it cannot find in the bundle linked', () => {
    const html = String(transform(inlineEntryCss(), SHELL_HTML, BUNDLE));
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
  });
});

describe('minify html', () => {
  it('drops comments and whitespace between tags and minifies inline scripts, leaving styles as they are', async () => {
    const source =
      '<!doctype html>\n<html>\n  <head>\n    <!-- a note -->\n    <style>.a{color:red}</style>\n' +
      '    <script>\n      // sets the flag\n      var flag = 1 + 1;\n      window.flagged = flag;\n    </script>\n  </head>\n' +
      '  <body>\n    <div id="root">\n      <p>Sign in</p>\n    </div>\n  </body>\n</html>\n';
    const bundle = { 'index.html': { type: 'asset', fileName: 'index.html', source }, 'a.js': { type: 'chunk', fileName: 'a.js' } };
    const hook = minifyHtml().generateBundle as { handler: (options: unknown, bundle: unknown) => Promise<void> };
    await hook.handler({}, bundle);
    const html = String(bundle['index.html'].source);
    expect(html).toBe(
      '<!doctype html><html><head><style>.a{color:red}</style><script>var flag=2;window.flagged=flag</script></head>' +
        '<body><div id="root"><p>Sign in</p></div></body></html>',
    );
  });
});

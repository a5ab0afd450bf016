import type { Plugin } from 'vite';

/**
 * Writes the entry's style sheets (global tokens and base styles, a few KB) into the shell (index.html) as `<style>`,
 * so the first paint waits for no request beyond the page itself. A disabled `<link>` to each file stays (browsers
 * do not download a disabled style sheet): the build's loader of lazy chunks lists the entry's style sheets among
 * their dependencies and skips any style sheet already linked, so it does not download them again.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (bundle === undefined) return html;
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
        });
      },
    },
  };
}

import { minify } from 'html-minifier-terser';
import type { Plugin } from 'vite';

/**
 * Minifies the shell (index.html) once every other plugin has written into it: whitespace between tags, comments,
 * and the inline scripts (the theme script, the landing pages' preload script) through terser. The inline style
 * sheets are already minified by the CSS pipeline and are left as they are. About 0.3 KB less on every first load.
 */
export function minifyHtml(): Plugin {
  return {
    name: 'minify-html',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset' || !asset.fileName.endsWith('.html')) continue;
          const html = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          asset.source = await minify(html, {
            collapseWhitespace: true,
            removeComments: true,
            minifyJS: true,
            minifyCSS: false,
          });
        }
      },
    },
  };
}

import MagicString from 'magic-string';
import { parseSync, Visitor, type Plugin } from 'vite';

/** The app's own modules (the PWA and the code it shares with the server). */
const APP_MODULE = /[\\/]src[\\/](app|shared)[\\/].+\.tsx?$/;

/** valibot functions with an effect beyond their result: they throw on bad input, or change valibot's settings. */
const EFFECTFUL = /^(parse|parseAsync|assert|set|delete)/;

/**
 * Marks the app's valibot schema calls (`v.object(…)`, `v.pipe(…)` through `import * as v from 'valibot'`) as pure
 * in the PWA's build, so a schema that nothing on a page uses is left out of that page's download. The bundler
 * cannot tell on its own that a call through a namespace import has no effect, and keeps every schema a module
 * declares once any of the module is used. Calls that throw or change valibot's settings (parse, assert, set…) are
 * never marked. docs/performance.md.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'pure-schemas',
    apply: 'build',
    transform: {
      filter: { id: APP_MODULE, code: 'valibot' },
      handler(code, id) {
        const { program, errors } = parseSync(id, code);
        if (errors.length > 0) return null;
        const namespaces = new Set<string>();
        for (const statement of program.body) {
          if (statement.type !== 'ImportDeclaration' || statement.source.value !== 'valibot') continue;
          for (const specifier of statement.specifiers) {
            if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
          }
        }
        if (namespaces.size === 0) return null;
        const output = new MagicString(code);
        new Visitor({
          CallExpression(call) {
            const callee = call.callee;
            if (callee.type !== 'MemberExpression' || callee.computed || callee.object.type !== 'Identifier') return;
            if (!namespaces.has(callee.object.name) || callee.property.type !== 'Identifier') return;
            if (EFFECTFUL.test(callee.property.name)) return;
            output.appendLeft(call.start, '/* @__PURE__ */ ');
          },
        }).visit(program);
        return output.hasChanged() ? { code: output.toString(), map: output.generateMap({ hires: true, source: id }) } : null;
      },
    },
  };
}

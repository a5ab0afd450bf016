import MagicString from 'magic-string';
import { parseSync, Visitor, type Plugin } from 'vite';

/** The API contract's modules (src/shared/contract/*.ts). */
const CONTRACT_MODULE = /[\\/]src[\\/]shared[\\/]contract[\\/][^\\/]+\.ts$/;

/** The schemas of a declaration: what the server validates, and the PWA only takes the types of. */
const SCHEMA_KEYS: ReadonlySet<string> = new Set(['query', 'body', 'response']);

/**
 * In the PWA's build, every `endpoint({...})` declaration keeps its method, path and access and drops its schemas
 * (they become `undefined`). The server validates queries and bodies and checks its answers against them; the PWA's
 * API client reads only the method and the path, and takes the types, which the type checker reads from the
 * source. Its forms and URLs are checked with the schemas they import themselves. Without the references, a page
 * downloads the schemas it uses, not those of every route its calls are declared beside (the payer's invoice: none
 * of the claim, label or invoice schemas). docs/performance.md.
 */
export function clientContract(): Plugin {
  return {
    name: 'client-contract',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT_MODULE },
      handler(code, id) {
        const { program, errors } = parseSync(id, code);
        if (errors.length > 0) this.error(`client-contract: ${id} does not parse`);
        const output = new MagicString(code);
        new Visitor({
          CallExpression(call) {
            const [declaration] = call.arguments;
            if (call.callee.type !== 'Identifier' || call.callee.name !== 'endpoint') return;
            if (declaration?.type !== 'ObjectExpression') return;
            for (const property of declaration.properties) {
              if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier') continue;
              if (SCHEMA_KEYS.has(property.key.name)) output.overwrite(property.value.start, property.value.end, 'undefined');
            }
          },
        }).visit(program);
        return output.hasChanged() ? { code: output.toString(), map: output.generateMap({ hires: true, source: id }) } : null;
      },
    },
  };
}

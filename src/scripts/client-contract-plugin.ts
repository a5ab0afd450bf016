import MagicString from 'magic-string';
import { parseSync, Visitor, type Plugin } from 'vite';

/** The API contract's modules (src/shared/contract/*.ts). */
const CONTRACT_MODULE = /[\\/]src[\\/]shared[\\/]contract[\\/][^\\/]+\.ts$/;

/**
 * In the PWA's build, drops the `response` schema of every `endpoint({...})` declaration (it becomes `undefined`).
 * The server checks its answers against those schemas (and the tests check the server); the PWA only takes their
 * types, which the type checker reads from the source. Without the references, the answers' schemas (invoices with
 * their labels, contacts and payments, users with their plans) are left out of the pages' downloads. The queries'
 * and bodies' schemas stay: the PWA validates its forms and its URLs with them. docs/performance.md.
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
              if (property.key.name === 'response') output.overwrite(property.value.start, property.value.end, 'undefined');
            }
          },
        }).visit(program);
        return output.hasChanged() ? { code: output.toString(), map: output.generateMap({ hires: true, source: id }) } : null;
      },
    },
  };
}

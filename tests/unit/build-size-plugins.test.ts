import { describe, expect, it } from 'vitest';
import { clientContract } from '../../src/scripts/client-contract-plugin';
import { cssClassNames } from '../../src/scripts/css-class-names';
import { pureSchemas } from '../../src/scripts/pure-schemas-plugin';

type Handler = (this: { error: (message: string) => never }, code: string, id: string) => { code: string } | null;

function transform(code: string, id = '/app/src/shared/contract/invoices.ts'): string | null {
  const hook = clientContract().transform as { filter: { id: RegExp }; handler: Handler };
  if (!hook.filter.id.test(id)) return null;
  const context = {
    error: (message: string): never => {
      throw new Error(message);
    },
  };
  return hook.handler.call(context, code, id)?.code ?? null;
}

describe("the PWA build's contract", () => {
  it("keeps every endpoint's method, path and access, and drops its schemas", () => {
    const source = [
      "import { invoiceOut, invoiceList } from '../schemas/invoice';",
      'export const invoiceEndpoints = {',
      "  getInvoice: endpoint({ method: 'GET', path: '/api/invoices/:id', access: 'public', response: invoiceOut }),",
      '  listInvoices: endpoint({',
      "    method: 'GET',",
      "    path: '/api/invoices',",
      "    access: 'user',",
      '    query: v.object({ search: v.optional(v.string()) }),',
      '    response: v.object({ results: v.array(invoiceList), count: v.number() }),',
      '  }),',
      "  createInvoice: endpoint({ method: 'POST', path: '/api/invoices', access: 'full', body: invoiceIn }),",
      '};',
      'export const notAnEndpoint = { response: invoiceOut };',
    ].join('\n');
    const output = transform(source);
    expect(output).toContain("getInvoice: endpoint({ method: 'GET', path: '/api/invoices/:id', access: 'public', response: undefined }),");
    expect(output).toContain("    method: 'GET',\n    path: '/api/invoices',\n    access: 'user',\n    query: undefined,\n    response: undefined,\n");
    expect(output).toContain("access: 'full', body: undefined })");
    expect(output).not.toContain('v.array(invoiceList)');
    expect(output).not.toContain('v.optional(v.string())');
    // Only endpoint declarations are touched.
    expect(output).toContain('export const notAnEndpoint = { response: invoiceOut };');
  });

  it('leaves modules outside the contract, and a contract module without answers, as they are', () => {
    expect(transform("endpoint({ response: a });", '/app/src/shared/schemas/invoice.ts')).toBeNull();
    expect(transform("export const x = endpoint({ method: 'GET', path: '/api/x', access: 'user' });")).toBeNull();
  });
});

describe("the PWA build's schemas", () => {
  type PureHandler = (this: unknown, code: string, id: string) => { code: string } | null;
  const pure = (code: string, id = '/app/src/shared/schemas/contact.ts'): string | null => {
    const hook = pureSchemas().transform as { filter: { id: RegExp }; handler: PureHandler };
    return hook.filter.id.test(id) ? (hook.handler.call({}, code, id)?.code ?? null) : null;
  };

  it('marks valibot schema calls pure, never those that throw or change settings', () => {
    const output = pure(
      [
        "import * as v from 'valibot';",
        'export const name = v.pipe(v.string(), v.maxLength(20));',
        'export function check(value) {',
        '  v.parse(name, value);',
        '  v.assert(name, value);',
        "  v.setGlobalConfig({ lang: 'en' });",
        '  return v.safeParse(name, value).success;',
        '}',
      ].join('\n'),
    );
    expect(output).toContain('export const name = /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.maxLength(20));');
    expect(output).toContain('  v.parse(name, value);');
    expect(output).toContain('  v.assert(name, value);');
    expect(output).toContain("  v.setGlobalConfig({ lang: 'en' });");
    expect(output).toContain('return /* @__PURE__ */ v.safeParse(name, value).success;');
  });

  it('leaves modules without a valibot namespace import, and libraries, as they are', () => {
    expect(pure("import { object } from 'valibot';\nexport const a = object({});")).toBeNull();
    expect(pure("import * as v from 'valibot';\nv.object({});", '/app/node_modules/x/index.js')).toBeNull();
  });
});

describe("CSS modules' class names", () => {
  it('keep the class name and add a tag that stands for the style sheet, the same in every build', () => {
    const name = cssClassNames('/app');
    const badge = name('badge', '/app/src/app/features/invoices/invoices.module.css');
    expect(badge).toMatch(/^badge_[A-Za-z0-9]{5}$/);
    expect(name('badgeRed', '/app/src/app/features/invoices/invoices.module.css?used')).toBe(`badgeRed_${badge.slice(6)}`);
    expect(cssClassNames('/elsewhere')('badge', '/elsewhere/src/app/features/invoices/invoices.module.css')).toBe(badge);
    expect(name('badge', '/app/src/app/features/overview/overview.module.css')).not.toBe(badge);
  });

  it('stop the build when two style sheets get one tag', () => {
    const name = cssClassNames('/app', 1);
    const tags = new Map<string, string>();
    let clash: [string, string] | undefined;
    for (let index = 0; clash === undefined; index += 1) {
      const sheet = `/app/src/sheet-${String(index)}.module.css`;
      const tag = cssClassNames('/app', 1)('a', sheet);
      const earlier = tags.get(tag);
      if (earlier === undefined) tags.set(tag, sheet);
      else clash = [earlier, sheet];
    }
    name('a', clash[0]);
    expect(() => name('b', clash[1])).toThrow(/have one class tag/);
  });
});

import { describe, expect, it } from 'vitest';
import { usedImports, type ImportingModule } from '../../src/scripts/used-imports';

/** path → code; every relative import in the code is an imported id (as the bundler reports it). */
function graph(files: Record<string, string>) {
  const modules = new Map<string, ImportingModule>();
  for (const [id, code] of Object.entries(files)) {
    const dir = id.slice(0, id.lastIndexOf('/'));
    const importedIds = [...code.matchAll(/from\s*["'](\.[^"']*)["']|import\s*["'](\.[^"']+)["']/g)].map((match) => {
      const specifier = match[1] ?? match[2] ?? '';
      const parts = `${dir}/${specifier}`.split('/');
      const out: string[] = [];
      for (const part of parts) {
        if (part === '..') out.pop();
        else if (part !== '.') out.push(part);
      }
      const base = out.join('/');
      return [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => candidate in files) ?? base;
    });
    modules.set(id, { id, code, importedIds });
  }
  return (id: string) => modules.get(id) ?? null;
}

const FEATURE = {
  '/app/feature/index.ts': [
    '/** What other features use. */',
    'export { listQuery, LIST_SIZE } from "./queries";',
    'export {\n  saveMutation as save,\n} from "./mutations";',
    'export * from "./texts";',
  ].join('\n'),
  '/app/feature/queries.ts': 'import { api } from "../api";\nexport const listQuery = () => api;\nexport const LIST_SIZE = 3;',
  '/app/feature/mutations.ts': 'import { check } from "../checks";\nexport const saveMutation = () => check;',
  '/app/feature/texts.ts': 'export const TITLE = "Feature";',
  '/app/api.ts': 'export const api = {};',
  '/app/checks.ts': 'export const check = 1;',
};

describe('used imports', () => {
  it('follows a name taken from an index file to the module that defines it, not to the rest', () => {
    const lookup = graph({ ...FEATURE, '/app/page.tsx': 'import { listQuery } from "./feature";\nexport const Page = listQuery;' });
    expect(usedImports('/app/page.tsx', lookup)).toEqual(['/app/feature/queries.ts']);
  });

  it('follows renamed re-exports, several names and `export *`', () => {
    const lookup = graph({
      ...FEATURE,
      '/app/page.tsx': 'import {\n  save,\n  LIST_SIZE as size,\n  type Item,\n} from "./feature";\nimport { TITLE } from "./feature";',
    });
    expect(usedImports('/app/page.tsx', lookup).sort()).toEqual(['/app/feature/mutations.ts', '/app/feature/queries.ts', '/app/feature/texts.ts']);
  });

  it('takes the whole index file for a namespace import, and follows index files of index files', () => {
    const nested = { ...FEATURE, '/app/index.ts': 'export { listQuery } from "./feature";' };
    expect(usedImports('/app/page.tsx', graph({ ...nested, '/app/page.tsx': 'import * as feature from "./feature";' }))).toEqual([
      '/app/feature/index.ts',
    ]);
    expect(usedImports('/app/page.tsx', graph({ ...nested, '/app/page.tsx': 'import { listQuery } from ".";' }))).toEqual([
      '/app/feature/queries.ts',
    ]);
  });

  it('keeps imports of modules with code of their own, side-effect imports and unknown modules', () => {
    const lookup = graph({
      ...FEATURE,
      '/app/styles.css': '',
      '/app/page.tsx': 'import "./styles.css";\nimport { api } from "./api";\nimport { check } from "./checks";',
    });
    expect(usedImports('/app/page.tsx', lookup).sort()).toEqual(['/app/api.ts', '/app/checks.ts', '/app/styles.css']);
    expect(usedImports('/app/missing.ts', lookup)).toEqual([]);
  });

  it('treats a module with code beside its re-exports as a module of its own', () => {
    const lookup = graph({
      ...FEATURE,
      '/app/mixed/index.ts': 'export { listQuery } from "../feature/queries";\nexport const local = 1;',
      '/app/page.tsx': 'import { local } from "./mixed";',
    });
    expect(usedImports('/app/page.tsx', lookup)).toEqual(['/app/mixed/index.ts']);
  });
});

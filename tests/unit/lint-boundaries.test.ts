/**
 * The import boundaries of eslint.config.js hold: the PWA and src/shared load no Node built-in and no
 * server-only package, src/shared touches no DOM or Node global, and nothing outside the server imports it.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The probes exist only as text: the rules that read types (which need a file on disk) are left out here; the
// boundaries do not depend on them.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

/** A module importing `name` from `from` and using it. */
const probe = (name: string, from: string): string => `import ${name} from '${from}';\nexport const probe = [${name}];\n`;
/** A module importing everything of `from` and using it. */
const probeAll = (from: string): string => `import * as probed from '${from}';\nexport const probe = [probed];\n`;

// Linting follows every import (import-x/no-cycle), so a probe importing app code reads much of the app.
describe('lint boundaries', { timeout: 60_000 }, () => {
  it('keep Node built-ins and server-only packages out of the PWA', async () => {
    for (const [name, from] of [['fs', 'node:fs'], ['Worker', 'worker_threads'], ['pg', 'pg'], ['sql', 'drizzle-orm'], ['Hono', 'hono'], ['PDFDocument', 'pdfkit']] as const) {
      const found = await problems('src/app/features/lint-probe.ts', probe(name, from));
      expect(found, from).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
    }
    const server = await problems('src/app/features/lint-probe.ts', "import { loadConfig } from '../../server/config/env';\nexport const probe = loadConfig;\n");
    expect(server.some((text) => text.startsWith('import-x/no-restricted-paths')), server.join('\n')).toBe(true);
  });

  it('keep src/shared free of Node, DOM, server packages and UI', async () => {
    for (const [name, from] of [['EventEmitter', 'events'], ['pg', 'pg'], ['React', 'react']] as const) {
      const found = await problems('src/shared/lint-probe.ts', probe(name, from));
      expect(found, from).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
    }
    const globalUse = await problems('src/shared/lint-probe.ts', 'export const probe = () => document.title + String(process.env.X);\n');
    expect(globalUse.filter((text) => text.startsWith('no-restricted-globals'))).toHaveLength(2);
  });

  it('let the server use what it needs', async () => {
    const found = await problems('src/server/lint-probe.ts', "import { readFileSync } from 'node:fs';\nimport pg from 'pg';\nexport const probe = [readFileSync, pg];\n");
    expect(found).toEqual([]);
  });

  it('keep the PWA layers pointing down, features reaching each other through their index.ts', async () => {
    const zone = (found: string[]) => found.filter((text) => text.startsWith('import-x/no-restricted-paths'));
    const cases: [file: string, from: string, allowed: boolean][] = [
      ['src/app/lib/lint-probe.ts', '../features/help', false],
      ['src/app/components/lint-probe.ts', '../features/labels/label-chip', false],
      ['src/app/components/lint-probe.ts', '../routes/root', false],
      ['src/app/features/faq/lint-probe.ts', '../../routes/root', false],
      ['src/app/features/overview/lint-probe.ts', '../labels/label-chip', false],
      ['src/app/features/overview/lint-probe.ts', '../labels', true],
      ['src/app/features/overview/lint-probe.ts', './overview-rules', true],
      ['src/app/features/overview/lint-probe.ts', '../../components/dialog', true],
      ['src/app/routes/lint-probe.ts', '../features/overview/overview-page', true],
    ];
    for (const [file, from, allowed] of cases) {
      const found = zone(await problems(file, probeAll(from)));
      expect(found, `${file} importing ${from}`).toHaveLength(allowed ? 0 : 1);
    }
  });

  it('reject import cycles in the PWA', async () => {
    // session.ts imports storage-keys.ts; storage-keys.ts importing session.ts would close a circle.
    const found = await problems('src/app/lib/storage-keys.ts', probeAll('./session'));
    expect(found.some((text) => text.startsWith('import-x/no-cycle')), found.join('\n')).toBe(true);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without type declarations
import { envTableRows, readmeTableRows } from '../../src/scripts/env-table.mjs';

describe('README Configuration table', () => {
  it('lists exactly the variables documented in src/server/config/env.ts', () => {
    const env = readFileSync(new URL('../../src/server/config/env.ts', import.meta.url), 'utf8');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const rows = envTableRows(env) as string[];
    expect(rows.length).toBeGreaterThan(20);
    expect(readmeTableRows(readme)).toEqual(rows);
  });
});

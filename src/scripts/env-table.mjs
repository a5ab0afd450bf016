/**
 * Keeps the README's Configuration table equal to the table documented on top of src/server/config/env.ts.
 * `node src/scripts/env-table.mjs` rewrites the README's table; `--check` exits 1 when they differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const START = '<!-- ENV-TABLE -->';
const END = '<!-- /ENV-TABLE -->';

/** The table rows of env.ts's leading doc comment, without the ` * ` prefix. */
export function envTableRows(source) {
  const comment = source.slice(0, source.indexOf('*/'));
  return comment
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, ''))
    .filter((line) => line.startsWith('|'));
}

/** The README's table rows between the markers. */
export function readmeTableRows(readme) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error('README has no ENV-TABLE markers');
  return readme
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'));
}

function main() {
  const envPath = `${root}src/server/config/env.ts`;
  const readmePath = `${root}README.md`;
  const rows = envTableRows(readFileSync(envPath, 'utf8'));
  const readme = readFileSync(readmePath, 'utf8');
  const current = readmeTableRows(readme);
  if (process.argv.includes('--check')) {
    if (current.join('\n') !== rows.join('\n')) {
      console.error('README Configuration table differs from src/server/config/env.ts; run node src/scripts/env-table.mjs');
      process.exit(1);
    }
    return;
  }
  const lines = readme.split('\n');
  const first = lines.findIndex((line, i) => line === current[0] && i > lines.indexOf(START));
  lines.splice(first, current.length, ...rows);
  writeFileSync(readmePath, lines.join('\n'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();

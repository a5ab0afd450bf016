import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../src/server/db/client';
import { MIGRATIONS_FOLDER } from '../../../src/server/db/migrate';
import { prepareDatabase } from '../../../src/server/prepare-database';

/** Identifies the template: PGlite's version, the migration and seed files it was built from, and the UTC day. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(join(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  for (const name of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  // The seed (plans, demo users and their generated sample data) is part of the template too.
  const serverDir = join(import.meta.dirname, '../../../src/server');
  for (const file of ['seed-database.ts', ...readdirSync(join(serverDir, 'demo')).sort().map((name) => `demo/${name}`)]) {
    hash.update(file).update(readFileSync(join(serverDir, file)));
  }
  // Its demo data ends on the day it was built (see ensureDemoData); another day's would be rewritten at every open.
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of an empty, migrated PGlite cluster, built once per machine and schema version and reused by every
 * test file (starting PGlite from it skips initdb). Each database opened from it still runs the migrations
 * and seed, so a stale template can only cost time, never correctness.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const name = `ledgerloop-pglite-template-${templateKey()}.tar`;
  const file = join(tmpdir(), name);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
    await prepareDatabase(database);
    if (database.dumpDataDir === undefined) throw new Error('PGlite gives no dump.');
    const dump = await database.dumpDataDir();
    await database.close();
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    // Templates of earlier schema versions are of no further use.
    for (const old of readdirSync(tmpdir())) {
      if (old.startsWith('ledgerloop-pglite-template-') && old.endsWith('.tar') && old !== name) {
        rmSync(join(tmpdir(), old), { force: true });
      }
    }
    return dump;
  }
}

import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteHandle } from '../../src/db/client.ts';
import { createPostgresDatabase, dropPostgresDatabase, postgresUrl } from './postgres-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a PGlite data directory with every migration applied. */
    pgliteTemplate: string;
    /** A PostgreSQL database with every migration applied, for CREATE DATABASE … TEMPLATE; null without one. */
    postgresTemplate: string | null;
  }
}

const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** A digest of the migration files: another set of migrations names another template. */
async function migrationsDigest(): Promise<string> {
  const entries = await readdir(migrationsFolder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const digest = createHash('sha256');
  for (const file of files) digest.update(path.relative(migrationsFolder, file)).update(await readFile(file));
  return digest.digest('hex').slice(0, 12);
}

async function writePgliteTemplate(file: string): Promise<void> {
  const client = new PGlite();
  try {
    await pgliteHandle(client).migrate();
    const tarball = await client.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    await client.close();
  }
}

async function createPostgresTemplate(digest: string): Promise<string> {
  const name = await createPostgresDatabase(`adloop_template_${digest}`);
  try {
    const database = await openDatabase({ kind: 'postgres', url: postgresUrl(name), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      // No connection may stay open to a template while it is copied.
      await database.close();
    }
  } catch (error) {
    await dropPostgresDatabase(name);
    throw error;
  }
  return name;
}

interface Templates {
  digest: string;
  pgliteTemplate: string;
  postgresTemplate: string | null;
  remove(): Promise<void>;
}

/** Runs every migration once, on PGlite and on PostgreSQL when TEST_DATABASE_URL names one. */
async function buildTemplates(): Promise<Templates> {
  const digest = await migrationsDigest();
  const dir = await mkdtemp(path.join(tmpdir(), 'adloop-templates-'));
  const pgliteTemplate = path.join(dir, `pglite-${digest}.tar`);
  const [pglite, postgres] = await Promise.allSettled([
    writePgliteTemplate(pgliteTemplate),
    process.env.TEST_DATABASE_URL ? createPostgresTemplate(digest) : null,
  ]);
  const postgresTemplate = postgres.status === 'fulfilled' ? postgres.value : null;
  const remove = async () => {
    await rm(dir, { recursive: true, force: true });
    if (postgresTemplate) await dropPostgresDatabase(postgresTemplate);
  };
  // A migration that fails fails the run, leaving no template behind.
  const failure = [pglite, postgres].find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await remove();
    throw failure.reason;
  }
  return { digest, pgliteTemplate, postgresTemplate, remove };
}

/**
 * Migrates once per run; each API test file then opens a copy of the migrated database rather than
 * migrating its own (decision 057). The PostgreSQL template is this run's own, so concurrent runs
 * never share one, and it is dropped at the end.
 */
export default async function setup(project: TestProject) {
  let templates = await buildTemplates();
  const provide = () => {
    project.provide('pgliteTemplate', templates.pgliteTemplate);
    project.provide('postgresTemplate', templates.postgresTemplate);
  };
  provide();
  // In watch mode a migration written since the last run needs new templates.
  project.onTestsRerun(async () => {
    if ((await migrationsDigest()) === templates.digest) return;
    await templates.remove();
    templates = await buildTemplates();
    provide();
  });
  return () => templates.remove();
}

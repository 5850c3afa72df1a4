import { randomBytes } from 'node:crypto';
import pg from 'pg';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

async function asAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of a database on TEST_DATABASE_URL's server. */
export function postgresUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates a database under a random name (`prefix` and hex), empty or as a copy of `template`. */
export async function createPostgresDatabase(prefix: string, template?: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return name;
}

export function dropPostgresDatabase(name: string): Promise<void> {
  return asAdmin(`drop database if exists ${name} with (force)`);
}

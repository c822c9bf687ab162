import pg from 'pg';
import { migrate } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';

const TEMPLATE = `kite_template_${process.pid}`;

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A migrated database that each test file copies (CREATE DATABASE ... TEMPLATE is a fast file copy). */
export async function prepareTemplate(adminUrl: string): Promise<string> {
  await admin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${TEMPLATE}"`);
    await client.query(`CREATE DATABASE "${TEMPLATE}"`);
  });
  const pool = createPool(databaseUrl(adminUrl, TEMPLATE), 2);
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  return TEMPLATE;
}

export async function dropTemplate(adminUrl: string): Promise<void> {
  await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${TEMPLATE}"`));
}

export async function createDatabaseFromTemplate(adminUrl: string, template: string): Promise<string> {
  const name = `kite_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  // Copies of one template must not run at the same moment; PostgreSQL refuses a template in use.
  await admin(adminUrl, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if (attempt > 50 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  });
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

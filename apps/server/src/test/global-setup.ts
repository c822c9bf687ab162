import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../config/server-root.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { prepareTemplate, dropTemplate } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

let embedded: EmbeddedDatabase | undefined;

/** One PostgreSQL for the whole run: DATABASE_URL when given (CI also uses the machine's service), else embedded. */
export async function setup(project: TestProject): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = path.join(repoRoot, 'data', 'test-pg');
    rmSync(dir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres(dir, Number(process.env.TEST_PG_PORT ?? 54339), 'postgres');
    adminUrl = embedded.url;
  }
  const template = await prepareTemplate(adminUrl);
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
}

export async function teardown(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? embedded?.url;
  if (adminUrl) await dropTemplate(adminUrl).catch(() => {});
  await embedded?.stop();
}

import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/server/src/db/embedded.ts';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { repoRoot, startServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eAdminDatabaseUrl: string;
    chromiumPath: string;
    webDist: string;
  }
}

let embedded: EmbeddedDatabase | undefined;
let server: RunningServer | undefined;

/** Builds the web app, starts PostgreSQL and one real server that the browser tests share. */
export async function setup(project: TestProject): Promise<void> {
  const chromiumPath = ensureChromium();
  // A build of its own, so runs side by side never serve each other's half-written files; its manifest lets
  // tests/first-screen.test.ts size the first screen's chunks.
  const webDist = mkdtempSync(path.join(tmpdir(), 'kite-web-'));
  execSync(`npx vite build --logLevel error --manifest --outDir ${webDist} --emptyOutDir`, {
    cwd: path.join(repoRoot, 'apps/web'),
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would build React's development bundle; the browser tests run what clients get.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = path.join(repoRoot, 'data', 'e2e-pg');
    rmSync(dir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres(dir, Number(process.env.E2E_PG_PORT ?? 54349), 'postgres');
    adminUrl = embedded.url;
  }
  server = await startServer(adminUrl, { WEB_DIST: webDist });
  project.provide('baseUrl', server.url);
  project.provide('e2eAdminDatabaseUrl', adminUrl);
  project.provide('chromiumPath', chromiumPath);
  project.provide('webDist', webDist);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await embedded?.stop();
}

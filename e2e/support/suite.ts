import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { signIn } from './auth.ts';
import { openPage, type BrowserSession } from './browser.ts';
import { acknowledgeRisk } from './risk-disclosure.ts';
import { startServer, type RunningServer } from './server.ts';

export interface SuiteOptions {
  /**
   * A server and database of the file's own, with these settings over the defaults (the built web app served), for
   * tests that change what other files read (orders, holdings) or need a setting of their own (ENCRYPTION off to call
   * the plain API). Without it the page opens on the server the global set-up shares.
   */
  ownServer?: Record<string, string>;
  /** Signed in before the first test; DEMO1 past the risk disclosure its F&O permission shows once. */
  signedInAs?: 'DEMO1' | 'DEMO2';
}

/** What a browser test file works with once its `beforeAll` has run. */
export interface Suite {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly baseUrl: string;
  /** The file's own server; only with `ownServer`. */
  readonly server: RunningServer;
}

/**
 * A browser page for the tests of the `describe` this is called in: opened (on a server of its own when asked, signed
 * in when asked) before its first test, and closed with its server after its last. Errors thrown in the page are
 * printed, so a failing test shows what the page said.
 */
export function browserSuite(options: SuiteOptions = {}): Suite {
  let session: BrowserSession | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    if (options.ownServer)
      server = await startServer(inject('e2eAdminDatabaseUrl'), { WEB_DIST: inject('webDist'), ...options.ownServer });
    session = await openPage(server ? { baseUrl: server.url } : {});
    session.page.on('pageerror', (error) => console.error('page error:', error.message));
    if (options.signedInAs) await signIn(session.page, options.signedInAs);
    if (options.signedInAs === 'DEMO1') await acknowledgeRisk(session.page);
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await server?.stop();
  });
  const ready = (): BrowserSession => {
    if (!session) throw new Error('the browser suite is used before its beforeAll ran');
    return session;
  };
  return {
    get page() {
      return ready().page;
    },
    get context() {
      return ready().context;
    },
    get baseUrl() {
      return ready().baseUrl;
    },
    get server() {
      if (!server) throw new Error('this browser suite has no server of its own (ownServer)');
      return server;
    },
  };
}

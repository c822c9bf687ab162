import { APP_VERSION } from '@kite/domain';
import type { Page } from 'playwright-core';

export interface ApiAnswer {
  infoID: string;
  infoMsg: string;
  data: unknown;
}

/**
 * A call of the plain API with the signed-in page's cookies, in the server's envelope, for tests that set up trades
 * through the API. Only for a server started with ENCRYPTION off (the page's own calls are encrypted otherwise).
 */
export async function apiCall(page: Page, path: string, data: unknown, appId = 'e2e'): Promise<ApiAnswer> {
  const response = await page.request.post(`/api${path}`, {
    data: { request: { data, appVersion: APP_VERSION } },
    headers: { 'x-app-id': appId },
  });
  return ((await response.json()) as { response: ApiAnswer }).response;
}

import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';

const empty = z.strictObject({});

export const appConfigSchema = z.object({
  appVersion: z.string(),
  environment: z.string(),
  encryption: z.boolean(),
  sessionIdleMs: z.number().int().positive(),
  sqrOffTimeLimit: z.number().int().nonnegative(),
  newPnlForAll: z.boolean(),
  customerCare: z.object({ phones: z.array(z.string()), email: z.string() }),
  ipoHelpHours: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const getAppConfig = defineCall({
  path: '/App/Config',
  summary: 'Client configuration stored by the web app at start',
  access: 'public',
  request: empty,
  response: appConfigSchema,
});

export const infoCalls = [getAppConfig] as const;

import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { signedInSchema } from './account.ts';

/** Single sign-on for the embedded entry routes (platform.md 2.2, 6, 7.2). */

export const ssoResultSchema = z.enum(['SUCCESS', 'FAILED']);

export const ssoSignOn = defineCall({
  path: '/Business/SSOService',
  summary: 'Sign on with a partner token (signed, expiring, single use); SUCCESS sets the session cookie',
  access: 'public',
  request: z.strictObject({ data: z.string().min(1).max(2000) }),
  response: z.object({
    result: ssoResultSchema,
    userId: z.string().nullable(),
    /** Source code of the partner app: W web, P mobile (platform.md 9). */
    source: z.string().nullable(),
    appkey: z.string().nullable(),
    /** The signed-in state the web app stores, as after /Account/Login; null when FAILED. */
    session: signedInSchema.nullable(),
  }),
});

export const ssoCalls = [ssoSignOn] as const;

import type { z } from 'zod';

/** Who may make a call: anybody, a signed-in client, or a client who has passed the password but not yet the OTP. */
export type Access = 'public' | 'session' | 'otp-pending';

/** One API call of the spec: its path under /api, its request data schema and its response data schema. */
export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: `/${string}`;
  summary: string;
  access: Access;
  request: Req;
  response: Res;
  /** Order-related and pay-in calls carry the app-id header (platform.md 7.1). */
  needsAppId?: boolean;
  /** Names of request fields that hold ids of the client's own objects (order, basket, watchlist...). */
  objectIdFields?: readonly string[];
}

export function defineCall<const Req extends z.ZodType, const Res extends z.ZodType>(
  def: CallDef<Req, Res>,
): CallDef<Req, Res> {
  return def;
}

export type RequestData<C> = C extends CallDef<infer R, z.ZodType> ? z.input<R> : never;
export type ParsedRequestData<C> = C extends CallDef<infer R, z.ZodType> ? z.output<R> : never;
export type ResponseData<C> = C extends CallDef<z.ZodType, infer S> ? z.output<S> : never;

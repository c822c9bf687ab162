import {
  APP_ID_HEADER,
  APP_VERSION,
  NON_ERROR_CODES,
  SESSION_INVALID_CODE,
  SUCCESS_INFO_ID,
  type CallDef,
  type RequestData,
  type ResponseData,
} from '@kite/domain';
import { getAppId } from '../storage/storage.ts';
import { ApiError } from './api-error.ts';
import { payloadCodec, type PayloadCodec } from './payload-codec.ts';
import { applyResponseSideEffects } from './response-effects.ts';

export interface CallResult<T> {
  data: T;
  infoID: string;
  infoMsg: string;
}

export interface CallOptions {
  /** Do not raise the global session-invalid event on EGN006 (platform.md 8). */
  suppressSessionError?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type SessionInvalidListener = (message: string) => void;
const sessionInvalidListeners = new Set<SessionInvalidListener>();

/** The shell listens here to show the EGN006 dialog and log the client out. */
export function onSessionInvalid(listener: SessionInvalidListener): () => void {
  sessionInvalidListeners.add(listener);
  return () => sessionInvalidListeners.delete(listener);
}

type AnswerBody = { response?: { infoID?: string; infoMsg?: string; data?: unknown } };

async function exchange<C extends CallDef>(
  codec: PayloadCodec,
  def: C,
  data: RequestData<C>,
  options: CallOptions,
): Promise<{ response: Response; body: AnswerBody }> {
  const encoded = await codec.encode(JSON.stringify({ request: { data, appVersion: APP_VERSION } }));
  const headers: Record<string, string> = { ...encoded.headers, ...options.headers };
  if (def.needsAppId) headers[APP_ID_HEADER] = getAppId();
  const response = await fetch(`/api${def.path}`, {
    method: 'POST',
    credentials: 'include',
    headers,
    body: encoded.body,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  try {
    return { response, body: (await codec.decode(response)) as AnswerBody };
  } catch {
    throw new ApiError(`HTTP_${response.status}`, response.statusText || 'Something went wrong', response.status);
  }
}

/** The one API client: POST /api<path> with the envelope, response side effects, one error path. */
export async function callApi<C extends CallDef>(
  def: C,
  data: RequestData<C>,
  options: CallOptions = {},
): Promise<CallResult<ResponseData<C>>> {
  const codec = payloadCodec();
  let { response, body } = await exchange(codec, def, data, options);
  // An unknown or expired encryption key: the codec agrees a new one and the call is retried once (platform.md 7.1).
  const refusal = body.response?.infoID;
  if (refusal && refusal !== SUCCESS_INFO_ID && codec.recover && (await codec.recover(refusal))) {
    ({ response, body } = await exchange(codec, def, data, options));
  }
  const answer = body.response;
  if (!response.ok && !answer) {
    throw new ApiError(`HTTP_${response.status}`, response.statusText || 'Something went wrong', response.status);
  }
  const infoID = answer?.infoID ?? `HTTP_${response.status}`;
  const infoMsg = answer?.infoMsg ?? response.statusText;
  if (infoID !== SUCCESS_INFO_ID && !NON_ERROR_CODES.has(infoID)) {
    if (infoID === SESSION_INVALID_CODE && !options.suppressSessionError) {
      for (const listener of sessionInvalidListeners) listener(infoMsg);
    }
    throw new ApiError(infoID, infoMsg, response.status);
  }
  applyResponseSideEffects(answer?.data);
  return { data: answer?.data as ResponseData<C>, infoID, infoMsg };
}

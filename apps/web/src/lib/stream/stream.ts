import { useEffect, useSyncExternalStore } from 'react';
import { STREAM_PATH, legacyStreamKey, segmentStreamKey, type StreamKey, type StreamLevel } from '@kite/domain';
import { sessionStore } from '../session/session-store.ts';
import { local, storageKeys } from '../storage/storage.ts';
import { decodeFrame } from './decode-frame.ts';
import { orderUpdates } from './order-updates.ts';
import {
  type RegisterOptions,
  StreamClient,
  type StreamCredentials,
  type StreamSocket,
  type StreamStatus,
} from './stream-client.ts';
import { tickStore } from './tick-store.ts';

function streamUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${STREAM_PATH}`;
}

/** platform.md 6: the socket is authorised with the account id and session token of the stored session. */
function storedCredentials(): StreamCredentials | null {
  const state = sessionStore.get();
  if (!state?.loggedIn || !state.userId || !state.userSessionId) return null;
  return { user: state.userId, acctid: local.get(storageKeys.accountId) ?? state.userId, token: state.userSessionId };
}

/** The app's one stream client, feeding the one tick store. */
export const streamClient = new StreamClient({
  openSocket: () => new WebSocket(streamUrl()) as unknown as StreamSocket,
  credentials: storedCredentials,
  decode: decodeFrame,
  deliver: (item) => {
    if (item.type === 'order') orderUpdates.emit(item);
    tickStore.apply(item);
  },
});

let signedInAs: string | null = storedCredentials()?.token ?? null;
sessionStore.subscribe(() => {
  const token = storedCredentials()?.token ?? null;
  if (token === signedInAs) return;
  signedInAs = token;
  if (token) {
    streamClient.restart();
  } else {
    // Logout: the socket closes and no old prices stay on screen.
    streamClient.disconnect();
    tickStore.clear();
  }
});

/** The live stream's status, for the shell's notice when live prices are lost. */
export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(
    (listener) => streamClient.onStatus(listener),
    () => streamClient.status,
  );
}

/** After the client stopped retrying (platform.md 4.7: ten attempts), tries again at the client's asking. */
export function reconnectStream(): void {
  streamClient.restart();
}

/** Holds live updates while the chart or order dialog is open; the named screen keeps ticking (platform.md 4.7). */
export function pause(liveScreen?: string): void {
  streamClient.pause(liveScreen);
}

/** Resumes live updates when that dialog closes. */
export function resume(): void {
  streamClient.resume();
}

/** What the stream needs of a symbol to name it on either feed (trading.md 3 "Symbol object"). */
export interface StreamSymbol {
  exc: string;
  streamSym: string;
  exc_seg: string;
  xSym: string;
}

/** trading.md 4.9: TR_STREAM_FLAG 'N' selects the older feed (exc|streamSym), anything else the newer (exc_seg|xSym). */
export function streamKeyFor(
  symbol: StreamSymbol,
  flag: string | null = local.get(storageKeys.trStreamFlag),
): StreamKey {
  return flag === 'N' ? legacyStreamKey(symbol.exc, symbol.streamSym) : segmentStreamKey(symbol.exc_seg, symbol.xSym);
}

/** Registers a screen's keys while it is mounted; a change of keys re-registers (trading.md 4.9). */
export function useStreamRegistration(
  screen: string,
  keys: readonly StreamKey[],
  level: StreamLevel,
  options: RegisterOptions = {},
): void {
  const joined = keys.join('&');
  const { dropWhilePaused = false } = options;
  useEffect(() => {
    if (!joined) return;
    return streamClient.register(screen, joined.split('&'), level, { dropWhilePaused });
  }, [screen, joined, level, dropWhilePaused]);
}

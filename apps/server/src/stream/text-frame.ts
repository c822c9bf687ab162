import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * Websocket text frames built once and written straight to each connection's TCP socket (RFC 6455 5.2: FIN, opcode
 * 1, unmasked, as a server sends). A fan-out pass writes a thousand frames; `ws.send` would make a header, an options
 * object and a two-buffer corked write for each (~12-17 µs a loopback send to 1,000 sockets, against ~9-11 µs for one
 * buffer; README "Measured"), where a frame built with room for its header goes out as one buffer, the bytes
 * `ws.send` would write.
 */

/** The longest header a server frame needs: 2 bytes, a 64-bit length. */
export const TEXT_FRAME_HEADROOM = 10;

const FIN_TEXT = 0x81;

function headerLength(payloadLength: number): number {
  return payloadLength < 126 ? 2 : payloadLength < 65_536 ? 4 : 10;
}

/**
 * The whole frame of a payload that sits at TEXT_FRAME_HEADROOM in `room`: the header is written just before the
 * payload and the frame is a view of `room` from there.
 */
export function textFrameIn(room: Buffer): Buffer {
  const payloadLength = room.length - TEXT_FRAME_HEADROOM;
  const start = TEXT_FRAME_HEADROOM - headerLength(payloadLength);
  room[start] = FIN_TEXT;
  if (payloadLength < 126) room[start + 1] = payloadLength;
  else if (payloadLength < 65_536) {
    room[start + 1] = 126;
    room.writeUInt16BE(payloadLength, start + 2);
  } else {
    room[start + 1] = 127;
    room.writeUInt32BE(Math.floor(payloadLength / 2 ** 32), start + 2);
    room.writeUInt32BE(payloadLength >>> 0, start + 6);
  }
  return room.subarray(start);
}

/** A text payload (latin1 text, e.g. base64) in a buffer with room for its header before it. */
export function roomFor(text: string): Buffer {
  const room = Buffer.allocUnsafe(TEXT_FRAME_HEADROOM + text.length);
  room.write(text, TEXT_FRAME_HEADROOM, 'latin1');
  return room;
}

/** The payload of a frame made by textFrameIn, for a socket that only takes `send`. */
export function payloadOf(frame: Buffer): Buffer {
  const marker = frame[1] as number;
  return frame.subarray(marker < 126 ? 2 : marker === 126 ? 4 : 10);
}

/**
 * The TCP socket under a `ws` WebSocket, when frames written to it are exactly what `send` would write: no extension
 * was agreed (permessage-deflate would queue compressed messages in its own order). Otherwise null, and frames go
 * through `send`. `ws` counts what waits in this socket in `bufferedAmount`, so flow control sees these writes.
 */
export function frameSocketOf(socket: WebSocket): Duplex | null {
  const raw = (socket as unknown as { _socket?: unknown })._socket;
  if (socket.extensions !== '' || typeof raw !== 'object' || raw === null || !('write' in raw)) return null;
  return raw as Duplex;
}

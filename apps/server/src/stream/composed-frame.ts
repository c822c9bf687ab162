import { constants, deflateRawSync } from 'node:zlib';

/**
 * Frames assembled from items compressed once each (encode-once fan-out). A frame on the wire is base64 of a zlib
 * stream of a JSON array (wire.ts); a zlib stream may hold any number of deflate blocks, so each item's JSON is
 * deflated once per update into byte-aligned, non-final blocks (a sync flush, no back-references outside itself) and
 * every subscriber's frame is the zlib header, those segments with stored-block "[", "," and "]" between them, and
 * the Adler-32 of the whole text, combined from the items' own checksums. Every piece but the last is padded with
 * empty stored blocks to a multiple of 3 bytes, so its base64 is made once too and a frame is a concatenation of
 * base64 pieces: per connection a copy, instead of a deflate. Any inflater (the browser's DecompressionStream
 * included) reads the result as one ordinary stream.
 */

export interface ItemSegment {
  /** Base64 of raw deflate blocks of the item's JSON: byte-aligned, not final, a multiple of 3 bytes. */
  readonly base64: Buffer;
  /** Adler-32 of the item's JSON bytes. */
  readonly adler: number;
  /** Length of the item's JSON in bytes. */
  readonly length: number;
}

const ADLER_BASE = 65521;
/** Deflated once per update and shared by every subscriber, so a thorough level costs little. */
const SEGMENT_LEVEL = 6;
/** CMF 0x78 (deflate, 32 KiB window), FLG 0x9c: no preset dictionary, default level, check bits. */
const ZLIB_HEADER = [0x78, 0x9c];
/** A non-final stored block of no bytes (what a sync flush writes): 5 bytes, changes nothing. */
const EMPTY_STORED_BLOCK = [0x00, 0x00, 0x00, 0xff, 0xff];

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 5552 bytes is the longest run whose sums cannot pass 2^53 before the modulo (zlib uses the same bound for 2^32).
  for (let start = 0; start < bytes.length; start += 5552) {
    const end = Math.min(bytes.length, start + 5552);
    for (let i = start; i < end; i++) {
      a += bytes[i] as number;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return b * 65536 + a;
}

/** The Adler-32 of two texts end to end, from their own checksums and the second's length (zlib's adler32_combine). */
function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE;
  const a1 = first % 65536;
  const b1 = Math.floor(first / 65536);
  const a2 = second % 65536;
  const b2 = Math.floor(second / 65536);
  const a = (a1 + a2 + ADLER_BASE - 1) % ADLER_BASE;
  const b = (((rem * a1) % ADLER_BASE) + b1 + b2 + ADLER_BASE - rem) % ADLER_BASE;
  return b * 65536 + a;
}

/** Base64 of these bytes after enough empty stored blocks to make a multiple of 3 (5 and 10 bytes cover 2 and 1). */
function alignedBase64(bytes: Uint8Array): Buffer {
  const padBlocks = bytes.length % 3;
  const padded = Buffer.concat([bytes, ...Array.from({ length: padBlocks }, () => Buffer.from(EMPTY_STORED_BLOCK))]);
  return Buffer.from(padded.toString('base64'), 'latin1');
}

/** A one-byte stored block: header bits (BFINAL 0, type 00) padded to a byte, LEN 1, NLEN, the byte. */
function storedByte(char: string): number[] {
  return [0x00, 0x01, 0x00, 0xfe, 0xff, char.charCodeAt(0)];
}

const HEAD = alignedBase64(Buffer.from([...ZLIB_HEADER, ...storedByte('[')]));
const COMMA = alignedBase64(Buffer.from(storedByte(',')));
/** "]" as the final stored block, then room for the checksum: base64 of these 10 bytes is written per frame. */
const CLOSE = [0x01, 0x01, 0x00, 0xfe, 0xff, ']'.charCodeAt(0)];
const TAIL_BASE64_LENGTH = 16;
const BRACKET_ADLER = adler32(Buffer.from('['));
const COMMA_ADLER = adler32(Buffer.from(','));
const CLOSE_ADLER = adler32(Buffer.from(']'));

export function itemSegment(json: string): ItemSegment {
  const text = Buffer.from(json, 'utf8');
  const deflated = deflateRawSync(text, { level: SEGMENT_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
  return { base64: alignedBase64(deflated), adler: adler32(text), length: text.length };
}

/** The frame (base64 text as bytes) of these items, in this order; at least one item. */
export function composeFrame(segments: readonly ItemSegment[]): Buffer {
  let size = HEAD.length + TAIL_BASE64_LENGTH;
  for (const segment of segments) size += segment.base64.length + COMMA.length;
  const frame = Buffer.allocUnsafe(size - COMMA.length);
  let at = HEAD.copy(frame, 0);
  let adler = BRACKET_ADLER;
  for (const [i, segment] of segments.entries()) {
    if (i > 0) {
      at += COMMA.copy(frame, at);
      adler = adler32Combine(adler, COMMA_ADLER, 1);
    }
    at += segment.base64.copy(frame, at);
    adler = adler32Combine(adler, segment.adler, segment.length);
  }
  adler = adler32Combine(adler, CLOSE_ADLER, 1);
  const tail = Buffer.from([...CLOSE, 0, 0, 0, 0]);
  tail.writeUInt32BE(adler, CLOSE.length);
  at += frame.write(tail.toString('base64'), at, 'latin1');
  return frame.subarray(0, at);
}

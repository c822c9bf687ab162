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
  /** The stored-block "," then `base64`, for an item after the first: one copy per item in a frame. */
  readonly afterComma: Buffer;
  /** Adler-32 of the item's JSON bytes. */
  readonly adler: number;
  /** Adler-32 of "," and the item's JSON. */
  readonly adlerAfterComma: number;
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
/** "]" as the final stored block, then the checksum: base64 of these 10 bytes is written per frame. */
const CLOSE = [0x01, 0x01, 0x00, 0xfe, 0xff, ']'.charCodeAt(0)];
/** Base64 of CLOSE's first 6 bytes, the same in every frame; the checksum's 4 bytes follow as 8 characters. */
const CLOSE_BASE64 = Buffer.from(Buffer.from(CLOSE).toString('base64'), 'latin1');
const TAIL_BASE64_LENGTH = 16;
const BASE64_DIGITS = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 'latin1');
const PAD = '='.charCodeAt(0);
const BRACKET_ADLER = adler32(Buffer.from('['));
const COMMA_ADLER = adler32(Buffer.from(','));
const CLOSE_ADLER = adler32(Buffer.from(']'));

/** An item's JSON deflated once, for a topic's update that many frames carry. */
export function itemSegment(json: string): ItemSegment {
  const text = Buffer.from(json, 'utf8');
  return segmentOf(text, deflateRawSync(text, { level: SEGMENT_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }));
}

/** Longest stored block: its LEN field is 16 bits. */
const STORED_BLOCK_MAX = 65_535;

/**
 * An item's JSON in stored (uncompressed) blocks, for an item sent once to one client (an order update): a deflate
 * costs ~20 µs of zlib set-up for a text of ~150 bytes it would shorten by a few dozen.
 */
export function storedItemSegment(json: string): ItemSegment {
  const text = Buffer.from(json, 'utf8');
  const blocks: Buffer[] = [];
  for (let start = 0; start < text.length; start += STORED_BLOCK_MAX) {
    const chunk = text.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.from([0x00, 0, 0, 0, 0]);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return segmentOf(text, Buffer.concat(blocks));
}

/** The segment of an item's JSON bytes whose non-final, byte-aligned deflate blocks are `blocks`. */
function segmentOf(text: Buffer, blocks: Uint8Array): ItemSegment {
  const base64 = alignedBase64(blocks);
  // Its own memory, not a slice of Node's 8 KiB pool: a segment lives until its topic's next update (250 ms a symbol),
  // long enough to be promoted, and a slice would take the whole slab (and the frames composed into it) to the old
  // generation, whose growth then triggers full collections (README "Segments outside the buffer pool").
  const afterComma = Buffer.allocUnsafeSlow(COMMA.length + base64.length);
  afterComma.set(COMMA);
  afterComma.set(base64, COMMA.length);
  const adler = adler32(text);
  return {
    base64: afterComma.subarray(COMMA.length),
    afterComma,
    adler,
    adlerAfterComma: adler32Combine(COMMA_ADLER, adler, text.length),
    length: text.length,
  };
}

/** Writes the base64 of a 4-byte checksum (8 characters, 2 of them padding) at `at`. */
function writeChecksumBase64(frame: Buffer, at: number, checksum: number): void {
  const b0 = checksum >>> 24;
  const b1 = (checksum >>> 16) & 0xff;
  const b2 = (checksum >>> 8) & 0xff;
  const b3 = checksum & 0xff;
  frame[at] = BASE64_DIGITS[b0 >> 2] as number;
  frame[at + 1] = BASE64_DIGITS[((b0 & 0x03) << 4) | (b1 >> 4)] as number;
  frame[at + 2] = BASE64_DIGITS[((b1 & 0x0f) << 2) | (b2 >> 6)] as number;
  frame[at + 3] = BASE64_DIGITS[b2 & 0x3f] as number;
  frame[at + 4] = BASE64_DIGITS[b3 >> 2] as number;
  frame[at + 5] = BASE64_DIGITS[(b3 & 0x03) << 4] as number;
  frame[at + 6] = PAD;
  frame[at + 7] = PAD;
}

/**
 * The frame (base64 text as bytes) of these items, in this order. `headroom` bytes are left unwritten before it, for
 * the caller's transport header.
 */
export function composeFrame(segments: readonly ItemSegment[], headroom = 0): Buffer {
  // Indexed loops: a fan-out pass composes tens of thousands of frames a second, and `entries()` makes an array per item.
  let size = headroom + HEAD.length + TAIL_BASE64_LENGTH;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as ItemSegment;
    size += (i === 0 ? segment.base64 : segment.afterComma).length;
  }
  const frame = Buffer.allocUnsafe(size);
  frame.set(HEAD, headroom);
  let at = headroom + HEAD.length;
  let adler = BRACKET_ADLER;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as ItemSegment;
    const piece = i === 0 ? segment.base64 : segment.afterComma;
    frame.set(piece, at);
    at += piece.length;
    adler =
      i === 0
        ? adler32Combine(adler, segment.adler, segment.length)
        : adler32Combine(adler, segment.adlerAfterComma, segment.length + 1);
  }
  adler = adler32Combine(adler, CLOSE_ADLER, 1);
  frame.set(CLOSE_BASE64, at);
  writeChecksumBase64(frame, at + CLOSE_BASE64.length, adler);
  return frame;
}

import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  composeFrame as composeFrameBytes,
  itemSegment,
  storedItemSegment,
  type ItemSegment,
} from './composed-frame.ts';
import { instrument, level1 } from './stream-test-kit.ts';
import { decodeFrame, itemJson } from './wire.ts';

const composeFrame = (segments: readonly ItemSegment[]): string => composeFrameBytes(segments).toString('latin1');

/** The browser's way (apps/web/src/lib/stream/decode-frame.ts): DecompressionStream checks the Adler-32 too. */
async function inflateLikeTheBrowser(frame: string): Promise<string> {
  const body = new Blob([Buffer.from(frame, 'base64')]).stream();
  return new Response(body.pipeThrough(new DecompressionStream('deflate'))).text();
}

describe('frames composed from items deflated once', () => {
  const items = [
    itemJson(level1(instrument('SBIN'), 80_015), 'NSE|SBIN'),
    itemJson(level1(instrument('TCS'), 310_000), 'nse_cm|TCS-EQ'),
    JSON.stringify({ name: 'excMsg', type: 'excMsg', text: 'Grüße ₹ 100 — ok' }),
    '{"name":"sf","type":"level1","ltp":"1.00"}',
  ];

  it('decode to the JSON array of the items, in order, for none, one and many', async () => {
    for (const count of [0, 1, 2, items.length]) {
      const chosen = items.slice(0, count);
      const frame = composeFrame(chosen.map(itemSegment));
      expect(decodeFrame(frame)).toEqual(chosen.map((json) => JSON.parse(json) as unknown));
      expect(await inflateLikeTheBrowser(frame)).toBe(`[${chosen.join(',')}]`);
    }
  });

  it('reuse one segment in any number of frames and positions', () => {
    const segments = items.map(itemSegment);
    const reversed = composeFrame([...segments].reverse());
    expect(decodeFrame(reversed)).toEqual([...items].reverse().map((json) => JSON.parse(json) as unknown));
    expect(composeFrame(segments)).toBe(composeFrame(segments));
  });

  it('leave the asked headroom unwritten before the same bytes', () => {
    const segments = items.map(itemSegment);
    const roomy = composeFrameBytes(segments, 10);
    expect(roomy.subarray(10).toString('latin1')).toBe(composeFrame(segments));
  });

  it('carry a checksum zlib verifies: a flipped checksum byte is refused', () => {
    const frame = Buffer.from(composeFrame(items.map(itemSegment)), 'base64');
    frame[frame.length - 1] = (frame[frame.length - 1] as number) ^ 0xff;
    expect(() => inflateSync(frame)).toThrow(/incorrect data check/);
  });

  it('pad every shared piece to whole base64 quanta, whatever the segment lengths', () => {
    const texts = Array.from({ length: 12 }, (_, i) => JSON.stringify({ name: 'excMsg', text: 'ab'.repeat(i * 7) }));
    const segments = texts.map(itemSegment);
    // Base64 of a multiple of 3 bytes has no '=' padding, so pieces can be joined as text.
    expect(segments.filter((segment) => segment.base64.includes('='))).toEqual([]);
    expect(decodeFrame(composeFrame(segments))).toEqual(texts.map((json) => JSON.parse(json) as unknown));
  });

  it('checksum long texts (past the 5,552-byte run) as zlib does', () => {
    const long = JSON.stringify({ name: 'excMsg', type: 'excMsg', text: 'x'.repeat(70_000) + 'ÿ'.repeat(9_000) });
    const frame = Buffer.from(composeFrame([itemSegment(long), itemSegment(long)]), 'base64');
    const text = `[${long},${long}]`;
    expect(frame.subarray(-4)).toEqual(deflateSync(text).subarray(-4));
    expect(inflateSync(frame).toString('utf8')).toBe(text);
  });

  it('take stored (uncompressed) segments beside deflated ones, long texts split into 64 KiB blocks', async () => {
    const long = JSON.stringify({ name: 'excMsg', type: 'excMsg', text: 'é'.repeat(40_000) });
    const chosen = [items[0]!, long, items[2]!];
    const frame = composeFrame([itemSegment(chosen[0]!), storedItemSegment(long), storedItemSegment(chosen[2]!)]);
    expect(await inflateLikeTheBrowser(frame)).toBe(`[${chosen.join(',')}]`);
    const alone = composeFrame([storedItemSegment(items[3]!)]);
    expect(decodeFrame(alone)).toEqual([JSON.parse(items[3]!) as unknown]);
    // Stored: the item's text is in the frame as it is, not compressed.
    expect(Buffer.from(alone, 'base64').includes(Buffer.from(items[3]!))).toBe(true);
  });

  it("keep each segment's bytes in memory of their own, not in a slice of Node's shared 8 KiB pool", () => {
    // A segment lives until its topic's next update and so outlives young-generation collections; in a pool slice it
    // would keep the whole slab, and the frames carved from it, alive in the old generation.
    for (const segment of [itemSegment(items[0]!), storedItemSegment(items[3]!)]) {
      expect(segment.afterComma.buffer.byteLength).toBe(segment.afterComma.length);
      expect(segment.base64.buffer).toBe(segment.afterComma.buffer);
    }
  });
});

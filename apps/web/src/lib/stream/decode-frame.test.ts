import { describe, expect, it } from 'vitest';
import { decodeFrame } from './decode-frame.ts';

/** Makes a frame the way the gateway does: zlib deflate, then base64. */
async function frame(items: unknown[]): Promise<string> {
  const deflated = new Response(
    new Response(JSON.stringify(items)).body!.pipeThrough(new CompressionStream('deflate')),
  );
  const bytes = new Uint8Array(await deflated.arrayBuffer());
  return btoa(String.fromCharCode(...bytes));
}

describe('decodeFrame', () => {
  it('inflates base64 deflate text into the contract items, skipping unknown ones', async () => {
    const index = {
      name: 'if',
      type: 'level3',
      key: 'NSE|NIFTY 50',
      exc: 'NSE',
      indexName: 'NIFTY 50',
      ts: 1,
      value: '26123.45',
      highPrice: '26200.00',
      lowPrice: '26000.00',
      closePrice: '25900.00',
      chng: '223.45',
      chngPer: '0.86',
      lUpdatedTime: '21/11/2026 10:00:05',
    };
    const items = await decodeFrame(
      await frame([index, { name: 'zz', type: 'unknown' }, { ...index, value: 26123.45 }]),
    );
    expect(items).toEqual([index]);
  });

  it('refuses text that is not a deflated array', async () => {
    await expect(decodeFrame(btoa('plain'))).rejects.toThrow();
    await expect(decodeFrame(await frame({} as unknown as unknown[]))).rejects.toThrow(
      'a stream frame is a JSON array',
    );
  });
});

import { streamItemSchema, type StreamItem } from '@kite/domain';

/**
 * One incoming frame: base64 text of a zlib-deflated JSON array of items (platform.md 7.3). The browser's own
 * DecompressionStream inflates it, so decoding adds no library to the bundle.
 */
export async function inflateFrame(frame: string): Promise<string> {
  const binary = atob(frame);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const body = new Response(bytes).body;
  if (!body) throw new Error('empty frame');
  return new Response(body.pipeThrough(new DecompressionStream('deflate'))).text();
}

/** Decodes a frame and keeps the items that match the contract; an unknown or malformed item is skipped, not fatal. */
export async function decodeFrame(frame: string): Promise<StreamItem[]> {
  const parsed: unknown = JSON.parse(await inflateFrame(frame));
  if (!Array.isArray(parsed)) throw new Error('a stream frame is a JSON array');
  const items: StreamItem[] = [];
  for (const raw of parsed) {
    const item = streamItemSchema.safeParse(raw);
    if (item.success) items.push(item.data);
  }
  return items;
}

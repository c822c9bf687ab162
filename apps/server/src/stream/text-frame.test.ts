import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { frameSocketOf, payloadOf, roomFor, textFrameIn } from './text-frame.ts';

/** Opens a server and a client; resolves with the server's end of the connection. */
async function pair(
  perMessageDeflate: boolean,
): Promise<{ server: WebSocketServer; ours: WebSocket; theirs: WebSocket }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate });
  await new Promise((resolve) => server.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const theirs = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  await new Promise((resolve) => theirs.once('open', resolve));
  return { server, ours: await accepted, theirs };
}

describe('websocket text frames written whole', () => {
  const open: { server: WebSocketServer; theirs: WebSocket }[] = [];
  afterEach(async () => {
    for (const { server, theirs } of open.splice(0)) {
      theirs.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('are what ws.send writes, for payloads needing each header length', async () => {
    const { server, ours, theirs } = await pair(false);
    open.push({ server, theirs });
    const socket = frameSocketOf(ours);
    expect(socket).not.toBeNull();
    const texts = [0, 1, 125, 126, 65_535, 65_536, 200_000].map((length) => 'A'.repeat(length));
    const received: string[] = [];
    const all = new Promise<void>((resolve) =>
      theirs.on('message', (data: Buffer, isBinary: boolean) => {
        expect(isBinary).toBe(false);
        received.push(data.toString('latin1'));
        if (received.length === texts.length * 2) resolve();
      }),
    );
    for (const text of texts) {
      const frame = textFrameIn(roomFor(text));
      expect(payloadOf(frame).toString('latin1')).toBe(text);
      socket?.write(frame);
      ours.send(Buffer.from(text, 'latin1'), { binary: false });
    }
    await all;
    expect(received).toEqual(texts.flatMap((text) => [text, text]));
  });

  it('are not written past ws where an extension was agreed', async () => {
    const { server, ours, theirs } = await pair(true);
    open.push({ server, theirs });
    expect(ours.extensions).toContain('permessage-deflate');
    expect(frameSocketOf(ours)).toBeNull();
  });
});

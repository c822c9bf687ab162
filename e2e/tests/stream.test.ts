import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { browserSuite } from '../support/suite.ts';

/** What the page sends and reads over /stream, decoded the way the web app does (DecompressionStream). */
interface Exchange {
  refused: { code: number; items: unknown[] };
  accepted: unknown[];
}

describe('live stream in a real browser', () => {
  const s = browserSuite();

  it("authorises the socket with the stored session's token and decodes base64 deflate frames", async () => {
    // The token as the app sends it from its stored session (the storage itself is sealed, platform.md 3.4).
    const connect = new Promise<{ user: string; token: string }>((resolve) => {
      s.page.on('websocket', (socket) =>
        socket.on('framesent', ({ payload }) => {
          const frame = String(payload);
          if (frame.includes('"connect"')) resolve(JSON.parse(frame) as { user: string; token: string });
        }),
      );
    });
    await signIn(s.page, 'DEMO1');
    const sent = await connect;
    const result = await s.page.evaluate(async (stored): Promise<Exchange> => {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/stream`;
      const decode = async (frame: string): Promise<unknown[]> => {
        const bytes = Uint8Array.from(atob(frame), (c) => c.charCodeAt(0));
        const body = new Response(bytes).body as ReadableStream;
        return JSON.parse(await new Response(body.pipeThrough(new DecompressionStream('deflate'))).text()) as unknown[];
      };
      const talk = (token: string, then: (socket: WebSocket) => void) =>
        new Promise<{ code: number; items: unknown[] }>((resolve) => {
          const socket = new WebSocket(url);
          const items: unknown[] = [];
          let pending = Promise.resolve();
          socket.onopen = () => {
            socket.send(JSON.stringify({ task: 'connect', user: stored.user, acctid: stored.user, token }));
            then(socket);
          };
          socket.onmessage = (event) => {
            pending = pending.then(async () => {
              items.push(...(await decode(String(event.data))));
            });
          };
          socket.onclose = (event) => void pending.then(() => resolve({ code: event.code, items }));
        });
      const refused = await talk('not-the-token', () => {});
      const accepted = await talk(stored.token, (socket) => {
        socket.send(JSON.stringify({ task: 'sub', channel: 'NSE|RELIANCE&NSE|TCS', type: 'level1' }));
        socket.send(JSON.stringify({ task: 'sub', channel: 'NSE|BROKEN&', type: 'level1' }));
        setTimeout(() => socket.close(1000), 1500);
      });
      return { refused, accepted: accepted.items };
    }, sent);
    expect(result.refused.code).toBe(4001);
    expect(result.refused.items).toEqual([
      { name: 'error', type: 'error', code: 'STR001', msg: 'Stream session is not valid. Please login.' },
    ]);
    expect(result.accepted[0]).toEqual({ name: 'ack', type: 'ack', task: 'connect', user: 'DEMO1' });
    expect(result.accepted).toContainEqual({
      name: 'error',
      type: 'error',
      code: 'STR002',
      msg: 'Invalid stream message.',
    });
  });
});

describe('top movers while a dialog is open', () => {
  const s = browserSuite();

  it('drops the gainers and losers subscription while the order dialog is open and restores it on close', async () => {
    const sent: { task: string; channel: string }[] = [];
    s.page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { task: string; channel?: string };
        if (message.task === 'sub' || message.task === 'unsub')
          sent.push({ task: message.task, channel: message.channel ?? '' });
      }),
    );
    await signIn(s.page, 'DEMO1');
    await acknowledgeRisk(s.page);
    for (const name of [/^Top gainers of/, /^Top losers of/]) {
      const rows = s.page.getByRole('table', { name }).getByRole('row');
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(2);
    }
    // The movers' keys go out one second after their rows show (platform.md 4.7).
    await s.page.waitForTimeout(1_500);
    const before = sent.length;
    await s.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await s.page.keyboard.press('F1');
    await s.page.getByRole('dialog', { name: 'ORDER ENTRY - BUY ORDER' }).waitFor();
    await expect.poll(() => sent.slice(before).filter((m) => m.task === 'unsub').length).toBeGreaterThan(0);
    const dropped = sent
      .slice(before)
      .filter((m) => m.task === 'unsub')
      .flatMap((m) => m.channel.split('&'));
    const afterOpen = sent.length;
    await s.page.keyboard.press('Escape');
    await expect.poll(() => sent.slice(afterOpen).filter((m) => m.task === 'sub').length).toBeGreaterThan(0);
    const restored = sent
      .slice(afterOpen)
      .filter((m) => m.task === 'sub')
      .flatMap((m) => m.channel.split('&'));
    expect(restored.sort()).toEqual(dropped.sort());
    expect(dropped.length).toBeGreaterThanOrEqual(5);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Level1Item, StreamItem } from '@kite/domain';
import { StreamClient, type StreamCredentials, type StreamSocket } from './stream-client.ts';
import { level1Tick } from '../../test/stream-fixtures.ts';

class FakeSocket implements StreamSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedByClient = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }
  accept(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  push(items: StreamItem[]): void {
    this.onmessage?.({ data: JSON.stringify(items) });
  }
}

const tick = (key: string, ltp: string) => level1Tick(key, ltp, { xSym: '' });

const ack: StreamItem = { name: 'ack', type: 'ack', task: 'connect', user: 'DEMO1' };

describe('stream client', () => {
  let sockets: FakeSocket[];
  let delivered: StreamItem[];
  let credentials: StreamCredentials | null;
  let client: StreamClient;

  const latest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket opened');
    return socket;
  };
  /** Frames decode through a promise chain: let it run. */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    delivered = [];
    credentials = { user: 'DEMO1', acctid: 'DEMO1', token: 'session-1' };
    client = new StreamClient({
      openSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      credentials: () => credentials,
      decode: async (frame) => JSON.parse(frame) as StreamItem[],
      deliver: (item) => delivered.push(item),
    });
  });

  afterEach(() => {
    client.disconnect();
    vi.useRealTimers();
  });

  it('does not connect without a stored session', () => {
    credentials = null;
    client.register('watchlist', ['NSE|TCS'], 'level1');
    expect(sockets).toHaveLength(0);
    expect(client.status).toBe('idle');
  });

  it('sends connect on open and subscribes one second after registration, batching registrations', () => {
    client.register('watchlist', ['NSE|TCS', 'NSE|INFY'], 'level1');
    latest().accept();
    expect(latest().sent).toEqual([{ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: 'session-1' }]);
    client.register('depth', ['NSE|TCS'], 'level2');
    vi.advanceTimersByTime(999);
    expect(latest().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(latest().sent.slice(1)).toEqual([
      { task: 'sub', action: 'sub', channel: 'NSE|TCS&NSE|INFY', type: 'level1' },
      { task: 'sub', action: 'sub', channel: 'NSE|TCS', type: 'level2' },
    ]);
  });

  it('counts registrations: a key is unsubscribed only when its last screen leaves', () => {
    const leaveWatchlist = client.register('watchlist', ['NSE|TCS'], 'level1');
    const leavePositions = client.register('positions', ['NSE|TCS'], 'level1');
    latest().accept();
    vi.advanceTimersByTime(1000);
    leaveWatchlist();
    leaveWatchlist();
    vi.advanceTimersByTime(1000);
    expect(latest().sent.filter((m) => (m as { task: string }).task === 'unsub')).toEqual([]);
    leavePositions();
    vi.advanceTimersByTime(1000);
    expect(latest().sent.at(-1)).toEqual({ task: 'unsub', action: 'unsub', channel: 'NSE|TCS', type: 'level1' });
  });

  it('reconnects up to 10 times, 5 seconds apart, then stops', () => {
    client.register('watchlist', ['NSE|TCS'], 'level1');
    latest().drop();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(4999);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
      latest().drop();
    }
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(11);
    expect(client.status).toBe('stopped');
  });

  it('tells its listeners of each change of status, and stops telling one that unsubscribed', () => {
    const seen: string[] = [];
    const stop = client.onStatus(() => seen.push(client.status));
    client.register('watchlist', ['NSE|TCS'], 'level1');
    latest().accept();
    latest().drop();
    expect(seen).toEqual(['connecting', 'open', 'reconnecting']);
    for (let attempt = 1; attempt <= 10; attempt++) {
      vi.advanceTimersByTime(5000);
      latest().drop();
    }
    expect(seen.at(-1)).toBe('stopped');
    client.restart();
    expect(seen.at(-1)).toBe('connecting');
    stop();
    latest().accept();
    expect(seen.at(-1)).toBe('connecting');
  });

  it('resubscribes every registered key after a reconnect, and a good connection restores the 10 attempts', async () => {
    client.register('watchlist', ['NSE|TCS', 'NSE|INFY'], 'level1');
    client.register('depth', ['NSE|TCS'], 'level2');
    latest().accept();
    vi.advanceTimersByTime(1000);
    latest().drop();
    vi.advanceTimersByTime(5000);
    latest().accept();
    latest().push([ack]);
    await settle();
    vi.advanceTimersByTime(1000);
    expect(latest().sent).toEqual([
      { task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: 'session-1' },
      { task: 'sub', action: 'sub', channel: 'NSE|TCS&NSE|INFY', type: 'level1' },
      { task: 'sub', action: 'sub', channel: 'NSE|TCS', type: 'level2' },
    ]);
    for (let attempt = 1; attempt <= 10; attempt++) {
      latest().drop();
      vi.advanceTimersByTime(5000);
    }
    expect(sockets).toHaveLength(12);
  });

  it('does not reconnect after the server refuses the session', () => {
    client.register('watchlist', ['NSE|TCS'], 'level1');
    latest().accept();
    latest().drop(4001);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.status).toBe('stopped');
  });

  it('holds background ticks while paused, keeps the dialog live, and shows the newest on resume', async () => {
    client.register('watchlist', ['NSE|TCS', 'NSE|INFY'], 'level1');
    client.register('order-dialog', ['NSE|INFY'], 'level1');
    latest().accept();
    vi.advanceTimersByTime(1000);
    client.pause('order-dialog');
    latest().push([tick('NSE|TCS', '3100.00'), tick('NSE|INFY', '1500.00')]);
    latest().push([tick('NSE|TCS', '3101.00')]);
    await settle();
    expect(delivered.map((i) => (i as Level1Item).ltp)).toEqual(['1500.00']);
    client.resume();
    expect(delivered.map((i) => (i as Level1Item).ltp)).toEqual(['1500.00', '3101.00']);
    latest().push([tick('NSE|TCS', '3102.00')]);
    await settle();
    expect(delivered.map((i) => (i as Level1Item).ltp)).toEqual(['1500.00', '3101.00', '3102.00']);
  });

  it('unsubscribes a screen that drops its keys while paused, keeps a key another screen holds, and restores on resume', async () => {
    client.register('dashboard-top-gainers', ['NSE|TCS', 'NSE|INFY'], 'level1', { dropWhilePaused: true });
    client.register('watchlist', ['NSE|INFY'], 'level1');
    latest().accept();
    vi.advanceTimersByTime(1000);
    const subscribed = latest().sent.length;
    client.pause('order-dialog');
    // Changes of subscription go out one second later, as every registration's (platform.md 4.7).
    vi.advanceTimersByTime(1000);
    expect(latest().sent.slice(subscribed)).toEqual([
      { task: 'unsub', action: 'unsub', channel: 'NSE|TCS', type: 'level1' },
    ]);
    // A frame sent before the server took the unsubscribe: neither shown nor held for the resume.
    latest().push([tick('NSE|TCS', '3100.00')]);
    await settle();
    client.resume();
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(latest().sent.slice(subscribed + 1)).toEqual([
      { task: 'sub', action: 'sub', channel: 'NSE|TCS', type: 'level1' },
    ]);
    latest().push([tick('NSE|TCS', '3101.00')]);
    await settle();
    expect(delivered.map((i) => (i as Level1Item).ltp)).toEqual(['3101.00']);
  });

  it('drops ticks of a key no screen holds any more, and frames of an old socket', async () => {
    const leave = client.register('watchlist', ['NSE|TCS'], 'level1');
    const old = latest();
    old.accept();
    old.drop();
    vi.advanceTimersByTime(5000);
    old.push([tick('NSE|TCS', '1.00')]);
    latest().accept();
    latest().push([tick('NSE|TCS', '2.00')]);
    await settle();
    leave();
    latest().push([tick('NSE|TCS', '3.00')]);
    await settle();
    expect(delivered.map((i) => (i as Level1Item).ltp)).toEqual(['2.00']);
  });

  it('while paused, drops ticks of a key no screen holds any more instead of showing them on resume', async () => {
    const leave = client.register('watchlist', ['NSE|TCS'], 'level1');
    client.register('order-dialog', ['NSE|INFY'], 'level1');
    latest().accept();
    vi.advanceTimersByTime(1000);
    client.pause('order-dialog');
    leave();
    // The unsubscribe goes out a second later: until then the server still sends the key.
    latest().push([tick('NSE|TCS', '3100.00')]);
    await settle();
    client.resume();
    expect(delivered).toEqual([]);
  });

  it('closes the socket on disconnect and does not reconnect', () => {
    client.register('watchlist', ['NSE|TCS'], 'level1');
    latest().accept();
    client.disconnect();
    expect(latest().closedByClient).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});

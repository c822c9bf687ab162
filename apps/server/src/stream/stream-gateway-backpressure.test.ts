import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessMarketDataBus } from './market-data-bus.ts';
import type { StreamAuthenticator } from './stream-authenticator.ts';
import { StreamGateway } from './stream-gateway.ts';
import { allowAll, instrument, level1, StubSocket } from './stream-test-kit.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stream gateway flow control', () => {
  let gateway: StreamGateway;
  afterEach(() => gateway.close());

  async function connected(g: StreamGateway): Promise<StubSocket> {
    const socket = new StubSocket();
    g.handleConnection(socket as unknown as WebSocket);
    socket.say({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: 't' });
    await wait(5);
    return socket;
  }

  it('skips a backed-up socket, then sends it only the newest value once it drains', async () => {
    const bus = new InProcessMarketDataBus();
    gateway = new StreamGateway({
      bus,
      authenticator: allowAll,
      options: { flushIntervalMs: 10, maxBufferedBytes: 1000 },
    });
    const socket = await connected(gateway);
    socket.say({ task: 'sub', channel: 'NSE|SBIN', type: 'level1' });
    socket.bufferedAmount = 50_000;
    const sbin = instrument('SBIN');
    for (let i = 1; i <= 100; i++) {
      bus.publish(level1(sbin, 80_000 + i));
      if (i % 10 === 0) await wait(12);
    }
    expect(socket.items().filter((item) => item.type === 'level1')).toEqual([]);
    expect(gateway.stats().backpressureSkips).toBeGreaterThan(5);
    socket.bufferedAmount = 0;
    await wait(30);
    const ticks = socket.items().filter((item) => item.type === 'level1');
    expect(ticks.map((t) => t.ltp)).toEqual(['801.00']);
  });

  it('encodes one frame for connections with the same pending set', async () => {
    const bus = new InProcessMarketDataBus();
    gateway = new StreamGateway({ bus, authenticator: allowAll, options: { flushIntervalMs: 10 } });
    const sockets = [await connected(gateway), await connected(gateway), await connected(gateway)];
    for (const socket of sockets) socket.say({ task: 'sub', channel: 'NSE|TCS&NSE|INFY', type: 'level1' });
    const before = gateway.stats();
    bus.publish(level1(instrument('TCS'), 310_000));
    bus.publish(level1(instrument('INFY'), 150_000));
    await wait(25);
    const after = gateway.stats();
    expect(after.framesEncoded - before.framesEncoded).toBe(1);
    expect(after.framesSent - before.framesSent).toBe(3);
    for (const socket of sockets)
      expect(
        socket
          .items()
          .filter((i) => i.type === 'level1')
          .map((i) => i.key),
      ).toEqual(['NSE|TCS', 'NSE|INFY']);
  });

  it('takes each pending set at its turn: a tick published during a long pass reaches everyone not yet sent in it', async () => {
    const bus = new InProcessMarketDataBus();
    gateway = new StreamGateway({ bus, authenticator: allowAll, options: { flushIntervalMs: 10 } });
    // 150 sends of 0.25 ms: a pass of ~40 ms, in several slices with the event loop free between them.
    const sockets = Array.from({ length: 150 }, () => new StubSocket());
    for (const socket of sockets) {
      socket.sendMs = 0.25;
      gateway.handleConnection(socket as unknown as WebSocket);
      socket.say({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: 't' });
    }
    await wait(10);
    for (const socket of sockets) socket.say({ task: 'sub', channel: 'NSE|SBIN', type: 'level1' });
    const sbin = instrument('SBIN');
    bus.publish(level1(sbin, 80_001));
    setTimeout(() => bus.publish(level1(sbin, 80_002)), 5);
    const ltps = (socket: StubSocket | undefined) =>
      socket
        ?.items()
        .filter((item) => item.type === 'level1')
        .map((item) => item.ltp);
    for (let waited = 0; waited < 5000 && sockets.some((socket) => ltps(socket)?.at(-1) !== '800.02'); waited += 10)
      await wait(10);
    // The first were sent before the second tick and get it in the next pass; the last get only the newest value,
    // in the same pass as the others, rather than the older one now and the newer one a whole pass later.
    expect(ltps(sockets[0])).toEqual(['800.01', '800.02']);
    expect(ltps(sockets.at(-1))).toEqual(['800.02']);
  });

  it('pings every heartbeat and terminates a socket that stopped answering', async () => {
    const bus = new InProcessMarketDataBus();
    gateway = new StreamGateway({ bus, authenticator: allowAll, options: { heartbeatMs: 20 } });
    const answering = await connected(gateway);
    const silent = await connected(gateway);
    const answer = setInterval(() => answering.emit('pong'), 5);
    await wait(70);
    clearInterval(answer);
    expect(silent.terminated).toBe(true);
    expect(answering.terminated).toBe(false);
    expect(answering.pings).toBeGreaterThanOrEqual(2);
    expect(gateway.stats().connections).toBe(1);
  });

  it('closes a socket that never sends a connect message', async () => {
    const bus = new InProcessMarketDataBus();
    gateway = new StreamGateway({ bus, authenticator: allowAll, options: { connectTimeoutMs: 20 } });
    const socket = new StubSocket();
    gateway.handleConnection(socket as unknown as WebSocket);
    await wait(40);
    expect(socket.closedWith).toBe(4001);
    expect(socket.items()).toEqual([
      { name: 'error', type: 'error', code: 'STR001', msg: 'Stream session is not valid. Please login.' },
    ]);
  });

  it('closes a socket whose session has ended since it connected', async () => {
    const bus = new InProcessMarketDataBus();
    let live = true;
    const authenticator: StreamAuthenticator = {
      authenticate: async ({ user }) =>
        live ? { sessionId: 's-1', clientId: 7, userId: user, otpPending: false } : null,
    };
    gateway = new StreamGateway({ bus, authenticator, options: { revalidateMs: 15 } });
    const socket = await connected(gateway);
    await wait(40);
    expect(socket.closedWith).toBeNull();
    live = false;
    await wait(40);
    expect(socket.closedWith).toBe(4001);
    expect(socket.items().at(-1)).toMatchObject({ type: 'error', code: 'STR001' });
  });

  it('leaves the bus when the last subscriber of a key goes', async () => {
    const bus = new InProcessMarketDataBus();
    const demand: string[] = [];
    bus.onDemand((feed, key, watched) => demand.push(`${watched ? '+' : '-'}${feed} ${key}`));
    gateway = new StreamGateway({ bus, authenticator: allowAll });
    const a = await connected(gateway);
    const b = await connected(gateway);
    a.say({ task: 'sub', channel: 'NSE|ITC', type: 'level2' });
    b.say({ task: 'sub', channel: 'NSE|ITC', type: 'level2' });
    a.say({ task: 'unsub', channel: 'NSE|ITC', type: 'level2' });
    expect(demand).toEqual(['+level2 NSE|ITC']);
    b.emit('close');
    expect(demand).toEqual(['+level2 NSE|ITC', '-level2 NSE|ITC']);
    expect(gateway.stats().topics).toBe(0);
  });
});

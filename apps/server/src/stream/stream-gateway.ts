import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import {
  MAX_KEYS_PER_LEVEL,
  STREAM_CLOSE_UNAUTHORISED,
  connectMessageSchema,
  parseChannel,
  streamErrorCodes,
  subscriptionMessageSchema,
  type AckItem,
  type ExchangeMessageItem,
  type OrderUpdateItem,
  type StreamErrorCode,
  type StreamErrorItem,
  type StreamKey,
  type StreamLevel,
} from '@kite/domain';
import type { SessionContext } from '../plugins/session-context.ts';
import type { MarketDataBus, MarketUpdate } from './market-data-bus.ts';
import type { StreamAuthenticator, StreamCredentials } from './stream-authenticator.ts';
import { composeFrame, itemSegment, storedItemSegment, type ItemSegment } from './composed-frame.ts';
import { frameSocketOf, payloadOf, roomFor, textFrameIn, TEXT_FRAME_HEADROOM } from './text-frame.ts';
import { encodeFrame, itemJson } from './wire.ts';

export interface GatewayOptions {
  /**
   * A connection with a steady stream gets one frame per interval: ticks arriving in between conflate and share it.
   * One that has had no frame for this long gets its ticks in the next pass.
   */
  flushIntervalMs: number;
  /**
   * Connections are spread over this many phases of the interval, one phase per pass, so a pass writes to a share of
   * the sockets and the writes are spread over the interval instead of landing on every socket at once.
   */
  passPhases: number;
  /** A connection whose socket holds more unsent bytes than this is skipped; its ticks keep conflating. */
  maxBufferedBytes: number;
  /** Ping period; a connection that has not answered the previous ping is terminated. */
  heartbeatMs: number;
  /** A socket that has not sent a valid connect message by then is closed. */
  connectTimeoutMs: number;
  /** Every open socket's session is checked again this often; a logged-out or expired one is closed. */
  revalidateMs: number;
}

export const defaultGatewayOptions: GatewayOptions = {
  flushIntervalMs: 25,
  passPhases: 4,
  maxBufferedBytes: 256 * 1024,
  heartbeatMs: 30_000,
  connectTimeoutMs: 10_000,
  revalidateMs: 60_000,
};

export interface GatewayStats {
  connections: number;
  topics: number;
  framesSent: number;
  /** Frames built once and sent to more than one connection. */
  framesShared: number;
  framesEncoded: number;
  /** Of those, frames assembled from once-deflated items rather than deflated whole. */
  framesComposed: number;
  /** Flushes a connection sat out because its socket was backed up. */
  backpressureSkips: number;
  /** The most unsent bytes any socket holds right now. */
  largestBufferedBytes: number;
}

interface GatewayDeps {
  bus: MarketDataBus;
  authenticator: StreamAuthenticator;
  options?: Partial<GatewayOptions>;
  onError?: (error: unknown) => void;
}

/** One feed of one key, shared by every connection subscribed to it. */
interface Topic {
  /** Small integer: with the version, hashed to find connections with equal pending sets. */
  id: number;
  feed: StreamLevel;
  key: StreamKey;
  subscribers: Set<Connection>;
  /** The latest item's JSON: conflation keeps only this, and it is made once per update for all subscribers. */
  json: string | null;
  /** The latest item deflated once for composed frames; made on first use after each update. */
  segment: ItemSegment | null;
  /** Bumped on every update. */
  version: number;
  leaveBus: () => void;
}

type ConnectionState = 'awaiting-connect' | 'authorising' | 'ready' | 'closed';

interface Connection {
  socket: WebSocket;
  /** Where tick frames are written whole (text-frame.ts); null where they must go through `socket.send`. */
  frameSocket: Duplex | null;
  /** Order of arrival: with `signature`, a connection's fixed place in every pass. */
  seq: number;
  /** Order-free hash of the subscribed topics: connections with the same subscriptions sit side by side in a pass. */
  signature: number;
  state: ConnectionState;
  session: SessionContext | null;
  credentials: StreamCredentials | null;
  topics: Map<StreamLevel, Set<Topic>>;
  /** Topics updated since this connection's last frame: bounded by its subscriptions, never a growing queue. */
  pending: Set<Topic>;
  /** In the gateway's list of connections with pending ticks. */
  queued: boolean;
  /** When its last tick frame was sent (performance.now()). */
  lastSentAt: number;
  alive: boolean;
  /** Messages that arrived while the connect was being checked. */
  held: string[];
  connectTimer: NodeJS.Timeout | null;
}

const MAX_HELD_MESSAGES = 32;
/** Longest stretch a flush pass holds the event loop before yielding. */
const FLUSH_SLICE_MS = 8;
/** Connections whose pending sets are taken, grouped and encoded together, just before their frames are sent. */
const FLUSH_CHUNK = 64;
/**
 * A frame this many connections of one slice share is deflated whole (3 to 4 times fewer bytes than composed, for one
 * deflate of ~25 µs); a frame fewer share is composed from once-deflated items (composed-frame.ts): a copy, not a
 * deflate.
 */
const DEFLATE_WHOLE_MIN_SHARERS = 4;

/** Connections whose pending sets are equal (same topics, same versions) and the one frame they all get. */
interface FrameGroup {
  topics: Set<Topic>;
  connections: Connection[];
  /** The websocket frame (text-frame.ts), made when the first of them is sent. */
  frame: Buffer | null;
}

/** Equal pending sets of one synchronous stretch, by the hash of their topics and versions. */
type FrameGroups = Map<number, FrameGroup[]>;

function topicId(feed: StreamLevel, key: StreamKey): string {
  return `${feed} ${key}`;
}

/** Mixes a topic's id and version into 32 bits; summed over a pending set, the sum ignores order. */
function topicVersionHash(topic: Topic): number {
  return Math.imul(topic.id ^ Math.imul(topic.version, 0x85ebca6b), 0x9e3779b1);
}

/** Spreads a topic's id over 32 bits; summed over a connection's subscriptions, the sum ignores order. */
function topicSignature(topic: Topic): number {
  return Math.imul(topic.id, 0x9e3779b1) ^ Math.imul(topic.id >>> 16, 0x85ebca6b);
}

/** A pass's order: same subscriptions side by side (their pending sets are often equal), then by arrival. */
function byPlace(a: Connection, b: Connection): number {
  return a.signature - b.signature || a.seq - b.seq;
}

/** A connection's phase: from its subscriptions, so connections subscribed alike share passes (and frames). */
function phaseOf(connection: Connection, phases: number): number {
  return (Math.imul(connection.signature ^ (connection.signature >>> 16), 0x45d9f3b) >>> 0) % phases;
}

function sameTopics(a: Set<Topic>, b: Set<Topic>): boolean {
  if (a.size !== b.size) return false;
  for (const topic of a) if (!b.has(topic)) return false;
  return true;
}

/**
 * The websocket gateway (trading.md 4.9, ARCHITECTURE.md "A tick"): authorises each socket against its session,
 * keeps per-connection subscriptions, conflates to the latest value per key and feed, and sends each connection one
 * frame per `flushIntervalMs`, in the pass of its phase of the interval. Each item is encoded once per update and shared by
 * every frame it goes into; connections with the same pending set share one frame; a backed-up socket is skipped and
 * catches up with the newest values, so no slow client slows the others.
 */
export class StreamGateway {
  private readonly options: GatewayOptions;
  private readonly topics = new Map<string, Topic>();
  private readonly connections = new Set<Connection>();
  private readonly byClient = new Map<number, Set<Connection>>();
  /** Connections with pending ticks, each once (its `queued` flag), in the order they got their first. */
  private dirty: Connection[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private lastPassAt = Number.NEGATIVE_INFINITY;
  /** Counts passes: pass n serves phase n % passPhases. */
  private passNumber = 0;
  private readonly heartbeatTimer: NodeJS.Timeout;
  private readonly revalidateTimer: NodeJS.Timeout;
  private revalidating = false;
  private nextTopicId = 1;
  private nextSeq = 0;
  private flushing = false;
  private closed = false;
  private counters = { framesSent: 0, framesShared: 0, framesEncoded: 0, framesComposed: 0, backpressureSkips: 0 };

  constructor(private readonly deps: GatewayDeps) {
    this.options = { ...defaultGatewayOptions, ...deps.options };
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.options.heartbeatMs);
    this.revalidateTimer = setInterval(() => void this.revalidate(), this.options.revalidateMs);
    this.heartbeatTimer.unref();
    this.revalidateTimer.unref();
  }

  /** Takes over a freshly upgraded socket. */
  handleConnection(socket: WebSocket): void {
    const connection: Connection = {
      socket,
      frameSocket: frameSocketOf(socket),
      seq: this.nextSeq++,
      signature: 0,
      state: 'awaiting-connect',
      session: null,
      credentials: null,
      topics: new Map(),
      pending: new Set(),
      queued: false,
      lastSentAt: Number.NEGATIVE_INFINITY,
      alive: true,
      held: [],
      connectTimer: null,
    };
    this.connections.add(connection);
    connection.connectTimer = setTimeout(() => {
      if (connection.state === 'awaiting-connect' || connection.state === 'authorising')
        this.refuse(connection, 'STR001');
    }, this.options.connectTimeoutMs);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      connection.alive = true;
      if (isBinary) return this.sendError(connection, 'STR002');
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.from(data).toString('utf8');
      this.receive(connection, text);
    });
    socket.on('close', () => this.drop(connection));
    socket.on('error', () => this.drop(connection));
  }

  /** Order updates go to every socket of that client at once, outside the tick batches (ARCHITECTURE.md "An order"). */
  pushToClient(clientId: number, item: OrderUpdateItem): number {
    const connections = this.byClient.get(clientId);
    if (!connections) return 0;
    // Stored, not deflated: one small item for a few sockets, where a deflate's set-up would cost most (README).
    const frame = textFrameIn(composeFrame([storedItemSegment(JSON.stringify(item))], TEXT_FRAME_HEADROOM));
    for (const connection of connections) this.sendTextFrame(connection, frame);
    return connections.size;
  }

  /** An exchange message to every signed-in socket (the web app ignores these, platform.md 7.3). */
  broadcastExchangeMessage(item: ExchangeMessageItem): void {
    const frame = encodeFrame([JSON.stringify(item)]);
    for (const connection of this.connections) if (connection.state === 'ready') this.send(connection, frame);
  }

  /** Closes every socket of a session, e.g. at logout. */
  closeSession(sessionId: string): void {
    for (const connection of this.connections) {
      if (connection.session?.sessionId === sessionId) this.refuse(connection, 'STR001');
    }
  }

  stats(): GatewayStats {
    let largestBufferedBytes = 0;
    for (const connection of this.connections)
      largestBufferedBytes = Math.max(largestBufferedBytes, connection.socket.bufferedAmount);
    return { connections: this.connections.size, topics: this.topics.size, ...this.counters, largestBufferedBytes };
  }

  close(): void {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    clearInterval(this.heartbeatTimer);
    clearInterval(this.revalidateTimer);
    for (const connection of [...this.connections]) {
      connection.socket.close(1001, 'server closing');
      this.drop(connection);
    }
  }

  // ---------------------------------------------------------------- incoming messages

  private receive(connection: Connection, text: string): void {
    if (connection.state === 'closed') return;
    if (connection.state === 'authorising') {
      if (connection.held.length >= MAX_HELD_MESSAGES) return this.sendError(connection, 'STR002');
      connection.held.push(text);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return connection.state === 'ready' ? this.sendError(connection, 'STR002') : this.refuse(connection, 'STR001');
    }
    if (connection.state === 'awaiting-connect') {
      const connect = connectMessageSchema.safeParse(message);
      if (!connect.success) {
        // platform.md 6: missing credentials disconnect the socket; anything else before connect is refused too.
        const isSubscription = subscriptionMessageSchema.safeParse(message).success;
        return this.refuse(connection, isSubscription ? 'STR004' : 'STR001');
      }
      connection.state = 'authorising';
      void this.authorise(connection, connect.data.user, connect.data.acctid, connect.data.token);
      return;
    }
    const parsed = subscriptionMessageSchema.safeParse(message);
    if (!parsed.success) return this.sendError(connection, 'STR002');
    const keys = parseChannel(parsed.data.channel);
    if (!keys) return this.sendError(connection, 'STR002');
    const verb = parsed.data.task ?? parsed.data.action;
    if (verb === 'sub') this.subscribe(connection, parsed.data.type, keys);
    else this.unsubscribe(connection, parsed.data.type, keys);
  }

  private async authorise(connection: Connection, user: string, acctid: string, token: string): Promise<void> {
    let session: SessionContext | null = null;
    try {
      session = await this.deps.authenticator.authenticate({ user, acctid, token });
    } catch (error) {
      this.deps.onError?.(error);
    }
    if (connection.state !== 'authorising') return;
    if (!session || session.otpPending || session.userId.toUpperCase() !== user.toUpperCase()) {
      return this.refuse(connection, 'STR001');
    }
    connection.state = 'ready';
    connection.session = session;
    connection.credentials = { user, acctid, token };
    if (connection.connectTimer) clearTimeout(connection.connectTimer);
    connection.connectTimer = null;
    let mine = this.byClient.get(session.clientId);
    if (!mine) {
      mine = new Set();
      this.byClient.set(session.clientId, mine);
    }
    mine.add(connection);
    const ack: AckItem = { name: 'ack', type: 'ack', task: 'connect', user: session.userId };
    this.send(connection, encodeFrame([JSON.stringify(ack)]));
    const held = connection.held;
    connection.held = [];
    for (const text of held) this.receive(connection, text);
  }

  // ---------------------------------------------------------------- subscriptions

  private subscribe(connection: Connection, feed: StreamLevel, keys: readonly StreamKey[]): void {
    let mine = connection.topics.get(feed);
    if (!mine) {
      mine = new Set();
      connection.topics.set(feed, mine);
    }
    const held = new Set([...mine].map((topic) => topic.key));
    const added = keys.filter((key) => !held.has(key));
    // Refused whole, so a bad request changes nothing.
    if (held.size + added.length > MAX_KEYS_PER_LEVEL) return this.sendError(connection, 'STR003');
    for (const key of added) {
      const topic = this.topic(feed, key);
      topic.subscribers.add(connection);
      mine.add(topic);
      connection.signature = (connection.signature + topicSignature(topic)) | 0;
      // The latest value goes out with the next flush, so a new screen fills at once.
      if (topic.json !== null) this.markPending(connection, topic);
    }
    this.scheduleFlush();
  }

  private unsubscribe(connection: Connection, feed: StreamLevel, keys: readonly StreamKey[]): void {
    const mine = connection.topics.get(feed);
    if (!mine) return;
    for (const key of keys) {
      const topic = this.topics.get(topicId(feed, key));
      if (!topic || !mine.delete(topic)) continue;
      connection.signature = (connection.signature - topicSignature(topic)) | 0;
      connection.pending.delete(topic);
      this.leave(topic, connection);
    }
  }

  private topic(feed: StreamLevel, key: StreamKey): Topic {
    const id = topicId(feed, key);
    const existing = this.topics.get(id);
    if (existing) return existing;
    const topic: Topic = {
      id: this.nextTopicId++,
      feed,
      key,
      subscribers: new Set(),
      json: null,
      segment: null,
      version: 0,
      leaveBus: () => {},
    };
    this.topics.set(id, topic);
    topic.leaveBus = this.deps.bus.subscribe(feed, key, (update) => this.onUpdate(topic, update));
    return topic;
  }

  private leave(topic: Topic, connection: Connection): void {
    topic.subscribers.delete(connection);
    if (topic.subscribers.size > 0) return;
    topic.leaveBus();
    this.topics.delete(topicId(topic.feed, topic.key));
  }

  private onUpdate(topic: Topic, update: MarketUpdate): void {
    try {
      topic.json = itemJson(update, topic.key);
      topic.segment = null;
      topic.version++;
    } catch (error) {
      // A malformed update (e.g. an unsafe integer) is the publisher's bug: report it, keep the last good value.
      this.deps.onError?.(error);
      return;
    }
    for (const connection of topic.subscribers) this.markPending(connection, topic);
    this.scheduleFlush();
  }

  private markPending(connection: Connection, topic: Topic): void {
    connection.pending.add(topic);
    if (connection.queued) return;
    connection.queued = true;
    this.dirty.push(connection);
  }

  /**
   * Passes run one phase of the interval apart: a burst published in one turn goes out right after it to every
   * connection that has had no frame for an interval, a steady stream once per interval to each connection.
   */
  private scheduleFlush(): void {
    if (this.flushTimer || this.flushing || this.closed) return;
    const period = this.options.flushIntervalMs / this.options.passPhases;
    const wait = Math.max(0, this.lastPassAt + period - performance.now());
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush();
    }, wait);
    this.flushTimer.unref();
  }

  // ---------------------------------------------------------------- sending

  /**
   * One frame per dirty connection of this pass's phase (and per one that has had no frame for an interval), in a
   * fixed order (byPlace), sent in slices of a few milliseconds so subscribes and order pushes are never stuck behind
   * a long fan-out. A connection's pending set is taken just before its frame is sent, not at the start of the pass:
   * ticks arriving while the pass runs still make the frame of every connection not yet reached, and each connection
   * is sent at the same point of its phase's passes, so none waits more than about one interval for a tick. Each pass
   * writes to a share of the sockets, so the last of them is reached soon after the first. A pass that outlasts its
   * phase delays the next.
   */
  private flush(): void {
    if (this.flushing || this.dirty.length === 0) return;
    this.flushing = true;
    const now = performance.now();
    this.lastPassAt = now;
    const phases = this.options.passPhases;
    const phase = this.passNumber++ % phases;
    const idleSince = now - this.options.flushIntervalMs;
    const pass: Connection[] = [];
    const later: Connection[] = [];
    for (const connection of this.dirty) {
      if (phaseOf(connection, phases) === phase || connection.lastSentAt <= idleSince) pass.push(connection);
      else later.push(connection);
    }
    // Connections reached in this pass stay queued until their turn, so ticks for them meanwhile join this pass.
    pass.sort(byPlace);
    this.dirty = later;
    let next = 0;
    const slice = () => {
      const until = performance.now() + FLUSH_SLICE_MS;
      // One synchronous stretch: no topic changes version within it, so equal sets found in it share a frame.
      const groups: FrameGroups = new Map();
      while (next < pass.length && !this.closed) {
        const chunk = pass.slice(next, next + FLUSH_CHUNK);
        next += chunk.length;
        this.sendChunk(chunk, groups);
        if (performance.now() >= until) break;
      }
      if (next < pass.length && !this.closed) return void setImmediate(slice);
      this.flushing = false;
      // Ticks that came in after their connection's turn, and backed-up sockets still waiting to drain.
      if (this.dirty.length > 0) this.scheduleFlush();
    };
    slice();
  }

  /**
   * Empties the pending sets of these connections (those that can take a frame), groups equal sets (with those
   * already grouped in this stretch), encodes one frame per new set and sends each connection its frame.
   */
  private sendChunk(chunk: readonly Connection[], groups: FrameGroups): void {
    const outgoing: { connection: Connection; group: FrameGroup }[] = [];
    for (const connection of chunk) {
      const pending = connection.pending;
      // A backed-up socket stays queued and keeps conflating: it gets the newest values once it drains.
      if (connection.state === 'ready' && connection.socket.bufferedAmount > this.options.maxBufferedBytes) {
        this.counters.backpressureSkips++;
        this.dirty.push(connection);
        continue;
      }
      connection.queued = false;
      if (connection.state !== 'ready' || pending.size === 0) continue;
      let hash = 0;
      for (const topic of pending) hash = (hash + topicVersionHash(topic)) | 0;
      const candidates = groups.get(hash);
      let group = candidates?.find((candidate) => sameTopics(candidate.topics, pending));
      if (group) {
        group.connections.push(connection);
        pending.clear();
      } else {
        // The set itself becomes the group's; the connection starts a fresh one.
        group = { topics: pending, connections: [connection], frame: null };
        connection.pending = new Set();
        if (candidates) candidates.push(group);
        else groups.set(hash, [group]);
      }
      outgoing.push({ connection, group });
    }
    const sentAt = performance.now();
    for (const { connection, group } of outgoing) {
      if (group.frame === null) group.frame = this.encodeGroup(group);
      else if (group.connections[1] === connection) this.counters.framesShared++;
      this.sendTextFrame(connection, group.frame);
      connection.lastSentAt = sentAt;
    }
  }

  private encodeGroup({ topics, connections }: FrameGroup): Buffer {
    this.counters.framesEncoded++;
    const live = [...topics].filter((topic): topic is Topic & { json: string } => topic.json !== null);
    if (connections.length < DEFLATE_WHOLE_MIN_SHARERS) {
      this.counters.framesComposed++;
      const segments = live.map((topic) => (topic.segment ??= itemSegment(topic.json)));
      return textFrameIn(composeFrame(segments, TEXT_FRAME_HEADROOM));
    }
    // Bytes once, rather than a text ws would encode again for every socket.
    return textFrameIn(roomFor(encodeFrame(live.map((topic) => topic.json))));
  }

  /** A websocket frame written whole, or its payload handed to `send` where the socket takes only that. */
  private sendTextFrame(connection: Connection, frame: Buffer): void {
    const { socket, frameSocket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    this.counters.framesSent++;
    if (!frameSocket) return socket.send(payloadOf(frame), { binary: false });
    if (!frameSocket.destroyed) frameSocket.write(frame);
  }

  /** Control answers and order pushes, one socket each: through `ws.send`, in order with the tick frames. */
  private send(connection: Connection, frame: string): void {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    this.counters.framesSent++;
    connection.socket.send(frame, { binary: false });
  }

  private sendError(connection: Connection, code: StreamErrorCode): void {
    const item: StreamErrorItem = { name: 'error', type: 'error', code, msg: streamErrorCodes[code] };
    this.send(connection, encodeFrame([JSON.stringify(item)]));
  }

  /** An error item, then the socket is closed (platform.md 6: missing or invalid credentials disconnect). */
  private refuse(connection: Connection, code: StreamErrorCode): void {
    if (connection.state === 'closed') return;
    this.sendError(connection, code);
    connection.socket.close(STREAM_CLOSE_UNAUTHORISED, code);
    this.drop(connection);
  }

  /** One connection at a time, so a thousand sockets never flood the database pool at once. */
  private async revalidate(): Promise<void> {
    if (this.revalidating) return;
    this.revalidating = true;
    try {
      for (const connection of [...this.connections]) {
        if (connection.state !== 'ready' || !connection.credentials) continue;
        let session: SessionContext | null = null;
        try {
          session = await this.deps.authenticator.authenticate(connection.credentials);
        } catch (error) {
          // A database hiccup must not disconnect everybody: keep the socket, check again next round.
          this.deps.onError?.(error);
          continue;
        }
        if (!session || session.sessionId !== connection.session?.sessionId) this.refuse(connection, 'STR001');
      }
    } finally {
      this.revalidating = false;
    }
  }

  private heartbeat(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        this.drop(connection);
        continue;
      }
      connection.alive = false;
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.ping();
    }
  }

  /** Forgets a connection: its subscriptions, its pending ticks and its place in the client index. */
  private drop(connection: Connection): void {
    if (connection.state === 'closed') return;
    connection.state = 'closed';
    if (connection.connectTimer) clearTimeout(connection.connectTimer);
    this.connections.delete(connection);
    connection.pending.clear();
    connection.held = [];
    for (const topics of connection.topics.values()) for (const topic of topics) this.leave(topic, connection);
    connection.topics.clear();
    if (connection.session) {
      const mine = this.byClient.get(connection.session.clientId);
      mine?.delete(connection);
      if (mine?.size === 0) this.byClient.delete(connection.session.clientId);
    }
  }
}

import {
  MAX_KEYS_PER_MESSAGE,
  STREAM_CLOSE_UNAUTHORISED,
  STREAM_RECONNECT_ATTEMPTS,
  STREAM_RECONNECT_DELAY_MS,
  STREAM_SUBSCRIBE_DELAY_MS,
  buildChannel,
  type ConnectMessage,
  type StreamItem,
  type StreamKey,
  type StreamLevel,
  type SubscriptionMessage,
} from '@kite/domain';

/** The part of the browser's WebSocket the client uses, so tests can hand in their own. */
export interface StreamSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface StreamCredentials {
  user: string;
  acctid: string;
  token: string;
}

export interface RegisterOptions {
  /** Unsubscribe while the chart or order dialog is open, instead of holding the updates (investing.md top movers). */
  dropWhilePaused?: boolean;
}

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'stopped';

export interface StreamClientDeps {
  openSocket: () => StreamSocket;
  /** The stored session (platform.md 6): with none, the client does not connect. */
  credentials: () => StreamCredentials | null;
  decode: (frame: string) => Promise<StreamItem[]>;
  /** Market data and everything else the server sends, in arrival order. */
  deliver: (item: StreamItem) => void;
}

const OPEN = 1;

function topicOf(level: StreamLevel, key: StreamKey): string {
  return `${level} ${key}`;
}

function splitTopic(topic: string): [StreamLevel, StreamKey] {
  const space = topic.indexOf(' ');
  return [topic.slice(0, space) as StreamLevel, topic.slice(space + 1)];
}

function itemTopic(item: StreamItem): string | null {
  switch (item.type) {
    case 'level1':
    case 'level1ext':
      return topicOf('level1', item.key);
    case 'level2':
      return topicOf('level2', item.key);
    case 'level3':
      return topicOf('level3', item.key);
    default:
      return null;
  }
}

/**
 * The one live-stream client of the web app (platform.md 4.7, trading.md 4.9): connects with the stored session,
 * subscribes one second after registration, reconnects up to 10 times 5 seconds apart and resubscribes, and holds
 * background updates while the chart or order dialog is open.
 */
export class StreamClient {
  private socket: StreamSocket | null = null;
  /** Bumped for every socket, so a late frame of an old socket is dropped. */
  private generation = 0;
  private statusValue: StreamStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  /** topic -> screen -> registration count. */
  private readonly registrations = new Map<string, Map<string, number>>();
  /** Topics the server holds for the current socket. */
  private readonly subscribed = new Set<string>();
  private paused = false;
  private readonly liveScreens = new Set<string>();
  /** Screens whose subscription is dropped while a dialog is open and restored on its close (investing.md). */
  private readonly droppedWhilePaused = new Set<string>();
  /** While paused: the newest item per held-back topic, applied on resume. */
  private readonly held = new Map<string, StreamItem[]>();
  private decoding: Promise<void> = Promise.resolve();

  constructor(private readonly deps: StreamClientDeps) {}

  get status(): StreamStatus {
    return this.statusValue;
  }

  /** Calls `listener` whenever the status changes (the shell's notice of lost live prices); returns the unsubscribe. */
  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: StreamStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    for (const listener of this.statusListeners) listener();
  }

  /**
   * Registers a screen's interest in keys at one level; returns the matching unregister. Registrations are counted,
   * so two screens showing one symbol keep it subscribed until both leave. With `dropWhilePaused` the screen's keys
   * are unsubscribed while the chart or order dialog is open, not held, and subscribed again when it closes (the
   * server then sends each key's latest value).
   */
  register(screen: string, keys: readonly StreamKey[], level: StreamLevel, options: RegisterOptions = {}): () => void {
    if (options.dropWhilePaused) this.droppedWhilePaused.add(screen);
    const topics = [...new Set(keys)].map((key) => topicOf(level, key));
    for (const topic of topics) {
      let screens = this.registrations.get(topic);
      if (!screens) {
        screens = new Map();
        this.registrations.set(topic, screens);
      }
      screens.set(screen, (screens.get(screen) ?? 0) + 1);
    }
    this.ensureConnected();
    this.scheduleSync();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      for (const topic of topics) {
        const screens = this.registrations.get(topic);
        const count = screens?.get(screen) ?? 0;
        if (!screens || count === 0) continue;
        if (count > 1) screens.set(screen, count - 1);
        else screens.delete(screen);
        if (screens.size === 0) {
          this.registrations.delete(topic);
          this.held.delete(topic);
        }
      }
      this.scheduleSync();
    };
  }

  /**
   * Holds live updates while the chart or order dialog is open (platform.md 4.7); `liveScreen` names the dialog's
   * own registrations, which keep ticking (its market depth updates live, trading.md 2.9).
   */
  pause(liveScreen?: string): void {
    this.paused = true;
    if (liveScreen) this.liveScreens.add(liveScreen);
    this.scheduleSync();
  }

  /** Resumes on close of the dialog: the newest held value of every symbol is shown at once. */
  resume(): void {
    this.paused = false;
    this.liveScreens.clear();
    const held = [...this.held.values()];
    this.held.clear();
    for (const items of held) for (const item of items) this.deps.deliver(item);
    this.scheduleSync();
  }

  /** Connects if there is something to stream and a stored session to stream it with. */
  ensureConnected(): void {
    if (this.socket || this.reconnectTimer || this.registrations.size === 0) return;
    if (this.statusValue === 'stopped') return;
    this.open();
  }

  /** Closes for good (logout, or the session went away); registrations stay for the next connect. */
  disconnect(): void {
    this.clearTimers();
    this.attempts = 0;
    this.held.clear();
    this.dropSocket();
    this.setStatus('idle');
  }

  /** After a new login: forget a stop and connect again if screens are registered. */
  restart(): void {
    this.disconnect();
    this.ensureConnected();
  }

  private open(): void {
    const credentials = this.deps.credentials();
    if (!credentials) {
      // platform.md 6: without the stored session the socket is not opened.
      this.setStatus('idle');
      return;
    }
    const generation = ++this.generation;
    const socket = this.deps.openSocket();
    this.socket = socket;
    this.subscribed.clear();
    this.setStatus(this.attempts > 0 ? 'reconnecting' : 'connecting');
    socket.onopen = () => {
      if (generation !== this.generation) return;
      const connect: ConnectMessage = { task: 'connect', ...credentials };
      socket.send(JSON.stringify(connect));
      this.setStatus('open');
      this.scheduleSync(true);
    };
    socket.onmessage = (event) => {
      if (generation !== this.generation || typeof event.data !== 'string') return;
      const frame = event.data;
      // Frames decode asynchronously; chaining keeps them in arrival order.
      this.decoding = this.decoding
        .then(() => this.deps.decode(frame))
        .then((items) => {
          if (generation === this.generation) for (const item of items) this.receive(item);
        })
        .catch((error: unknown) => console.warn('stream frame dropped', error));
    };
    socket.onclose = (event) => {
      if (generation !== this.generation) return;
      this.socket = null;
      this.subscribed.clear();
      if (event.code === STREAM_CLOSE_UNAUTHORISED) {
        // The server refused the session: retrying with the same token cannot succeed.
        this.setStatus('stopped');
        return;
      }
      this.scheduleReconnect();
    };
    socket.onerror = () => {};
  }

  private receive(item: StreamItem): void {
    if (item.type === 'ack') {
      this.attempts = 0;
      return;
    }
    if (item.type === 'error') {
      console.warn(`stream: ${item.code} ${item.msg}`);
      return;
    }
    const topic = itemTopic(item);
    // A key no screen wants now (its unsubscribe is still on its way) is dropped, paused or not.
    if (topic && !this.wants(topic)) return;
    if (topic && this.paused && !this.isLive(topic)) {
      const items = this.held.get(topic) ?? [];
      // Conflate while held: a full quote replaces everything before it; an extension is kept after it.
      this.held.set(topic, item.type === 'level1ext' ? [...items, item] : [item]);
      return;
    }
    this.deps.deliver(item);
  }

  /** A registered topic, unless the dialog is open and every screen holding it drops its keys meanwhile. */
  private wants(topic: string): boolean {
    const screens = this.registrations.get(topic);
    if (!screens) return false;
    if (!this.paused) return true;
    for (const screen of screens.keys()) if (!this.droppedWhilePaused.has(screen)) return true;
    return false;
  }

  private isLive(topic: string): boolean {
    const screens = this.registrations.get(topic);
    if (!screens) return false;
    for (const screen of screens.keys()) if (this.liveScreens.has(screen)) return true;
    return false;
  }

  private scheduleReconnect(): void {
    if (this.attempts >= STREAM_RECONNECT_ATTEMPTS) {
      // platform.md 9: ten attempts, then the client stays disconnected.
      this.setStatus('stopped');
      return;
    }
    this.attempts++;
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.registrations.size > 0) this.open();
      else this.setStatus('idle');
    }, STREAM_RECONNECT_DELAY_MS);
  }

  /** platform.md 4.7: registration is followed by the subscribe one second later; changes within it are batched. */
  private scheduleSync(restart = false): void {
    if (this.syncTimer && !restart) return;
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      this.sync();
    }, STREAM_SUBSCRIBE_DELAY_MS);
  }

  /** Sends the difference between what screens want and what the server holds. */
  private sync(): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    const add = new Map<StreamLevel, StreamKey[]>();
    const remove = new Map<StreamLevel, StreamKey[]>();
    for (const topic of this.registrations.keys()) {
      if (this.subscribed.has(topic) || !this.wants(topic)) continue;
      const [level, key] = splitTopic(topic);
      add.set(level, [...(add.get(level) ?? []), key]);
      this.subscribed.add(topic);
    }
    for (const topic of [...this.subscribed]) {
      if (this.wants(topic)) continue;
      const [level, key] = splitTopic(topic);
      remove.set(level, [...(remove.get(level) ?? []), key]);
      this.subscribed.delete(topic);
    }
    const send = (task: 'sub' | 'unsub', byLevel: Map<StreamLevel, StreamKey[]>) => {
      for (const [type, keys] of byLevel) {
        for (let from = 0; from < keys.length; from += MAX_KEYS_PER_MESSAGE) {
          const message: SubscriptionMessage = {
            task,
            action: task,
            channel: buildChannel(keys.slice(from, from + MAX_KEYS_PER_MESSAGE)),
            type,
          };
          socket.send(JSON.stringify(message));
        }
      }
    };
    send('unsub', remove);
    send('sub', add);
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.generation++;
    this.socket = null;
    this.subscribed.clear();
    if (socket) socket.close(1000, 'client closed');
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.reconnectTimer = null;
    this.syncTimer = null;
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { buildServer, SERVER_BUNDLE } from '../../scripts/build.mjs';
import { repoRoot } from '../config/server-root.ts';
import { freePort } from './free-port.ts';

/**
 * The real server as a child process, run as `npm start` runs it (the bundle of scripts/build.mjs, built once per
 * process that spawns), for the tests that need a process of its own: the crash and database-fault batteries (kill -9,
 * restarts) and the browser tests.
 */
export interface ServerProcess {
  url: string;
  port: number;
  /** Milliseconds from spawn to /readyz answering 200. */
  readyMs: number;
  child: ChildProcess;
  /** The last of what the server printed, for diagnosing a failure. */
  output(): string;
}

const READY_WITHIN_MS = 60_000;
const KEPT_OUTPUT = 20_000;
/** This process's build of the bundle: the sources as they are now, built before the first server it spawns. */
let bundleBuilt: Promise<void> | null = null;

/** Starts the server on `port` (a free one when not given) with `env` over a development base; resolves once ready. */
export async function spawnServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  await (bundleBuilt ??= buildServer());
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-KEPT_OUTPUT));
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready in ${READY_WITHIN_MS / 1000} s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { url, port: listenPort, readyMs: performance.now() - started, child, output: () => log };
}

/** kill -9, as a crash would. */
export async function killHard(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

/** SIGTERM, then kill -9 after 10 s. */
export async function stopGracefully(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (server.child.exitCode === null) await killHard(server);
}

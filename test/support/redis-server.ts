/**
 * A real `redis-server` for tests that need one: started on a free loopback port with no
 * persistence (`--save '' --appendonly no`), stopped after. Faults are real: the process is
 * killed, paused (SIGSTOP, a server that answers nothing) and restarted on the same port.
 *
 * - With `CI` or `BLOCKWISE_CI=1` set, the server is required: a missing binary fails the tests.
 * - Otherwise, where `redis-server` isn't installed, the tests that need it skip, with a reason
 *   saying how to install it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

const binary = process.env.BLOCKWISE_REDIS_SERVER ?? 'redis-server';

/** True where the tests must run against a real server (CI), installed or not. */
const REDIS_REQUIRED = process.env.CI !== undefined || process.env.BLOCKWISE_CI === '1';

/** True when `redis-server` runs on this machine. */
export const REDIS_INSTALLED = spawnSync(binary, ['--version'], { stdio: 'ignore' }).status === 0;

/** True when the Redis tests run (installed, or required so that a missing binary fails them). */
export const HAS_REDIS = REDIS_INSTALLED || REDIS_REQUIRED;

/** The reason a Redis test skips, used in its name. */
export const REDIS_SKIP_REASON = 'skipped: redis-server is not installed (apt-get install -y redis-server)';

/** A running server and its faults. */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  /** SIGKILL: the server is gone, every connection reset. */
  kill(): Promise<void>;
  /** SIGSTOP: connections stay open and nothing is answered. */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
  /** Starts it again on the same port (after {@link kill}), empty. */
  restart(): Promise<void>;
  /** Stops it for good. */
  stop(): Promise<void>;
}

/** Starts a server on a free loopback port. */
export async function startRedis(): Promise<RedisServer> {
  if (!REDIS_INSTALLED) throw new Error(`redis-server is required here (CI) but not installed: apt-get install -y redis-server`);
  const port = await freePort();
  let child = await launch(port);
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      await stopChild(child, 'SIGKILL');
    },
    pause() {
      child.kill('SIGSTOP');
    },
    resume() {
      child.kill('SIGCONT');
    },
    async restart() {
      child = await launch(port);
    },
    async stop() {
      child.kill('SIGCONT');
      await stopChild(child, 'SIGKILL');
    },
  };
  return server;
}

async function launch(port: number): Promise<ChildProcess> {
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
    stdio: 'ignore',
  });
  await waitForPort(port, child);
  return child;
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the port accepts a connection; rejects when the server exits first. */
async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} before listening on ${port}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server didn't listen on ${port}`);
}

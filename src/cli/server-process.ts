/**
 * The MCP server `blockwise call` starts: spawned directly in its own process group, so ending
 * the group ends the server and everything it started, on every exit path — done, failed, timed
 * out or interrupted. The SDK's own stdio transport can't spawn into a new group, so this module
 * spawns the child and gives the SDK a transport over the child's stdio.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { addLiveGroup, removeLiveGroup, signalGroup, TERM_GRACE_MS } from './live-groups.js';

/** How much of the server's stderr is kept, for the line that says why it stopped. */
const STDERR_TAIL_CHARS = 4_096;

/** The server could not be started (its error's code, e.g. `ENOENT`, is kept). */
export class ServerStartError extends Error {
  constructor(
    readonly command: string,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ServerStartError';
  }
}

/** How the server process ended. */
interface ServerExit {
  readonly code: number | null;
  readonly signal: string | null;
}

/** A started server: its group leader's pid, its stdio, and how to end its whole group. */
export interface ServerProcess {
  readonly pid: number;
  readonly child: ChildProcess;
  /** How the leader ended, once it has. */
  exit(): ServerExit | undefined;
  /** Resolves when the leader has ended. */
  readonly exited: Promise<ServerExit>;
  /** The last non-empty line the server wrote to stderr. */
  lastStderrLine(): string | undefined;
  /** The last `count` non-empty lines the server wrote to stderr, oldest first. */
  lastStderrLines(count: number): string[];
  /**
   * True when the leader ended on its own: before anything here asked it to end, or with an exit
   * code of its own. False while it runs, or when the signal {@link end} sent ended it (then the
   * reason it was ended is this side's to tell, never the server's exit).
   */
  exitedOnItsOwn(): boolean;
  /** Ends the whole group: SIGTERM, then SIGKILL after the grace period. Idempotent. */
  end(): Promise<void>;
}

/** Options for {@link startServer}. */
export interface StartOptions {
  readonly env: Readonly<Record<string, string>>;
  /** `pipe` for a stdio server; `ignore` for one reached over HTTP. */
  readonly stdin: 'pipe' | 'ignore';
}

/** How long an exited server's stderr is waited for before its exit is reported. */
const STDERR_DRAIN_MS = 200;

/** Spawns `command` in a new process group; rejects with {@link ServerStartError} if it can't start. */
export async function startServer(command: readonly string[], options: StartOptions): Promise<ServerProcess> {
  const [file, ...args] = command;
  if (file === undefined || file === '') throw new ServerStartError('', undefined, 'no command');
  const child = spawn(file, args, {
    detached: true,
    stdio: [options.stdin, 'pipe', 'pipe'],
    env: { ...options.env },
    shell: false,
    windowsHide: true,
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error: NodeJS.ErrnoException) => reject(new ServerStartError(file, error.code, error.message)));
  });
  const pid = child.pid as number;
  addLiveGroup(pid);
  let exit: ServerExit | undefined;
  let endAsked = false;
  let onItsOwn = false;
  const exited = new Promise<ServerExit>((resolve) => {
    child.once('exit', (code, signal) => {
      // Ended by a signal after this side asked it to end: this side's doing. An exit code (a
      // crash, or an exit before the request to end was acted on) is the server's own.
      onItsOwn = !endAsked || signal === null;
      const settled = { code, signal };
      // Its last stderr lines may still be in the pipe: the exit is known only once the pipe has
      // ended (or after a moment, where a grandchild keeps it open), so whoever reads the exit
      // and then the stderr tail never finds the tail short of its last lines.
      let resolved = false;
      const done = (): void => {
        if (resolved) return;
        resolved = true;
        exit = settled;
        resolve(settled);
      };
      if (child.stderr === null || child.stderr.readableEnded) done();
      else {
        child.stderr.once('end', done);
        setTimeout(done, STDERR_DRAIN_MS).unref();
      }
    });
  });
  let stderrTail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  // A server reached over HTTP may log to stdout; drain it so it never blocks.
  if (options.stdin === 'ignore') child.stdout?.resume();
  child.on('error', () => {
    // Errors after spawn (a failed kill, a broken pipe) surface through the transport or exit.
  });
  let ending: Promise<void> | undefined;
  return {
    pid,
    child,
    exit: () => exit,
    exited,
    lastStderrLine: () =>
      stderrTail
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .at(-1),
    lastStderrLines: (count) =>
      stderrTail
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .slice(-count),
    exitedOnItsOwn: () => onItsOwn,
    end: () => {
      endAsked = true;
      return (ending ??= endGroup(child, pid, exited));
    },
  };
}

async function endGroup(child: ChildProcess, pid: number, exited: Promise<ServerExit>): Promise<void> {
  child.stdin?.destroy();
  signalGroup(pid, 'SIGTERM');
  if (!(await groupGoneWithin(pid, TERM_GRACE_MS))) {
    signalGroup(pid, 'SIGKILL');
    await groupGoneWithin(pid, TERM_GRACE_MS);
  }
  // Destroying stderr drops what is still buffered in it: the server's last lines are read first
  // (`exited` waits for the pipe's end, bounded where a process outside the group holds it).
  await exited;
  child.stdout?.destroy();
  child.stderr?.destroy();
  removeLiveGroup(pid);
}

async function groupGoneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isGroupAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/**
 * True while any process of group `pgid` is alive. A process that died but wasn't reaped (a
 * zombie: every one of its threads exited, so it holds no files) doesn't count — an orphan may
 * wait a long time for a reaper. Where `/proc` can't be read, a group that takes signals is alive.
 */
export function isGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  return entries.some((entry) => /^\d+$/.test(entry) && readStat(`/proc/${entry}/stat`)?.pgrp === pgid && !isZombie(Number(entry)));
}

/** True while process `pid` is alive (a zombie counts as gone). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * True when every thread of `pid` has exited. The leader's own state isn't enough: in a
 * multi-threaded process it turns zombie while other threads still hold the process's files.
 */
function isZombie(pid: number): boolean {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return false;
  }
  return tasks.every((tid) => {
    const state = readStat(`/proc/${pid}/task/${tid}/stat`)?.state;
    return state === undefined || state === 'Z' || state === 'X';
  });
}

/** A `stat` file's state and process group (fields 3 and 5; the name may hold spaces). */
function readStat(path: string): { state: string; pgrp: number } | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const pgrp = Number(fields[2]);
  return state === undefined || !Number.isInteger(pgrp) ? undefined : { state, pgrp };
}

/** How much of a server's first stdout output a "not an MCP server" error quotes. */
const NOT_MCP_HEAD_CHARS = 80;

/** The longest line a server may write (the SDK's own bound), in bytes. */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** Why the transport stopped reading the server's stdout, in words, when it was its own doing. */
const FRAMING_TEXT = {
  lineTooLong: 'a line over 10 MB without a newline',
} as const;

/**
 * The SDK's stdio framing (one JSON-RPC message a line) over a spawned server's stdin and stdout,
 * framed here rather than by the SDK's `ReadBuffer`, whose search from the buffer's start on each
 * chunk makes a long line quadratic: each chunk is searched once, the unterminated tail is kept
 * as chunks with its length, and a line past {@link MAX_LINE_BYTES} fails at once. Blank (and
 * white-space) lines are skipped. Closing it ends the group.
 */
export class ChildStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  /** The unterminated tail: its chunks, and their length in bytes. */
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private closed = false;
  private started = false;
  /** True once the server wrote one JSON-RPC message. */
  private spoken = false;
  /** The first bytes the server wrote to stdout, kept until it has spoken JSON-RPC. */
  private head = '';
  private notMcp: string | undefined;
  private framingFailure: string | undefined;

  constructor(private readonly server: ServerProcess) {
    const { child } = server;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (this.closed || this.notMcp !== undefined || this.framingFailure !== undefined) return;
      if (!this.spoken && this.head.length < NOT_MCP_HEAD_CHARS) {
        this.head += chunk.subarray(0, NOT_MCP_HEAD_CHARS).toString('utf8');
        // Every JSON-RPC message is an object: output that opens with anything else is no MCP
        // server's, and is said so now rather than after the initialize timeout.
        const first = this.head.trimStart()[0];
        if (first !== undefined && first !== '{') {
          this.refuse();
          return;
        }
      }
      this.take(chunk);
    });
    child.stdout?.on('error', (error) => this.onerror?.(error));
    child.stdin?.on('error', (error) => this.onerror?.(error));
    child.once('close', () => this.finish());
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('ChildStdioTransport already started');
    this.started = true;
    // The server may have exited before the client attached: say so now rather than wait.
    if (this.closed) setImmediate(() => this.onclose?.());
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.server.child.stdin;
    if (this.closed || stdin === null || stdin.destroyed || !stdin.writable) return Promise.reject(new Error('the server is not running'));
    return new Promise((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  async close(): Promise<void> {
    await this.server.end();
    this.finish();
  }

  /**
   * What the server wrote to stdout (its first bytes) where that was not JSON-RPC before any
   * message was; undefined for a server that spoke JSON-RPC first.
   */
  notMcpOutput(): string | undefined {
    return this.notMcp;
  }

  private refuse(): void {
    if (this.notMcp !== undefined) return;
    this.notMcp = this.head.slice(0, NOT_MCP_HEAD_CHARS);
    this.onerror?.(new Error('not an MCP server on stdout'));
    void this.close();
  }

  /**
   * What the transport itself gave up on (a line past the bound), in words; undefined while it
   * reads on. The server it then ended didn't exit on its own.
   */
  framingError(): string | undefined {
    return this.framingFailure;
  }

  /** Frames `chunk`: each whole line it ends is read, the rest kept as the tail. */
  private take(chunk: Buffer): void {
    let from = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1 && !this.closed; newline = chunk.indexOf(0x0a, from)) {
      const piece = chunk.subarray(from, newline);
      const line = this.tail.length === 0 ? piece : Buffer.concat([...this.tail, piece]);
      this.tail = [];
      this.tailBytes = 0;
      from = newline + 1;
      if (line.length > MAX_LINE_BYTES) return this.giveUp(FRAMING_TEXT.lineTooLong);
      this.read(line);
    }
    if (this.closed || from >= chunk.length) return;
    const rest = chunk.subarray(from);
    this.tail.push(rest);
    this.tailBytes += rest.length;
    if (this.tailBytes > MAX_LINE_BYTES) this.giveUp(FRAMING_TEXT.lineTooLong);
  }

  /** One line: skipped when blank, else one JSON-RPC message. */
  private read(line: Buffer): void {
    const text = line.toString('utf8');
    if (text.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(text.endsWith('\r') ? text.slice(0, -1) : text);
    } catch (error) {
      if (!this.spoken) return this.refuse();
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.spoken = true;
    this.onmessage?.(message);
  }

  private giveUp(reason: string): void {
    this.framingFailure = reason;
    this.tail = [];
    this.tailBytes = 0;
    this.onerror?.(new Error(reason));
    void this.close();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.tail = [];
    this.tailBytes = 0;
    this.onclose?.();
  }
}

/**
 * What the command line reads and writes: its streams, and the signal that interrupts it. `main`
 * takes these as arguments so tests run it in process with string sinks.
 */

/** A sink for text (a process stream, or a test's buffer). */
export interface TextSink {
  write(text: string): unknown;
}

/** The command line's streams and interrupt. */
export interface CliIo {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  /** Where `render -` reads from (default: the process's stdin). */
  readonly stdin?: AsyncIterable<string | Buffer>;
  /** True when stderr is a terminal: `call` then prints a progress line per call. */
  readonly stderrIsTTY?: boolean;
  /** Aborted on Ctrl-C, SIGTERM or SIGHUP; its reason names the signal (`'SIGINT'`, …). */
  readonly interrupt?: AbortSignal;
}

/** Exit codes. */
export const EXIT = {
  ok: 0,
  /** A call failed or timed out, or the server couldn't be reached. */
  failed: 1,
  /** Bad usage, or input that can't be read. */
  usage: 2,
} as const;

/** The signals the command line ends its servers on, with their conventional exit codes (128 + number). */
export const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** The exit code after `reason` (a signal's name); an interrupt of another kind counts as SIGINT. */
export function signalExitCode(reason: unknown): number {
  return typeof reason === 'string' && Object.hasOwn(SIGNAL_EXIT_CODES, reason)
    ? SIGNAL_EXIT_CODES[reason as keyof typeof SIGNAL_EXIT_CODES]
    : SIGNAL_EXIT_CODES.SIGINT;
}

/**
 * The words of a host's log lines that more than one lane writes (and the fetcher): what was
 * thrown, a tool's name, a withheld result; and writing a line so that the log itself can't take
 * a lane down. A log line is read by the host's operator, never by the model, but it carries a
 * server's words, so each is sanitized as a label is.
 */
import { WalkError } from '../walk.js';
import { sanitizeLabel, stripUnshowable } from './labels.js';

/** Where a host's log lines go: its `log` setting. */
export interface HostLog {
  readonly log: (line: string) => void;
}

/** The words a log line uses for a value it can't read. */
const UNREADABLE_THROWN = 'a thrown value that cannot be read as text';

/**
 * The first line of what was thrown, for a log line — for a walk's stop, with the first line of
 * what stopped it — without controls or separators; says so when a thrown value can't be read as
 * text. Never throws (a throw from here would undo the catch it serves).
 */
export function thrownLine(error: unknown): string {
  try {
    const line = firstLine(error);
    if (error instanceof WalkError && error.cause !== undefined) return `${line} (${firstLine(error.cause)})`;
    return line;
  } catch {
    return UNREADABLE_THROWN;
  }
}

function firstLine(error: unknown): string {
  try {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return stripUnshowable(text.split('\n')[0]!.slice(0, 300));
  } catch {
    return UNREADABLE_THROWN;
  }
}

/** A tool's name as log lines and failures give it: quoted and sanitized, or a stand-in. */
export function toolLabel(toolName: unknown): string {
  return typeof toolName === 'string' ? JSON.stringify(sanitizeLabel(toolName)) : 'an unnamed tool';
}

/** A log line naming the tool a lane withheld the result of. */
export function withheldLogLine(lane: string, toolName: unknown, error: unknown): string {
  return `blockwise: ${lane}: result of ${toolLabel(toolName)} withheld: ${thrownLine(error)}`;
}

/**
 * Writes a log line made by `line` to `host`'s log; neither making the line nor a log function
 * that throws takes a lane down with it.
 */
export function logSafely(host: HostLog, line: () => string): void {
  try {
    host.log(line());
  } catch {
    // The host's own log failed, or the line couldn't be made; the lane's answer stands.
  }
}

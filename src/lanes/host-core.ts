/**
 * What every lane of one host reads: its settings, its registry (possibly shared), its own
 * server addresses, its clock and its log.
 */
import type { MutableAddressBook } from '../references/addresses.js';
import type { Registry } from '../references/registry.js';
import { WalkError } from '../walk.js';

/** One host's state, shared by its lanes. */
export interface HostCore {
  readonly cap: number;
  readonly maxImageBytes: number;
  /** The fetch ceiling stubs promise against (a fetch may pass a lower one). */
  readonly fetchMaxBytes: number;
  readonly registry: Registry;
  readonly addresses: MutableAddressBook;
  readonly now: () => number;
  readonly log: (line: string) => void;
}

/**
 * The first line of what was thrown, for a log line — for a walk's stop, with the first line of
 * what stopped it; says so when a thrown value can't be read as text (a throw from here would
 * undo the catch it serves).
 */
export function thrownLine(error: unknown): string {
  const line = firstLine(error);
  if (error instanceof WalkError && error.cause !== undefined) return `${line} (${firstLine(error.cause)})`;
  return line;
}

function firstLine(error: unknown): string {
  try {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return text.split('\n')[0]!.slice(0, 300);
  } catch {
    return 'a thrown value that cannot be read as text';
  }
}

/** A log line naming the tool a lane withheld the result of. */
export function withheldLogLine(lane: string, toolName: unknown, error: unknown): string {
  const tool = typeof toolName === 'string' ? JSON.stringify(toolName.slice(0, 120)) : 'an unnamed tool';
  return `blockwise: ${lane}: result of ${tool} withheld: ${thrownLine(error)}`;
}

/** Writes a log line; a log function that throws never takes a lane down with it. */
export function logSafely(core: HostCore, line: string): void {
  try {
    core.log(line);
  } catch {
    // The host's own log failed; the lane's answer stands.
  }
}

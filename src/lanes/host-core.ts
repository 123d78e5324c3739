/**
 * What every lane of one host reads: its settings, its registry (possibly shared), its own
 * server addresses, its clock and its log.
 */
import type { ImageLimits } from '../blocks/image-check.js';
import type { ProviderProfile } from '../providers/profiles.js';
import type { MutableAddressBook } from '../references/addresses.js';
import type { Registry } from '../references/registry.js';
import { sanitizeLabel, stripUnshowable } from '../text/labels.js';
import { WalkError } from '../walk.js';

/** One host's state, shared by its lanes. */
export interface HostCore {
  readonly cap: number;
  readonly maxImageBytes: number;
  /** What the host's provider takes as a native image (its profile's images). */
  readonly imageLimits: ImageLimits;
  /** The host's provider profile: what its tool results may carry natively. */
  readonly provider: ProviderProfile;
  /** The fetch ceiling stubs promise against (a fetch may pass a lower one). */
  readonly fetchMaxBytes: number;
  readonly registry: Registry;
  readonly addresses: MutableAddressBook;
  readonly now: () => number;
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
 * Writes a log line made by `line`; neither making the line nor a log function that throws
 * takes a lane down with it.
 */
export function logSafely(core: HostCore, line: () => string): void {
  try {
    core.log(line());
  } catch {
    // The host's own log failed, or the line couldn't be made; the lane's answer stands.
  }
}

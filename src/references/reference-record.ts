/**
 * A host-private record of a received reference, and what a fetch of it verified: the shape the
 * registry keeps (docs/design.md §6) and its stores write and read. Declared apart from the
 * registry so that the stores, which the registry imports, import none of it.
 */
import type { Testimony } from './testimony.js';

/** What a successful fetch verified; a record that has it keeps its testimony. */
export interface FetchedCopy {
  /** The host-made path the bytes were saved at. */
  readonly path: string;
  readonly bytes: number;
  /** The media type observed in the bytes (or the claim, where the bytes say nothing). */
  readonly mimeType: string;
  /** True when a claimed digest matched; false when none was claimed. */
  readonly digestVerified: boolean;
}

/** A host-private record of a received reference (RFC-005's record: never on the wire). */
export interface ReferenceRecord {
  /** The opaque id the model names the reference by: `ref-` and 96 random bits, never reused. */
  readonly refId: string;
  /** The raw uri, as received. */
  readonly uri: string;
  /** The latest testimony in force (see the registry's `register`). */
  readonly testimony: Testimony;
  /** The server that delivered it; absent for a reference the host made itself. */
  readonly serverId?: string;
  /** Present once fetched and verified. */
  readonly fetched?: FetchedCopy;
}

/**
 * What classifying one result's blocks reads (docs/design.md §5.2): the lane, the result's
 * claims, the registry and the budgets. One per result; blocks at depth get a copy.
 */
import type { AddressBook } from '../references/addresses.js';
import type { ResultClaims } from '../references/claims.js';
import type { DialLimits } from '../references/dial-check.js';
import type { Registry } from '../references/registry.js';
import type { MediaLeft } from '../providers/profiles.js';
import type { ImageLimits } from './image-check.js';
import type { ReferenceRecord } from '../references/reference-record.js';
import type { Testimony } from '../references/testimony.js';
import type { ShownBlock } from './shown-block.js';
import type { ShownLeft } from './shown-budget.js';

/** The lanes a block can be shown on. Only the tool-result lane shows a link's uri. */
export type Lane = 'tool-result' | 'push' | 'script';

/** What classifying one result's blocks reads; one per result. */
export interface ClassifyContext {
  readonly lane: Lane;
  /** The result's claims, read before any block is classified. */
  readonly claims: ResultClaims;
  readonly registry: Registry;
  /** The host's own server addresses, which its stubs and its fetches both read. */
  readonly addresses: AddressBook;
  /** The server that sent the result; absent for the host's own tools. */
  readonly serverId?: string;
  /** The clock; read once per stub. */
  readonly now: () => number;
  readonly dialLimits: DialLimits;
  /** Decoded image bytes this result may still send natively. */
  imageBytesLeft: number;
  /** The budget `imageBytesLeft` started from, for the marker's words. */
  readonly maxImageBytes: number;
  /** What the host's provider takes as a native image. */
  readonly imageLimits: ImageLimits;
  /**
   * What this result may still send natively under the host's provider: images counted, PDF
   * and audio bytes. Absent, MCP's: no count, no PDF, no audio.
   */
  readonly media?: MediaLeft;
  /**
   * What this render may still show of blocks other than text (`shown-budget.ts`): once spent,
   * `toolResultBlocks` counts the remaining blocks other than text in one notice and classifies
   * none of them.
   * One object per render, shared by every context made from it (blocks at depth included).
   */
  readonly shownLeft: ShownLeft;
  /**
   * How much of a text any copy can show (the cap): texts are made well formed that far
   * (`wellFormedUpTo`). Absent, whole: the script lane gives texts whole.
   */
  readonly keepChars?: number;
  /**
   * Told what the classifier read of a block the script lane gives as an object rather than as
   * words (`BlockReading`), as it classifies it: that lane builds its view from this one
   * classification, never by reading the block again. A block it answers for (a reference once
   * registered, inline media, an embedded resource's content) is classified no further: the
   * classifier returns what it answers.
   */
  readonly onRead?: (reading: BlockReading) => ShownBlock | undefined;
}

/** What the classifier read of a block, as {@link ClassifyContext.onRead} is told it. */
export type BlockReading =
  /** A reference or link, as registered (`record`) and as its block testified. */
  | { readonly as: 'reference'; readonly record: ReferenceRecord; readonly testimony: Testimony }
  /** A reference-form block whose testimony doesn't read. */
  | { readonly as: 'invalid-reference' }
  /** Inline image or audio with data and a declared type, as sent (unchecked). */
  | { readonly as: 'media'; readonly media: 'image' | 'audio'; readonly data: string; readonly mimeType: string }
  /** An embedded resource's content. */
  | { readonly as: 'embedded'; readonly contents: Readonly<Record<string, unknown>> };

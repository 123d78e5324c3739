/**
 * The one classification (docs/design.md §5.2): each block of a result becomes one `ShownBlock`, and
 * both copies — the stored text and the live blocks — are built from these, never from the
 * result again.
 */
import type { DialRefusal } from '../references/dial-check.js';
import type { MarkerReason } from '../text/markers.js';
import type { UriWithheld } from '../uri/shown-link-uri.js';

/**
 * A block shown as its text, made well formed as far as a copy can show it (the cap, on the
 * lanes that cut at it: `wellFormedUpTo`).
 */
export interface ShownText {
  readonly kind: 'text';
  readonly text: string;
  /** Stubs rendered inside this text (data at depth), kept whole when a cut drops them. */
  readonly stubs?: readonly string[];
  /**
   * The length of the whole text where `text` is only its start: a long data result is
   * serialized in full only to be counted, and only its start — top-level members in order,
   * each whole, until they pass what a copy can keep, or, where its strings needed the data
   * check, as many characters as a copy can keep — is read, checked and carried, so no
   * string a rendered result carries went unchecked. That start is not itself closed JSON.
   * Never shorter than `text`; longer wherever `text` isn't the whole (`isPartText`), so a
   * copy always cuts it, even where a getter answered the count shorter than the head.
   */
  readonly length?: number;
}

/** An image the live copy sends natively; the stored copy shows `text`, its placeholder. */
export interface ShownImage {
  readonly kind: 'image';
  readonly text: string;
  readonly data: string;
  readonly mimeType: NativeImageType;
  /** Decoded size in bytes. */
  readonly bytes: number;
  /** Its size in pixels, read from its header. */
  readonly width: number;
  readonly height: number;
}

/**
 * A PDF document or an audio clip the live copy sends natively, where the host's provider takes
 * it in a tool result; the stored copy shows `text`, its placeholder.
 */
export type ShownMedia =
  | {
      readonly kind: 'media';
      readonly media: 'document';
      readonly text: string;
      readonly data: string;
      readonly mimeType: 'application/pdf';
      readonly bytes: number;
    }
  | { readonly kind: 'media'; readonly media: 'audio'; readonly text: string; readonly data: string; readonly mimeType: string; readonly bytes: number };

/** A block the lane can't show, as a short marker saying what it was and why. */
export interface ShownMarker {
  readonly kind: 'marker';
  readonly text: string;
  readonly reason: MarkerReason;
}

/** A reference (or link) the host records, named by an opaque id (docs/design.md §6). */
export interface ShownStub {
  readonly kind: 'stub';
  readonly text: string;
  readonly refId: string;
  /** True when the stub offers `fetch_reference`. */
  readonly fetchable: boolean;
  /** Why the stub offers no fetch (and, for a link, why its uri isn't shown). */
  readonly why?: StubWhy;
}

/**
 * Why a stub offers no fetch: the dial check's refusal; for a link, the refusal and why its uri
 * isn't shown either; that its copy is saved already; or that its record is another server's
 * (a uri that server's reference holds, fetched or not, which this result names too).
 */
export type StubWhy = DialRefusal | `${DialRefusal}+${UriWithheld}` | 'fetched' | 'wrong-server';

/** A link the host can't fetch whose uri can't carry a credential: its own line. */
export interface ShownLink {
  readonly kind: 'link';
  readonly text: string;
  readonly refId: string;
  /** The uri as the line shows it (sanitized, bounded). */
  readonly uri: string;
  /** Why the host can't fetch it: the dial check's refusal code. */
  readonly why: DialRefusal;
}

/** Inline data withheld because the block contradicts itself (RFC-005 vector 2). */
export interface ShownWithheld {
  readonly kind: 'withheld';
  readonly text: string;
}

/** One block as the lanes show it. */
export type ShownBlock = ShownText | ShownImage | ShownMedia | ShownMarker | ShownStub | ShownLink | ShownWithheld;

/** How long a block's whole text is: its `length` where it carries only the start. */
export function shownLength(block: ShownBlock): number {
  return block.kind === 'text' && block.length !== undefined ? block.length : block.text.length;
}

/**
 * Whether a block's text is only the start of what it stands for (a long data result's head):
 * a copy never shows such a text as if it were whole, however short, but cuts it with a notice.
 */
export function isPartText(block: ShownBlock): boolean {
  return block.kind === 'text' && block.length !== undefined && block.length > block.text.length;
}

/** A kind of {@link ShownBlock}. */
export type ShownKind = ShownBlock['kind'];

/**
 * A block of the live copy, MCP-shaped so a host can hand it to its provider as is. Image
 * data is the block's own, unchanged; markers, links, stubs and withheld lines are text. Audio
 * and PDF documents appear only under a provider profile that takes them in a tool result.
 */
export type LiveBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly data: string; readonly mimeType: NativeImageType }
  | { readonly type: 'audio'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'document'; readonly data: string; readonly mimeType: 'application/pdf' };

/** The image media types a live copy may carry natively (providers take these four at most). */
export type NativeImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** A marker block: `text` (a marker from `src/text/markers.ts`) and the reason it stands for. */
export function shownMarker(text: string, reason: MarkerReason): ShownMarker {
  return { kind: 'marker', text, reason };
}

/**
 * How the command line shows a rendered result — for `render` and for each call of `call`: the
 * stored copy, the live copy (a native image as a placeholder, never its data), and one line per
 * block saying its kind and why it is a marker or a stub. Text for people, JSON for machines.
 */
import type { StructuredStanding } from '../blocks/structured-content.js';
import { shownLength, type LiveBlock, type ShownBlock, type ShownKind } from '../blocks/shown-block.js';
import type { LiveCopy } from '../lanes/copies.js';
import type { RenderedToolResult } from '../lanes/tool-result.js';
import { sanitizeLabel } from '../text/labels.js';
import { mediaTypeLabel } from '../text/markers.js';
import { base64DecodedLength, formatSize } from '../text/size.js';
import { visible } from './terminal-text.js';

/** The gutter before each line of a copy, so where a copy starts and ends is never in doubt. */
const GUTTER = '│ ';

/** The line between two native blocks of a live copy. */
const BLOCK_SEPARATOR = '├─';

/** What stands in for a native image's data wherever the command line prints a live copy. */
export function nativeImagePlaceholder(mimeType: string, data: string, kind: 'image' | 'audio' | 'document' = 'image'): string {
  return `[native ${kind}: ${mediaTypeLabel(mimeType)}, ${formatSize(base64DecodedLength(data))}]`;
}

/** A live block as printed: native media names its placeholder, never data (so it can't pass for base64). */
type PrintedLiveBlock =
  { readonly type: 'text'; readonly text: string } | { readonly type: 'image' | 'audio' | 'document'; readonly mimeType: string; readonly placeholder: string };

/** A live copy as the command line may print it. */
type PrintedLiveCopy = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'native'; readonly blocks: PrintedLiveBlock[] };

/** One block of the classification, summarized (no image data, no text bodies). */
export type BlockSummary = (
  | { readonly kind: 'text'; readonly chars: number; readonly summary: string }
  | { readonly kind: 'image'; readonly mimeType: string; readonly bytes: number; readonly native: boolean; readonly summary: string }
  | {
      readonly kind: 'media';
      readonly media: 'document' | 'audio';
      readonly mimeType: string;
      readonly bytes: number;
      readonly native: boolean;
      readonly summary: string;
    }
  | { readonly kind: 'marker'; readonly reason: string; readonly text: string; readonly summary: string }
  | { readonly kind: 'stub'; readonly refId: string; readonly fetchable: boolean; readonly why?: string; readonly text: string; readonly summary: string }
  | { readonly kind: 'link'; readonly refId: string; readonly uri: string; readonly text: string; readonly summary: string }
  | { readonly kind: 'withheld'; readonly text: string; readonly summary: string }
) & { readonly annotations?: AnnotationSummary };

/** A rendered result as `--json` prints it: one object, no image data anywhere. */
export interface RenderedSummary {
  readonly stored: string;
  readonly live: PrintedLiveCopy;
  readonly isError: boolean;
  readonly blocks: BlockSummary[];
  /** Facts about the raw result the copies don't show (e.g. structured content left out). */
  readonly notes?: string[];
}

/** The live copy with each native image's data replaced by its placeholder. */
function printableLiveCopy(live: LiveCopy): PrintedLiveCopy {
  if (live.kind === 'text') return { kind: 'text', text: live.text };
  return { kind: 'native', blocks: live.blocks.map(printableLiveBlock) };
}

function printableLiveBlock(block: LiveBlock): PrintedLiveBlock {
  // eslint-disable-next-line no-restricted-syntax -- a live-copy block's kind (LiveBlock, blockwise's output), not a server's block
  return block.type === 'text'
    ? { type: 'text', text: block.text }
    : { type: block.type, mimeType: block.mimeType, placeholder: nativeImagePlaceholder(block.mimeType, block.data, block.type) };
}

/** One summarizer per kind of shown block: a new kind is a compile error until it is summarized. */
const SUMMARIZERS: { readonly [K in ShownKind]: (block: Extract<ShownBlock, { kind: K }>, liveIsNative: boolean) => BlockSummary } = {
  text: (block) => {
    const stubs = block.stubs?.length ?? 0;
    const inside = stubs === 0 ? '' : `, ${stubs} reference stub${stubs === 1 ? '' : 's'} inside`;
    const chars = shownLength(block);
    return { kind: 'text', chars, summary: `text, ${chars} chars${inside}` };
  },
  image: (block, liveIsNative) => {
    const where = liveIsNative ? 'native in the live copy' : 'placeholder only: the live copy is text';
    const label = `${mediaTypeLabel(block.mimeType)}, ${formatSize(block.bytes)}`;
    return { kind: 'image', mimeType: block.mimeType, bytes: block.bytes, native: liveIsNative, summary: `image (${label}) — ${where}` };
  },
  media: (block, liveIsNative) => {
    const where = liveIsNative ? 'native in the live copy' : 'placeholder only: the live copy is text';
    const label = `${mediaTypeLabel(block.mimeType)}, ${formatSize(block.bytes)}`;
    return {
      kind: 'media',
      media: block.media,
      mimeType: block.mimeType,
      bytes: block.bytes,
      native: liveIsNative,
      summary: `${block.media} (${label}) — ${where}`,
    };
  },
  marker: (block) => ({ kind: 'marker', reason: block.reason, text: block.text, summary: `marker — ${block.reason}` }),
  stub: (block) => {
    const why = block.why === undefined ? '' : ` — ${block.why}`;
    const summary = `stub ${block.refId} — ${block.fetchable ? 'fetchable' : 'not fetchable'}${why}`;
    return { kind: 'stub', refId: block.refId, fetchable: block.fetchable, ...(block.why === undefined ? {} : { why: block.why }), text: block.text, summary };
  },
  link: (block) => ({
    kind: 'link',
    refId: block.refId,
    uri: block.uri,
    text: block.text,
    summary: `link ${block.refId} — its line shows the uri; not fetchable — ${block.why}`,
  }),
  withheld: (block) => ({ kind: 'withheld', text: block.text, summary: 'withheld — inline data beside a reference claim' }),
};

/** One block's summary: its kind, and why it is a marker (its reason) or a stub (its why). */
export function summarizeBlock(block: ShownBlock, liveIsNative: boolean): BlockSummary {
  const summarize = SUMMARIZERS[block.kind] as (block: ShownBlock, liveIsNative: boolean) => BlockSummary;
  return summarize(block, liveIsNative);
}

/** What the notes say of a result's `structuredContent`, by how it stood beside the content. */
const STRUCTURED_NOTES: Readonly<Record<StructuredStanding | 'no-content' | 'incomplete', string>> = {
  carried: 'structuredContent: not shown again (the content blocks carry it)',
  'content-speaks': "structuredContent: not shown (the content's own text stands for it; a script receives it)",
  shown: 'structuredContent: shown as data after the content (the content has no text of its own)',
  'no-content': 'structuredContent: shown as data (the result has no content blocks)',
  incomplete: 'structuredContent: not shown (the result is not a complete one)',
};

/**
 * Facts about the raw result that its copies leave out on purpose. What is said of its
 * `structuredContent` beside content blocks is what the render decided (`rendered`'s
 * `structuredStanding`), never decided again from the raw blocks; without that decision (a
 * result that couldn't be read) nothing is said of it.
 */
export function resultNotes(raw: unknown, rendered?: Pick<RenderedToolResult, 'structuredStanding'>): string[] {
  if (!isRecord(raw)) return [];
  const result = raw;
  const notes: string[] = [];
  const structured = structuredNote(result, rendered?.structuredStanding);
  if (structured !== undefined) notes.push(structured);
  if (result._meta !== undefined) notes.push('_meta: not shown (it is for the client, not the model)');
  return notes;
}

/** The note on a result's `structuredContent`, read in the order `fromCallToolResult` reads it. */
function structuredNote(result: Readonly<Record<string, unknown>>, standing: StructuredStanding | undefined): string | undefined {
  if (result.structuredContent === undefined) return undefined;
  if (result.resultType !== undefined && result.resultType !== 'complete') return STRUCTURED_NOTES.incomplete;
  const content = result.content;
  if (!Array.isArray(content) || content.length === 0) return STRUCTURED_NOTES['no-content'];
  return standing === undefined ? undefined : STRUCTURED_NOTES[standing];
}

/** A content block's MCP annotations, as the summary reports them (sanitized, bounded). */
export interface AnnotationSummary {
  readonly audience?: string[];
  readonly priority?: number;
  readonly lastModified?: string;
}

/** The annotations a raw content block carries, or undefined. */
export function summarizeAnnotations(block: unknown): AnnotationSummary | undefined {
  const annotations = isRecord(block) ? block.annotations : undefined;
  if (!isRecord(annotations)) return undefined;
  const audience = Array.isArray(annotations.audience) ? annotations.audience.slice(0, 8).map((role) => sanitizeLabel(String(role), 32)) : undefined;
  const priority = typeof annotations.priority === 'number' && Number.isFinite(annotations.priority) ? annotations.priority : undefined;
  const lastModified = typeof annotations.lastModified === 'string' ? sanitizeLabel(annotations.lastModified, 40) : undefined;
  if (audience === undefined && priority === undefined && lastModified === undefined) return undefined;
  return {
    ...(audience === undefined ? {} : { audience }),
    ...(priority === undefined ? {} : { priority }),
    ...(lastModified === undefined ? {} : { lastModified }),
  };
}

function annotationWords(annotations: AnnotationSummary): string {
  const parts: string[] = [];
  if (annotations.audience !== undefined) parts.push(`audience ${annotations.audience.join('+') || 'none'}`);
  if (annotations.priority !== undefined) parts.push(`priority ${annotations.priority}`);
  if (annotations.lastModified !== undefined) parts.push(`last modified ${annotations.lastModified}`);
  return `annotated: ${parts.join(', ')}`;
}

/**
 * The raw content blocks the shown blocks came from, one for one — or undefined where they
 * don't pair (data shown as JSON, or a notice in place of the result).
 */
function rawBlocks(raw: unknown, count: number): readonly unknown[] | undefined {
  const content = isRecord(raw) ? raw.content : undefined;
  return Array.isArray(content) && content.length === count ? content : undefined;
}

/** A rendered result as one `--json` object. */
export function summarizeRendered(rendered: RenderedToolResult, raw?: unknown): RenderedSummary {
  const native = rendered.live.kind === 'native';
  const notes = resultNotes(raw, rendered);
  const sources = rawBlocks(raw, rendered.blocks.length);
  return {
    stored: rendered.stored,
    live: printableLiveCopy(rendered.live),
    isError: rendered.isError,
    blocks: rendered.blocks.map((block, index) => {
      const summary = summarizeBlock(block, native);
      const annotations = summarizeAnnotations(sources?.[index]);
      return annotations === undefined ? summary : { ...summary, annotations, summary: `${summary.summary}; ${annotationWords(annotations)}` };
    }),
    ...(notes.length === 0 ? {} : { notes }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A rendered result as text: the stored copy, the live copy, one line per block. */
export function formatRendered(rendered: RenderedToolResult, raw?: unknown): string {
  const summary = summarizeRendered(rendered, raw);
  const lines: string[] = [];
  lines.push(`stored copy (${summary.stored.length} chars):`);
  gutter(summary.stored, lines);
  const live = summary.live;
  if (live.kind === 'text') {
    if (live.text === summary.stored) lines.push(`live copy: text, the same as the stored copy`);
    else {
      lines.push(`live copy: text (${live.text.length} chars):`);
      gutter(live.text, lines);
    }
  } else {
    lines.push(`live copy: ${live.blocks.length} native block${live.blocks.length === 1 ? '' : 's'}:`);
    live.blocks.forEach((block, index) => {
      if (index > 0) lines.push(BLOCK_SEPARATOR);
      // eslint-disable-next-line no-restricted-syntax -- a live-copy block's kind (LiveBlock, blockwise's output), not a server's block
      gutter(block.type === 'text' ? block.text : block.placeholder, lines);
    });
  }
  lines.push(`blocks:`);
  summary.blocks.forEach((block, index) => lines.push(`  ${index + 1}. ${block.summary}`));
  for (const note of summary.notes ?? []) lines.push(`note: ${note}`);
  lines.push(`isError: ${summary.isError}`);
  return `${lines.join('\n')}\n`;
}

/**
 * A copy's lines behind the gutter. Control characters (but tab) are shown as `\uXXXX`: a
 * server's text must not move the cursor or recolour the terminal of whoever reads the output.
 */
/** Appends `text`'s lines to `lines` behind the gutter, in place (a spread of many lines would pass the engine's argument limit). */
function gutter(text: string, lines: string[]): void {
  for (const line of text.split('\n')) lines.push(line === '' ? GUTTER.trimEnd() : `${GUTTER}${visible(line)}`);
}

/**
 * A tool's arguments as JSON, cut at `max` characters with how long they were: a call's
 * arguments may be given or derived at any size, and are shown in a line or a page.
 */
export function boundedArgumentsJson(args: unknown, max: number, indent?: number): string {
  const json = JSON.stringify(args ?? {}, null, indent) ?? 'null';
  return json.length <= max ? json : `${json.slice(0, max)}… (${json.length.toLocaleString('en-US')} chars)`;
}

/** `text` on one line, its control characters escaped (see `terminal-text.ts`). */
export { visible } from './terminal-text.js';

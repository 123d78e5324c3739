/**
 * The tool-result lane (docs/design.md §5): normalize → claims → classify → stored copy → live copy. Each
 * block is classified once; both copies come from that classification. Whatever stops reading
 * or showing a result becomes one notice in both copies and a log line — never a throw.
 */
import { isBlockAtDepth, renderDataText } from '../blocks/at-depth.js';
import { toolResultBlocks, type Lane } from '../blocks/classify.js';
import type { ShownBlock } from '../blocks/shown-block.js';
import { structuredStanding, type StructuredStanding } from '../blocks/structured-content.js';
import { isContentArray, normalizeResult, type NormalizedResult, type ResultOrigin } from '../inputs.js';
import { bothClaims } from '../references/claims.js';
import { readContentClaims, readDataClaims } from '../blocks/read-claims.js';
import { EMPTY_RESULT_TEXT, ERROR_WITHOUT_MESSAGE_TEXT, RENDERED_RESULT_TEXT, UNCHECKED_RESULT_TEXT } from '../text/markers.js';
import { logSafely, toolLabel, withheldLogLine } from '../text/log-lines.js';
import { wellFormedUpTo } from '../text/well-formed.js';
import { buildLiveCopy, buildStoredCopy } from './copies.js';
import { capFor, classifyContext, type HostCore } from './host-core.js';
import { isRenderedToolResult, markRendered, type RenderedToolResult } from './rendered-shape.js';

// The rendered result's shape is declared beside the check of which values are one; the lanes'
// callers keep reading it here.
export type { RenderedToolResult } from './rendered-shape.js';

/** A result's blocks as both copies show them, and how its structured value stood beside them. */
interface ShownResult {
  readonly blocks: ShownBlock[];
  /** Present where a `structuredContent` stood beside content blocks. */
  readonly structuredStanding?: StructuredStanding;
}

/**
 * Shows a normalized result's blocks on `lane`: its error text, then its content blocks or its
 * data as JSON (blocks at depth shown as blocks), or a fixed line where it has neither. A
 * structured value beside content blocks is shown after them only where the classified blocks
 * show no text of the server's own (`structuredStanding`).
 * Throws where the result can't be read; callers turn that into their lane's failure.
 */
function showResult(core: HostCore, lane: Lane, normalized: NormalizedResult, origin: ResultOrigin | undefined): ShownResult {
  const cap = capFor(core, origin);
  const { input, isError } = normalized;
  const shown: ShownBlock[] = [];
  let standing: StructuredStanding | undefined;
  const error = isError ? input.error : undefined;
  if (typeof error === 'string' && error !== '') shown.push({ kind: 'text', text: wellFormedUpTo(error, cap) });
  const data = input.data;
  if (!normalized.asJson && isContentArray(data, input.dataIsContent)) {
    const structured = input.structured;
    if (structured === undefined) {
      // Appended in place: a spread of a long result's blocks would pass the engine's argument limit.
      toolResultBlocks(data, classifyContext(core, lane, readContentClaims(data, core.registry), origin), shown);
    } else {
      // The structured value's claims hold for the content's blocks too, and the two share one
      // render's budgets: it is one result. Its length is counted only where it is sure to be
      // shown, beside no content at all: beside content, a text may carry it (then it isn't
      // shown), and where it is shown after all, the renderer counts.
      const scan = readDataClaims(structured, core.registry, isBlockAtDepth, data.length === 0);
      const ctx = classifyContext(core, lane, bothClaims(readContentClaims(data, core.registry), scan.claims), origin);
      const first = shown.length;
      toolResultBlocks(data, ctx, shown);
      standing = structuredStanding(shown, structured, first);
      if (standing === 'shown') shown.push(renderDataText(structured, scan, ctx, cap, true));
    }
  } else if (data !== undefined) {
    const scan = readDataClaims(data, core.registry, isBlockAtDepth, true);
    shown.push(renderDataText(data, scan, classifyContext(core, lane, scan.claims, origin), cap, normalized.asJson));
  }
  if (shown.length === 0) shown.push({ kind: 'text', text: isError ? ERROR_WITHOUT_MESSAGE_TEXT : EMPTY_RESULT_TEXT });
  return standing === undefined ? { blocks: shown } : { blocks: shown, structuredStanding: standing };
}

/** The log line for a rendered result handed back to `renderToolResult`. */
export function renderedAgainLogLine(toolName: unknown): string {
  return `blockwise: tool-result: result of ${toolLabel(toolName)} withheld: it is a rendered result already; pass the tool's own result`;
}

/**
 * What `renderToolResult` answers for a result it rendered already: one marker in both copies,
 * flagged as an error, so the host sees its mistake rather than the copies shown as data.
 */
function renderedAgain(core: HostCore, origin: ResultOrigin | undefined): RenderedToolResult {
  logSafely(core, () => renderedAgainLogLine(origin?.toolName));
  return oneNotice(core, RENDERED_RESULT_TEXT, 'rendered-result');
}

/** A result whose both copies are one notice, flagged as an error. */
function oneNotice(core: HostCore, text: string, reason: 'rendered-result' | 'unchecked-result'): RenderedToolResult {
  return markRendered({
    stored: text,
    live: { kind: 'text', text },
    isError: true,
    blocks: [{ kind: 'marker', text, reason }],
    provider: core.provider.name,
  });
}

/**
 * Renders a tool result's two copies (docs/design.md §5). Never throws. A result this library rendered
 * already (see `isRenderedToolResult`: the object itself, not its shape) answers one marker
 * saying so. Every answer is remembered as rendered (`markRendered`), so the provider adapters
 * take it and nothing else.
 */
export function renderToolResult(core: HostCore, result: unknown, origin?: ResultOrigin): RenderedToolResult {
  try {
    if (isRenderedToolResult(result)) return renderedAgain(core, origin);
    const cap = capFor(core, origin);
    const normalized = normalizeResult(result);
    const { blocks, structuredStanding: standing } = showResult(core, 'tool-result', normalized, origin);
    const stored = buildStoredCopy(blocks, cap);
    const rendered = { stored, live: buildLiveCopy(blocks, stored, cap), isError: normalized.isError, blocks, provider: core.provider.name };
    return markRendered(standing === undefined ? rendered : { ...rendered, structuredStanding: standing });
  } catch (error) {
    logSafely(core, () => withheldLogLine('tool-result', origin?.toolName, error));
    return oneNotice(core, UNCHECKED_RESULT_TEXT, 'unchecked-result');
  }
}

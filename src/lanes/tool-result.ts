/**
 * The tool-result lane (docs/design.md §5): normalize → claims → classify → stored copy → live copy. Each
 * block is classified once; both copies come from that classification. Whatever stops reading
 * or showing a result becomes one notice in both copies and a log line — never a throw.
 */
import { isBlockAtDepth, renderDataText } from '../blocks/at-depth.js';
import { toolResultBlocks, type ClassifyContext, type Lane } from '../blocks/classify.js';
import type { ShownBlock } from '../blocks/shown-block.js';
import { shownLeftFor } from '../blocks/shown-budget.js';
import { structuredStanding, type StructuredStanding } from '../blocks/structured-content.js';
import { fromCallToolResult, isContentArray, isToolResultInput, type ResultOrigin, type ToolResultInput } from '../inputs.js';
import { mediaLeftFor, type ProviderName } from '../providers/profiles.js';
import { bothClaims, type ResultClaims } from '../references/claims.js';
import { readContentClaims, readDataClaims } from '../references/read-claims.js';
import { EMPTY_RESULT_TEXT, ERROR_WITHOUT_MESSAGE_TEXT, RENDERED_RESULT_TEXT, UNCHECKED_RESULT_TEXT } from '../text/markers.js';
import { wellFormedUpTo } from '../text/well-formed.js';
import { buildLiveCopy, buildStoredCopy, type LiveCopy } from './copies.js';
import { logSafely, toolLabel, withheldLogLine, type HostCore } from './host-core.js';
import { isRenderedToolResult, markRendered } from './rendered-shape.js';

/** Both copies of a tool result and the one classification they came from. */
export interface RenderedToolResult {
  /** The history copy. */
  readonly stored: string;
  /** What the model reads this turn. */
  readonly live: LiveCopy;
  /**
   * For the host to pass to its provider: the result's own error flag, or true where the result
   * couldn't be read and both copies are the unchecked notice.
   */
  readonly isError: boolean;
  /**
   * The one classification both copies came from. A block's text is well formed (no lone
   * surrogate) as far as a copy shows it, up to the cap; past it, text no copy shows may be as
   * the server sent it. A text whose `length` passes its own is only a start and is always cut.
   */
  readonly blocks: readonly ShownBlock[];
  /** The provider profile the live copy was rendered for; an adapter checks it is its own. */
  readonly provider: ProviderName;
  /**
   * How the result's `structuredContent` stood beside its content blocks, as the copies were
   * built (`structuredStanding`); absent where none stood beside content blocks.
   */
  readonly structuredStanding?: StructuredStanding;
}

/** A result's blocks as both copies show them, and how its structured value stood beside them. */
export interface ShownResult {
  readonly blocks: ShownBlock[];
  /** Present where a `structuredContent` stood beside content blocks. */
  readonly structuredStanding?: StructuredStanding;
}

/** What a result reads as before its blocks are classified. */
export interface NormalizedResult {
  readonly input: ToolResultInput;
  readonly isError: boolean;
  /**
   * The data is shown as JSON whatever its shape: a `CallToolResult`'s `structuredContent` (or a
   * `content` that isn't an array), never read as content.
   */
  readonly asJson: boolean;
}

/** A `CallToolResult` (any revision), a `ToolResultInput`, or any other value (data). */
export function normalizeResult(result: unknown): NormalizedResult {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return { input: { data: result }, isError: false, asJson: false };
  if (isToolResultInput(result)) return { input: result, isError: Boolean(result.isError), asJson: false };
  const input = fromCallToolResult(result as Record<string, unknown>);
  return { input, isError: Boolean(input.isError), asJson: input.dataIsContent !== true };
}

/** The cap a call uses: its own where it is a positive integer, else the host's. */
export function capFor(core: HostCore, origin: ResultOrigin | undefined): number {
  const cap: unknown = origin?.cap;
  return typeof cap === 'number' && Number.isSafeInteger(cap) && cap > 0 ? cap : core.cap;
}

/** A classification context for one result on `lane`. */
export function classifyContext(core: HostCore, lane: Lane, claims: ResultClaims, origin: ResultOrigin | undefined): ClassifyContext {
  return {
    lane,
    claims,
    registry: core.registry,
    addresses: core.addresses,
    ...(origin?.serverId === undefined ? {} : { serverId: origin.serverId }),
    now: core.now,
    dialLimits: { maxBytes: core.fetchMaxBytes },
    imageBytesLeft: core.maxImageBytes,
    maxImageBytes: core.maxImageBytes,
    imageLimits: core.imageLimits,
    media: mediaLeftFor(core.provider),
    shownLeft: shownLeftFor(capFor(core, origin)),
    // Copies cut every text at the cap; the script lane gives its texts whole.
    ...(lane === 'script' ? {} : { keepChars: capFor(core, origin) }),
  };
}

/**
 * Shows a normalized result's blocks on `lane`: its error text, then its content blocks or its
 * data as JSON (blocks at depth shown as blocks), or a fixed line where it has neither. A
 * structured value beside content blocks is shown after them only where the classified blocks
 * show no text of the server's own (`structuredStanding`).
 * Throws where the result can't be read; callers turn that into their lane's failure.
 */
export function showResult(core: HostCore, lane: Lane, normalized: NormalizedResult, origin: ResultOrigin | undefined): ShownResult {
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
      // render's budgets: it is one result.
      const scan = readDataClaims(structured, core.registry, isBlockAtDepth);
      const ctx = classifyContext(core, lane, bothClaims(readContentClaims(data, core.registry), scan.claims), origin);
      const first = shown.length;
      toolResultBlocks(data, ctx, shown);
      standing = structuredStanding(shown, structured, first);
      if (standing === 'shown') shown.push(renderDataText(structured, scan, ctx, cap, true));
    }
  } else if (data !== undefined) {
    const scan = readDataClaims(data, core.registry, isBlockAtDepth);
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

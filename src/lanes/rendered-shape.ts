/**
 * Which values are rendered tool results: the very objects this library made, remembered in a
 * module-private `WeakSet` as they are made. A shape check (`stored`, `live`, `blocks`) would
 * take a server's own raw result that carries those keys — the MCP SDK's result schema keeps
 * unknown keys — so an adapter would forward the server's "live" blocks unchecked, and
 * `renderToolResult` would withhold any result as "rendered already". The shape itself
 * (`RenderedToolResult`) is declared here, so the check and the lanes that make one share it.
 */
import type { ShownBlock } from '../blocks/shown-block.js';
import type { StructuredStanding } from '../blocks/structured-content.js';
import type { ProviderName } from '../providers/profiles.js';
import type { LiveCopy } from './copies.js';

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

/** Every rendered result this library made; held weakly, so a result is freed when the host drops it. */
const RENDERED = new WeakSet<object>();

/**
 * `result` frozen (the object, its live copy and the live copy's blocks list, so what was
 * checked is what an adapter reads) and remembered as rendered. Every path that makes a
 * rendered result ends here.
 */
export function markRendered(result: RenderedToolResult): RenderedToolResult {
  if (result.live.kind === 'native') Object.freeze(result.live.blocks);
  Object.freeze(result.live);
  Object.freeze(result.blocks);
  RENDERED.add(Object.freeze(result));
  return result;
}

/**
 * True where `value` is a rendered tool result this library made (what `renderToolResult` and
 * the `fetch_reference` tool answer) — that object itself: a copy, a spread or a look-alike
 * with the same keys is not one. One lookup, whatever the value's size.
 */
export function isRenderedToolResult(value: unknown): value is RenderedToolResult {
  return typeof value === 'object' && value !== null && RENDERED.has(value);
}

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

/**
 * The base of {@link RenderedBrand}: its constructor answers the object it is given, so the
 * subclass's private field is installed on that object itself (a class may add a private field
 * to any object this way, and only its own methods can see it).
 */
class Stamped {
  constructor(target: object) {
    return target;
  }
}

/**
 * The mark every rendered result this library made carries: a private field, which no copy,
 * spread, clone, JSON round trip or proxy has (`#rendered in value` checks the object itself).
 * Not a module-private `WeakSet`, which answers alike: its add and its weak entries cost each
 * render about a microsecond and the collector more (a third of a small result's fixed cost),
 * where a private field is a property in the object's own shape, freed with it.
 */
class RenderedBrand extends Stamped {
  readonly #rendered = true;

  /** Marks `result`, before it is frozen (TC39's "nonextensible applies to private" would refuse it after). */
  static mark(result: object): void {
    if (!RenderedBrand.has(result)) new RenderedBrand(result);
  }

  /** Whether `value` is an object marked by {@link RenderedBrand.mark}. */
  static has(value: object): boolean {
    return #rendered in value;
  }
}

/**
 * `result` frozen (the object, its live copy and the live copy's blocks list, so what was
 * checked is what an adapter reads) and marked as rendered. Every path that makes a rendered
 * result ends here.
 */
export function markRendered(result: RenderedToolResult): RenderedToolResult {
  RenderedBrand.mark(result);
  if (result.live.kind === 'native') Object.freeze(result.live.blocks);
  Object.freeze(result.live);
  Object.freeze(result.blocks);
  return Object.freeze(result);
}

/**
 * True where `value` is a rendered tool result this library made (what `renderToolResult` and
 * the `fetch_reference` tool answer) — that object itself: a copy, a spread, a proxy or a
 * look-alike with the same keys is not one. One lookup, whatever the value's size.
 */
export function isRenderedToolResult(value: unknown): value is RenderedToolResult {
  return typeof value === 'object' && value !== null && RenderedBrand.has(value);
}

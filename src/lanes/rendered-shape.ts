/**
 * Which values are rendered tool results: the very objects this library made, remembered in a
 * module-private `WeakSet` as they are made. A shape check (`stored`, `live`, `blocks`) would
 * take a server's own raw result that carries those keys — the MCP SDK's result schema keeps
 * unknown keys — so an adapter would forward the server's "live" blocks unchecked, and
 * `renderToolResult` would withhold any result as "rendered already".
 */
import type { RenderedToolResult } from './tool-result.js';

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

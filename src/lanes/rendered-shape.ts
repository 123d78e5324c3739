/**
 * Whether a value reads as a rendered tool result, so `renderToolResult` can refuse to render
 * one twice and the provider adapters can refuse anything else.
 */

/**
 * True where `value` is an object with a `stored` string, a `live` object and a `blocks` array —
 * what `renderToolResult` returns. Reads three properties, whatever the value's size.
 */
export function isRenderedToolResult(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const candidate = value as { stored?: unknown; live?: unknown; blocks?: unknown };
  return (
    typeof candidate.stored === 'string' &&
    typeof candidate.live === 'object' &&
    candidate.live !== null &&
    Array.isArray(candidate.blocks)
  );
}

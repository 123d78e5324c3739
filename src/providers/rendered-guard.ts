/**
 * The one guard every provider adapter passes its input through: a rendered tool result, or a
 * `TypeError` naming what was expected.
 */
import { isRenderedToolResult } from '../lanes/rendered-shape.js';
import type { RenderedToolResult } from '../lanes/tool-result.js';
import type { ProviderName } from './profiles.js';

/** What the guard's `TypeError` says was expected. */
export const RENDERED_EXPECTED = 'a rendered tool result (the object host.renderToolResult or the fetch_reference tool answered, not a copy of it)';

/**
 * `value` as a rendered tool result, or a `TypeError` naming the adapter, what it expected and
 * what it got (a kind of value, never its content: a raw result may carry base64 or a secret).
 * Only a result this library made passes (`isRenderedToolResult`): a server's raw result with
 * `stored`, `live` and `blocks` keys of its own is not one. One lookup, whatever its size.
 */
export function renderedOrThrow(value: unknown, adapter: string): RenderedToolResult {
  if (!isRenderedToolResult(value)) throw new TypeError(`${adapter} expects ${RENDERED_EXPECTED}; got ${kindOf(value)}.`);
  return value;
}

/**
 * `value` as a rendered tool result rendered for `provider`'s profile, or a `TypeError` naming
 * the fix. The profile decided which media went natively and within which limits (a GIF under
 * `'anthropic'`, an 8 MB PDF under `'anthropic'`): another provider refuses the whole request
 * for one block past its own.
 */
export function renderedForOrThrow(value: unknown, adapter: string, provider: ProviderName): RenderedToolResult {
  const rendered = renderedOrThrow(value, adapter);
  if (rendered.provider !== provider) {
    throw new TypeError(
      `${adapter} expects a result rendered for '${provider}' (a host made with createHost({ provider: '${provider}' })); got one rendered for '${rendered.provider}', whose media were checked against that profile's limits, not this provider's.`,
    );
  }
  return rendered;
}

/** A value's kind as the guard's message names it. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array (a content array? render the tool result first)';
  if (typeof value !== 'object') return typeof value;
  if ('stored' in value && 'live' in value) return "an object shaped like one that blockwise did not make (a copy, or a tool's own result: render it first)";
  if ('content' in value || 'structuredContent' in value) return 'an object with content (a raw tool result? render it first)';
  return 'an object that is not one (render the tool result first)';
}

/**
 * `options[key]` as a non-empty string (the id or name of the call a result answers), or a
 * `TypeError` naming the adapter and the option: a provider refuses a tool result that answers
 * no call, and the host's mistake is clearer here than in the provider's 400.
 */
export function callOptionOrThrow<K extends string>(options: unknown, key: K, adapter: string): string {
  const value: unknown = typeof options === 'object' && options !== null ? (options as Record<string, unknown>)[key] : undefined;
  if (typeof value !== 'string' || value === '')
    throw new TypeError(`${adapter} expects options.${key}, the call's ${key === 'name' ? 'function name' : 'id'}, as a non-empty string.`);
  return value;
}

/**
 * A rendered tool result as the Anthropic Messages API takes it: the `content` and `is_error` of
 * a `tool_result` block (`ToolResultBlockParam`, @anthropic-ai/sdk). Its content takes text,
 * image (base64, PNG/JPEG/GIF/WebP) and document (base64 PDF) blocks; it takes no audio.
 */
import type { DocumentBlockParam, ImageBlockParam, TextBlockParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { mediaNotTakenMarker } from '../text/markers.js';
import { mapLiveBlocks, mediaBytes, type LiveBlockHandlers } from './live-blocks.js';
import { renderedForOrThrow } from './rendered-guard.js';

/** A block of an Anthropic tool result's content, as this adapter makes them. */
export type AnthropicToolResultBlock = TextBlockParam | ImageBlockParam | DocumentBlockParam;

/**
 * What `toAnthropic` returns: spread it into a `tool_result` block with the call's
 * `tool_use_id`.
 */
export type AnthropicToolResult = Required<Pick<ToolResultBlockParam, 'content' | 'is_error'>> & {
  readonly content: string | AnthropicToolResultBlock[];
};

const ANTHROPIC_BLOCKS: LiveBlockHandlers<AnthropicToolResultBlock> = {
  text: (block) => ({ type: 'text', text: block.text }),
  image: (block) => ({ type: 'image', source: { type: 'base64', media_type: block.mimeType, data: block.data } }),
  document: (block) => ({ type: 'document', source: { type: 'base64', media_type: block.mimeType, data: block.data } }),
  audio: (block) => ({ type: 'text', text: mediaNotTakenMarker('audio', block.mimeType, mediaBytes(block), 'anthropic') }),
};

/**
 * A rendered result's live copy as an Anthropic `tool_result`'s `content` (a string for a text
 * copy, else text, image and document blocks in order, empty texts left out; audio as a marker
 * line) and `is_error`.
 * Throws a `TypeError` where `rendered` isn't a rendered tool result, or isn't one rendered for
 * `'anthropic'` (`createHost({ provider: 'anthropic' })`).
 *
 * @example
 * { type: 'tool_result', tool_use_id: block.id, ...toAnthropic(host.renderToolResult(result)) }
 */
export function toAnthropic(rendered: unknown): AnthropicToolResult {
  const { live, isError } = renderedForOrThrow(rendered, 'toAnthropic', 'anthropic');
  if (live.kind === 'text') return { content: live.text, is_error: isError === true };
  // The Messages API refuses an empty text block; an empty text shows nothing, so leaving it out loses nothing.
  // eslint-disable-next-line no-restricted-syntax -- a live-copy block's kind (LiveBlock, blockwise's output), not a server's block
  const content = mapLiveBlocks(live, ANTHROPIC_BLOCKS).filter((block) => block.type !== 'text' || block.text !== '');
  return { content, is_error: isError === true };
}

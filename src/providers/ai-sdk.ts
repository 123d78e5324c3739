/**
 * A rendered tool result as the AI SDK (`ai`) takes it from a tool's `toModelOutput`: its
 * tool-result output (`ToolResultPart['output']`). A `content` output carries text, `image-data`
 * and `file-data` parts (any media type: the provider package under the AI SDK decides what its
 * provider takes); an error result with text alone is `error-text`, so providers that flag
 * errors (Anthropic's `is_error`) still do.
 */
import type { ToolResultPart } from 'ai';
import { documentFilename, mapLiveBlocks, textOnly } from './live-blocks.js';
import { renderedOrThrow } from './rendered-guard.js';

/** The AI SDK's tool-result output, as a tool's `toModelOutput` returns it. */
export type AiSdkToolOutput = ToolResultPart['output'];

/** A part of the AI SDK's `content` tool output. */
export type AiSdkContentPart = Extract<AiSdkToolOutput, { type: 'content' }>['value'][number];

/**
 * A rendered result's live copy as the AI SDK's tool-result output: `{ type: 'content', value }`
 * with text, `image-data` and `file-data` (PDF documents, audio) parts in order; an error result
 * with text alone as `{ type: 'error-text', value }`. Throws a `TypeError` where `rendered` isn't
 * a rendered tool result.
 *
 * @example
 * toModelOutput: ({ output }) => toAiSdk(output)   // where execute returns host.renderToolResult(result)
 */
export function toAiSdk(rendered: unknown): Extract<AiSdkToolOutput, { type: 'content' | 'error-text' }> {
  const { live, isError } = renderedOrThrow(rendered, 'toAiSdk');
  const text = isError === true ? textOnly(live) : undefined;
  if (text !== undefined) return { type: 'error-text', value: text };
  let documents = 0;
  const value = mapLiveBlocks<AiSdkContentPart>(live, {
    text: (block) => ({ type: 'text', text: block.text }),
    image: (block) => ({ type: 'image-data', data: block.data, mediaType: block.mimeType }),
    document: (block) => {
      documents += 1;
      return { type: 'file-data', data: block.data, mediaType: block.mimeType, filename: documentFilename(documents) };
    },
    audio: (block) => ({ type: 'file-data', data: block.data, mediaType: block.mimeType }),
  });
  return { type: 'content', value };
}

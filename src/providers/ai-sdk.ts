/**
 * A rendered tool result as the AI SDK (`ai`) takes it from a tool's `toModelOutput`: its
 * tool-result output (`ToolResultPart['output']`). A `content` output carries text, and with the
 * `media` opt-in `image-data` and `file-data` parts; an error result with text alone is
 * `error-text`, so providers that flag errors (Anthropic's `is_error`) still do.
 *
 * Media is opt-in because the provider package under the AI SDK decides what becomes of a
 * `content` output, and some send it as JSON text: `@ai-sdk/openai`'s chat provider answers
 * `JSON.stringify(output.value)`, which would put an image's base64 before the model as text.
 */
import type { ToolResultPart } from 'ai';
import type { ProviderName } from './profiles.js';
import { aiSdkMediaMarker } from '../text/markers.js';
import { documentFilename, mapLiveBlocks, mediaBytes, textOnly, type LiveBlockHandlers } from './live-blocks.js';
import { renderedForOrThrow, renderedOrThrow } from './rendered-guard.js';

/** The AI SDK's tool-result output, as a tool's `toModelOutput` returns it. */
export type AiSdkToolOutput = ToolResultPart['output'];

/** A part of the AI SDK's `content` tool output. */
export type AiSdkContentPart = Extract<AiSdkToolOutput, { type: 'content' }>['value'][number];

/** How `toAiSdk` hands media over. */
export interface AiSdkOptions {
  /**
   * True where the provider package under the AI SDK sends a tool output's media natively (it
   * converts `image-data` and `file-data` parts into its provider's own media blocks): images and PDFs go as `image-data` and `file-data` parts, and the
   * result may be rendered for any provider's profile but `'mcp'` — render it for the provider
   * underneath (`createHost({ provider: 'anthropic' })`), whose limits the media then meet.
   * Absent or false, the result must be rendered for `'ai-sdk'`, which sends no media, and any
   * media in its live copy is a marker line.
   */
  readonly media?: boolean;
}

/**
 * A rendered result's live copy as the AI SDK's tool-result output: `{ type: 'content', value }`
 * with text parts in order — and, with `{ media: true }`, `image-data` and `file-data` (PDF
 * documents, audio) parts where its media was; without it each is a marker line. An error
 * result with text alone is `{ type: 'error-text', value }`. Throws a `TypeError` where
 * `rendered` isn't a rendered tool result rendered for `'ai-sdk'` (`createHost({ provider:
 * 'ai-sdk' })`), or with `media: true` for a provider's profile (not `'mcp'`).
 *
 * @example
 * toModelOutput: ({ output }) => toAiSdk(host.renderToolResult(output))
 * // a provider package that sends media natively, its host made with createHost({ provider: 'anthropic' }):
 * toModelOutput: ({ output }) => toAiSdk(host.renderToolResult(output), { media: true })
 */
export function toAiSdk(rendered: unknown, options?: AiSdkOptions): Extract<AiSdkToolOutput, { type: 'content' | 'error-text' }> {
  const media = options?.media === true;
  const { live, isError } = media ? renderedForAnyProviderOrThrow(rendered) : renderedForOrThrow(rendered, 'toAiSdk', 'ai-sdk');
  const text = isError === true ? textOnly(live) : undefined;
  if (text !== undefined) return { type: 'error-text', value: text };
  return { type: 'content', value: mapLiveBlocks(live, media ? mediaParts() : MARKER_PARTS) };
}

/** With `media: true`: a result rendered for any provider's profile, not `'mcp'` (which holds it to no provider's limits). */
function renderedForAnyProviderOrThrow(value: unknown): ReturnType<typeof renderedOrThrow> {
  const rendered = renderedOrThrow(value, 'toAiSdk');
  const provider: ProviderName = rendered.provider;
  if (provider === 'mcp') {
    throw new TypeError(
      "toAiSdk with { media: true } expects a result rendered for the provider under the AI SDK (a host made with createHost({ provider: 'anthropic' }), or 'openai-responses', 'openai-chat', 'gemini'); got one rendered for 'mcp', whose media meets no provider's limits.",
    );
  }
  return rendered;
}

/** Parts for one result with media: its documents are numbered in order for their file names. */
function mediaParts(): LiveBlockHandlers<AiSdkContentPart> {
  let documents = 0;
  return {
    text: (block) => ({ type: 'text', text: block.text }),
    image: (block) => ({ type: 'image-data', data: block.data, mediaType: block.mimeType }),
    document: (block) => {
      documents += 1;
      return { type: 'file-data', data: block.data, mediaType: block.mimeType, filename: documentFilename(documents) };
    },
    audio: (block) => ({ type: 'file-data', data: block.data, mediaType: block.mimeType }),
  };
}

/** Parts without media: each media block is its marker line. */
const MARKER_PARTS: LiveBlockHandlers<AiSdkContentPart> = {
  text: (block) => ({ type: 'text', text: block.text }),
  image: (block) => ({ type: 'text', text: aiSdkMediaMarker('image', block.mimeType, mediaBytes(block)) }),
  document: (block) => ({ type: 'text', text: aiSdkMediaMarker('document', block.mimeType, mediaBytes(block)) }),
  audio: (block) => ({ type: 'text', text: aiSdkMediaMarker('audio', block.mimeType, mediaBytes(block)) }),
};

/**
 * A rendered tool result as OpenAI Chat Completions takes it. A `tool` message
 * (`ChatCompletionToolMessageParam`, openai) carries text alone, so the images go in one `user`
 * message after it (`image_url` parts, data URLs), and the tool message says so where each
 * image was. Audio and PDF documents become marker lines.
 */
import type { ChatCompletionContentPart, ChatCompletionToolMessageParam, ChatCompletionUserMessageParam } from 'openai/resources/chat/completions/completions';
import { imageFollowsLine, mediaNotTakenMarker, toolImagesText } from '../text/markers.js';
import { dataUrl, mapLiveBlocks, mediaBytes } from './live-blocks.js';
import { callOptionOrThrow, renderedForOrThrow } from './rendered-guard.js';

/** What `toOpenAIChat` needs beside the result: the call it answers. */
export interface OpenAIChatOptions {
  /** The `id` of the assistant's tool call this result answers. */
  readonly toolCallId: string;
}

/** The messages a Chat Completions result becomes: its tool message, then a user message with its images. */
export type OpenAIChatToolMessages = [ChatCompletionToolMessageParam] | [ChatCompletionToolMessageParam, ChatCompletionUserMessageParam];

/**
 * A rendered result's live copy as the messages to append: the `tool` message (its text, an
 * image line where each image was, audio and documents as marker lines) and, where the live
 * copy has images, one `user` message carrying them in order. Where one assistant turn made
 * several tool calls, append every tool message first and the user messages after them: Chat
 * Completions wants each call answered by a tool message straight after the assistant's.
 * Throws a `TypeError` where `rendered` isn't a rendered tool result rendered for `'openai-chat'`
 * (`createHost({ provider: 'openai-chat' })`) or `toolCallId` isn't a non-empty string.
 *
 * @example
 * // Every call of the assistant's turn answered: all tool messages first, then the user messages.
 * const answers = calls.map((call) => toOpenAIChat(host.renderToolResult(results[call.id]), { toolCallId: call.id }));
 * messages.push(...answers.map(([tool]) => tool), ...answers.flatMap(([, images]) => (images ? [images] : [])));
 */
export function toOpenAIChat(rendered: unknown, options: OpenAIChatOptions): OpenAIChatToolMessages {
  const { live } = renderedForOrThrow(rendered, 'toOpenAIChat', 'openai-chat');
  const toolCallId = callOptionOrThrow(options, 'toolCallId', 'toOpenAIChat');
  const images: ChatCompletionContentPart[] = [];
  const lines = mapLiveBlocks<string>(live, {
    text: (block) => block.text,
    image: (block) => {
      images.push({ type: 'image_url', image_url: { url: dataUrl(block.mimeType, block.data) } });
      return imageFollowsLine(images.length, block.mimeType, mediaBytes(block));
    },
    audio: (block) => mediaNotTakenMarker('audio', block.mimeType, mediaBytes(block), 'openai-chat'),
    document: (block) => mediaNotTakenMarker('document', block.mimeType, mediaBytes(block), 'openai-chat'),
  });
  const tool: ChatCompletionToolMessageParam = { role: 'tool', tool_call_id: toolCallId, content: lines.join('\n') };
  if (images.length === 0) return [tool];
  const text: ChatCompletionContentPart = { type: 'text', text: toolImagesText(images.length, toolCallId) };
  return [tool, { role: 'user', content: [text, ...images] }];
}

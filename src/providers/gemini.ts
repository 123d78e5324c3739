/**
 * A rendered tool result as Gemini takes it (@google/genai): one `functionResponse` part whose
 * `response` holds the text (`output`, or `error` where the result is an error) and whose
 * `parts` (`FunctionResponsePart`) carry the images and PDF documents as inline data — the
 * multimodal function response. Audio becomes a marker line in the text: Gemini's documentation
 * lists images and documents, not audio, for a function response's parts.
 */
import type { FunctionResponse, FunctionResponsePart, Part } from '@google/genai';
import { mediaNotTakenMarker } from '../text/markers.js';
import { mapLiveBlocks, mediaBytes } from './live-blocks.js';
import { renderedOrThrow } from './rendered-guard.js';

/** What `toGemini` needs beside the result: the function call it answers. */
export interface GeminiOptions {
  /** The function's name, as the `functionCall` named it. */
  readonly name: string;
  /** The `functionCall`'s `id`, where the model gave one. */
  readonly id?: string;
}

/**
 * A rendered result's live copy as the `Part`s of a function response: one `functionResponse`
 * part, its text under `response.output` (`response.error` for an error result) and its images
 * and documents, in order, as inline data in its `parts`. Throws a `TypeError` where `rendered`
 * isn't a rendered tool result.
 *
 * @example
 * contents.push({ role: 'user', parts: toGemini(host.renderToolResult(result), { name: call.name, id: call.id }) });
 */
export function toGemini(rendered: unknown, options: GeminiOptions): Part[] {
  const { live, isError } = renderedOrThrow(rendered, 'toGemini');
  const media: FunctionResponsePart[] = [];
  const texts: string[] = [];
  mapLiveBlocks<void>(live, {
    text: (block) => void texts.push(block.text),
    image: (block) => void media.push({ inlineData: { mimeType: block.mimeType, data: block.data } }),
    document: (block) => void media.push({ inlineData: { mimeType: block.mimeType, data: block.data } }),
    audio: (block) => void texts.push(mediaNotTakenMarker('audio', block.mimeType, mediaBytes(block), 'gemini')),
  });
  const text = texts.join('\n');
  const functionResponse: FunctionResponse = {
    name: options.name,
    response: isError === true ? { error: text } : { output: text },
    ...(options.id === undefined ? {} : { id: options.id }),
    ...(media.length === 0 ? {} : { parts: media }),
  };
  return [{ functionResponse }];
}

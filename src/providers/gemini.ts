/**
 * A rendered tool result as Gemini takes it (@google/genai): one `functionResponse` part whose
 * `response` holds the text (`output`, or `error` where the result is an error) and whose
 * `parts` (`FunctionResponsePart`) carry the images and PDF documents as inline data — the
 * multimodal function response. For a model that takes no media in a function response, the
 * media can instead follow as `inlineData` parts of the same turn. Audio becomes a marker line
 * in the text: Gemini's documentation lists images and documents, not audio, for a function
 * response's parts.
 */
import type { Blob as GeminiBlob, FunctionResponse, Part } from '@google/genai';
import { mediaNotTakenMarker } from '../text/markers.js';
import { mapLiveBlocks, mediaBytes } from './live-blocks.js';
import { callOptionOrThrow, renderedForOrThrow } from './rendered-guard.js';

/** What `toGemini` needs beside the result: the function call it answers, and where media go. */
export interface GeminiOptions {
  /** The function's name, as the `functionCall` named it. */
  readonly name: string;
  /** The `functionCall`'s `id`, where the model gave one. */
  readonly id?: string;
  /**
   * Where images and documents go: `'function-response'` (the default) in the function
   * response's own `parts`, which Gemini 3 models read as the tool's answer; `'turn'` as
   * `inlineData` parts after the function response, in the same user turn, for models that
   * take no media in a function response.
   */
  readonly media?: 'function-response' | 'turn';
}

/**
 * A rendered result's live copy as the `Part`s of a function response: one `functionResponse`
 * part, its text under `response.output` (`response.error` for an error result) and its images
 * and documents, in order, as inline data in its `parts` (or after it, with `media: 'turn'`).
 * Throws a `TypeError` where `rendered` isn't a rendered tool result rendered for `'gemini'`
 * (`createHost({ provider: 'gemini' })`) or `name` isn't a non-empty string.
 *
 * @example
 * contents.push({ role: 'user', parts: toGemini(host.renderToolResult(result), { name: call.name, id: call.id }) });
 */
export function toGemini(rendered: unknown, options: GeminiOptions): Part[] {
  const { live, isError } = renderedForOrThrow(rendered, 'toGemini', 'gemini');
  const name = callOptionOrThrow(options, 'name', 'toGemini');
  const media: GeminiBlob[] = [];
  const texts: string[] = [];
  mapLiveBlocks<void>(live, {
    text: (block) => void texts.push(block.text),
    image: (block) => void media.push({ mimeType: block.mimeType, data: block.data }),
    document: (block) => void media.push({ mimeType: block.mimeType, data: block.data }),
    audio: (block) => void texts.push(mediaNotTakenMarker('audio', block.mimeType, mediaBytes(block), 'gemini')),
  });
  const text = texts.join('\n');
  const inTurn = options.media === 'turn';
  const functionResponse: FunctionResponse = {
    name,
    response: isError === true ? { error: text } : { output: text },
    ...(typeof options.id === 'string' ? { id: options.id } : {}),
    ...(media.length === 0 || inTurn ? {} : { parts: media.map((inlineData) => ({ inlineData })) }),
  };
  return [{ functionResponse }, ...(inTurn ? media.map((inlineData) => ({ inlineData })) : [])];
}

/**
 * A rendered tool result as the OpenAI Responses API takes it: a `function_call_output` input
 * item (`ResponseInputItem.FunctionCallOutput`, openai). Its output is a string or a list of
 * `input_text`, `input_image` (here a data URL) and `input_file` (here a PDF as a data URL)
 * items; it takes no audio, and has no error flag (the error's text says so).
 */
import type { ResponseFunctionCallOutputItem, ResponseInputItem } from 'openai/resources/responses/responses';
import { mediaNotTakenMarker } from '../text/markers.js';
import { dataUrl, documentFilename, mapLiveBlocks, mediaBytes, textOnly, type LiveBlockHandlers } from './live-blocks.js';
import { callOptionOrThrow, renderedForOrThrow } from './rendered-guard.js';

/** What `toOpenAIResponses` needs beside the result: the call it answers. */
export interface OpenAIResponsesOptions {
  /** The `call_id` of the `function_call` item this output answers. */
  readonly callId: string;
}

/** A `function_call_output` item, ready for the next request's `input`. */
export type OpenAIResponsesToolOutput = ResponseInputItem.FunctionCallOutput;

/**
 * A rendered result's live copy as a `function_call_output` item: its output a string where the
 * live copy is text alone, else `input_text`, `input_image` and `input_file` items in order
 * (audio as a marker line). Throws a `TypeError` where `rendered` isn't a rendered tool result
 * rendered for `'openai-responses'` (`createHost({ provider: 'openai-responses' })`) or `callId`
 * isn't a non-empty string.
 *
 * @example
 * input.push(toOpenAIResponses(host.renderToolResult(result), { callId: call.call_id }));
 */
export function toOpenAIResponses(rendered: unknown, options: OpenAIResponsesOptions): OpenAIResponsesToolOutput {
  const { live } = renderedForOrThrow(rendered, 'toOpenAIResponses', 'openai-responses');
  const callId = callOptionOrThrow(options, 'callId', 'toOpenAIResponses');
  const output = textOnly(live) ?? mapLiveBlocks(live, outputItemHandlers());
  return { type: 'function_call_output', call_id: callId, output };
}

/** Handlers for one result: its documents are numbered in order for their file names. */
function outputItemHandlers(): LiveBlockHandlers<ResponseFunctionCallOutputItem> {
  let documents = 0;
  return {
    text: (block) => ({ type: 'input_text', text: block.text }),
    image: (block) => ({ type: 'input_image', image_url: dataUrl(block.mimeType, block.data) }),
    document: (block) => {
      documents += 1;
      return { type: 'input_file', filename: documentFilename(documents), file_data: dataUrl(block.mimeType, block.data) };
    },
    audio: (block) => ({ type: 'input_text', text: mediaNotTakenMarker('audio', block.mimeType, mediaBytes(block), 'openai-responses') }),
  };
}

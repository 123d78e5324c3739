/**
 * What each provider's request would carry for one rendered tool result, in one line: the
 * blocks each adapter makes, their sizes, and where the images went. Media is described by its
 * type and decoded size, never printed.
 */
import {
  toAiSdk,
  toAnthropic,
  toGemini,
  toOpenAIChat,
  toOpenAIResponses,
  PROVIDER_NAMES,
  type ProviderName,
  type RenderedToolResult,
} from '../../src/index.js';

/** A provider profile's name, as `createHost({ provider })` takes it. */
export type Provider = ProviderName;

/** Every profile, the default (`mcp`) first. */
export const PROVIDERS: readonly Provider[] = PROVIDER_NAMES;

/** One line: what `provider`'s request would carry for `rendered`, made by its adapter. */
export function describeRequest(provider: Provider, rendered: RenderedToolResult, toolName: string): string {
  return DESCRIBERS[provider](rendered, toolName);
}

const DESCRIBERS: { readonly [P in Provider]: (rendered: RenderedToolResult, toolName: string) => string } = {
  mcp(rendered) {
    const live = rendered.live;
    if (live.kind === 'text') return `live text ${chars(live.text)}`;
    return `live native: ${live.blocks.map((block) => (block.type === 'text' ? `text ${chars(block.text)}` : `${block.type} ${media(block.mimeType, block.data)}`)).join(', ')}`;
  },
  anthropic(rendered) {
    const { content, is_error } = toAnthropic(rendered);
    const blocks =
      typeof content === 'string'
        ? `content: string ${chars(content)}`
        : `content: ${content
            .map((block) => {
              if (block.type === 'text') return `text ${chars(block.text)}`;
              if (block.type !== 'image' && block.type !== 'document') return block.type;
              const source = block.source;
              return source.type === 'base64' ? `${block.type} ${media(source.media_type, source.data)}` : `${block.type} (${source.type})`;
            })
            .join(', ')}`;
    return `tool_result ${blocks}; is_error ${is_error}`;
  },
  'openai-responses'(rendered) {
    const { output } = toOpenAIResponses(rendered, { callId: 'call_1' });
    if (typeof output === 'string') return `function_call_output: string ${chars(output)}`;
    return `function_call_output: ${output
      .map((item) => {
        if (item.type === 'input_text') return `input_text ${chars(item.text)}`;
        if (item.type === 'input_image') return `input_image ${dataUrlMedia(item.image_url ?? '')}`;
        return `input_file ${dataUrlMedia(item.file_data ?? '')}`;
      })
      .join(', ')}`;
  },
  'openai-chat'(rendered) {
    const [tool, user] = toOpenAIChat(rendered, { toolCallId: 'call_1' });
    const toolText = typeof tool.content === 'string' ? tool.content : tool.content.map((part) => part.text).join('');
    const line = `tool message: text ${chars(toolText)}`;
    if (user === undefined || typeof user.content === 'string') return line;
    const parts = user.content.map((part) => (part.type === 'image_url' ? `image_url ${dataUrlMedia(part.image_url.url)}` : `${part.type}`));
    return `${line}; then a user message (images can't ride in a tool message): ${parts.join(', ')}`;
  },
  gemini(rendered, toolName) {
    const parts = toGemini(rendered, { name: toolName });
    return parts
      .map(({ functionResponse, inlineData }) => {
        // With `media: 'turn'`, images and documents follow the function response as parts of their own.
        if (inlineData !== undefined) return `inlineData ${media(inlineData.mimeType ?? '', inlineData.data ?? '')}`;
        if (functionResponse === undefined) return 'part';
        const response = functionResponse.response ?? {};
        const key = 'error' in response ? 'error' : 'output';
        const value = response[key] ?? '';
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        const inline = (functionResponse.parts ?? []).map((part) => `inlineData ${media(part.inlineData?.mimeType ?? '', part.inlineData?.data ?? '')}`);
        return `functionResponse ${key} ${chars(text)}${inline.length === 0 ? '' : ` with parts: ${inline.join(', ')}`}`;
      })
      .join('; ');
  },
  'ai-sdk'(rendered) {
    const output = toAiSdk(rendered);
    if (output.type === 'error-text') return `error-text ${chars(output.value)}`;
    return `content: ${output.value
      .map((part) => {
        if (part.type === 'text') return `text ${chars(part.text)}`;
        if (part.type === 'image-data' || part.type === 'file-data') return `${part.type} ${media(part.mediaType, part.data)}`;
        return part.type;
      })
      .join(', ')}`;
  },
};

function chars(text: string): string {
  return `(${text.length} chars)`;
}

/** A media part as its type and decoded size. */
function media(mimeType: string, base64: string): string {
  return `(${mimeType}, ${decodedBytes(base64)} bytes)`;
}

/** A data URL as its type and decoded size. */
function dataUrlMedia(url: string): string {
  const match = /^data:([^;,]{1,100});base64,/.exec(url);
  return match === null ? '(not a data url)' : media(match[1]!, url.slice(match[0].length));
}

function decodedBytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

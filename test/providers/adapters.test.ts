/**
 * The provider adapters (issue 13, Adapters): each rendered result — text alone, native images,
 * audio, a PDF document, an error — in each provider's shape, a block a provider can't take as
 * its marker line (never base64), and the one guard's TypeError. Rendered results come from the
 * host where the default profile makes them, and are built by hand for audio and documents.
 */
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import type { LiveBlock } from '../../src/blocks/shown-block.js';
import type { RenderedToolResult } from '../../src/lanes/tool-result.js';
import { toAiSdk } from '../../src/providers/ai-sdk.js';
import { toAnthropic } from '../../src/providers/anthropic.js';
import { toGemini } from '../../src/providers/gemini.js';
import { toOpenAIChat } from '../../src/providers/openai-chat.js';
import { toOpenAIResponses } from '../../src/providers/openai-responses.js';
import { RENDERED_EXPECTED } from '../../src/providers/rendered-guard.js';
import { imageFollowsLine, mediaNotTakenMarker, toolImagesText } from '../../src/text/markers.js';
import { base64DecodedLength } from '../../src/text/size.js';
import { callResult, GIF_BASE64, imageBlock, PNG_BASE64, textBlock, WAV_BASE64 } from '../support/factories.js';

const host = createHost({ log: () => {} });

/** A 1-page PDF's opening, enough for a document block's data. */
const PDF_BASE64 = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'ascii').toString('base64');

function nativeResult(blocks: LiveBlock[], isError = false): RenderedToolResult {
  return { stored: 'stored copy', live: { kind: 'native', blocks }, isError, blocks: [], provider: 'mcp' };
}

const TEXT_ONLY = host.renderToolResult(callResult([textBlock({ text: 'first' }), textBlock({ text: 'second' })]));
const WITH_IMAGES = host.renderToolResult(
  callResult([textBlock({ text: 'before' }), imageBlock(), textBlock({ text: 'between' }), imageBlock({ data: GIF_BASE64, mimeType: 'image/gif' })]),
);
const ERROR_TEXT = host.renderToolResult(callResult([textBlock({ text: 'it broke' })], { isError: true }));
const AUDIO: LiveBlock = { type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav' };
const DOCUMENT: LiveBlock = { type: 'document', data: PDF_BASE64, mimeType: 'application/pdf' };
const WITH_AUDIO = nativeResult([{ type: 'text', text: 'clip:' }, AUDIO]);
const WITH_DOCUMENT = nativeResult([{ type: 'text', text: 'report:' }, DOCUMENT]);
const AUDIO_BYTES = base64DecodedLength(WAV_BASE64);
const PDF_BYTES = base64DecodedLength(PDF_BASE64);

describe('the rendered results under test', () => {
  it('are what the host renders: text alone as a text copy, images as a native copy', () => {
    expect(TEXT_ONLY.live.kind).toBe('text');
    expect(WITH_IMAGES.live).toEqual({
      kind: 'native',
      blocks: [
        { type: 'text', text: 'before' },
        { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        { type: 'text', text: 'between' },
        { type: 'image', data: GIF_BASE64, mimeType: 'image/gif' },
      ],
    });
    expect(ERROR_TEXT.isError).toBe(true);
  });
});

describe(toAnthropic.name, () => {
  it('answers a text copy as string content, not an error', () => {
    expect(toAnthropic(TEXT_ONLY)).toEqual({ content: TEXT_ONLY.stored, is_error: false });
  });

  it('answers native images as base64 image blocks, in order among the texts', () => {
    expect(toAnthropic(WITH_IMAGES)).toEqual({
      content: [
        { type: 'text', text: 'before' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
        { type: 'text', text: 'between' },
        { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: GIF_BASE64 } },
      ],
      is_error: false,
    });
  });

  it('answers a PDF document as a base64 document block', () => {
    expect(toAnthropic(WITH_DOCUMENT).content).toEqual([
      { type: 'text', text: 'report:' },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 } },
    ]);
  });

  it('answers audio, which a tool_result takes no block for, as its marker line', () => {
    expect(toAnthropic(WITH_AUDIO).content).toEqual([
      { type: 'text', text: 'clip:' },
      { type: 'text', text: mediaNotTakenMarker('audio', 'audio/wav', AUDIO_BYTES, 'anthropic') },
    ]);
  });

  it('leaves out empty text blocks, which the Messages API refuses', () => {
    const withEmpty = nativeResult([{ type: 'text', text: '' }, { type: 'image', data: PNG_BASE64, mimeType: 'image/png' }]);
    expect(toAnthropic(withEmpty).content).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } }]);
  });

  it("carries the result's error flag as is_error", () => {
    expect(toAnthropic(ERROR_TEXT)).toEqual({ content: ERROR_TEXT.stored, is_error: true });
    expect(toAnthropic(nativeResult([{ type: 'text', text: 'x' }], true)).is_error).toBe(true);
  });
});

describe(toOpenAIResponses.name, () => {
  it('answers a text copy as a function_call_output whose output is a string', () => {
    expect(toOpenAIResponses(TEXT_ONLY, { callId: 'call_1' })).toEqual({ type: 'function_call_output', call_id: 'call_1', output: TEXT_ONLY.stored });
  });

  it('answers a native copy of texts alone as one string, its texts joined by newlines', () => {
    const texts = nativeResult([{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }]);
    expect(toOpenAIResponses(texts, { callId: 'c' }).output).toBe('a\nb');
  });

  it('answers native images as input_image items with data URLs, in order among input_text items', () => {
    expect(toOpenAIResponses(WITH_IMAGES, { callId: 'call_2' }).output).toEqual([
      { type: 'input_text', text: 'before' },
      { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}` },
      { type: 'input_text', text: 'between' },
      { type: 'input_image', image_url: `data:image/gif;base64,${GIF_BASE64}` },
    ]);
  });

  it('answers a PDF document as an input_file item with a file name and a data URL', () => {
    expect(toOpenAIResponses(WITH_DOCUMENT, { callId: 'c' }).output).toEqual([
      { type: 'input_text', text: 'report:' },
      { type: 'input_file', filename: 'document-1.pdf', file_data: `data:application/pdf;base64,${PDF_BASE64}` },
    ]);
  });

  it('answers audio as its marker line, an input_text item', () => {
    expect(toOpenAIResponses(WITH_AUDIO, { callId: 'c' }).output).toEqual([
      { type: 'input_text', text: 'clip:' },
      { type: 'input_text', text: mediaNotTakenMarker('audio', 'audio/wav', AUDIO_BYTES, 'openai-responses') },
    ]);
  });
});

describe(toOpenAIChat.name, () => {
  it('answers a text copy as one tool message', () => {
    expect(toOpenAIChat(TEXT_ONLY, { toolCallId: 'call_1' })).toEqual([{ role: 'tool', tool_call_id: 'call_1', content: TEXT_ONLY.stored }]);
  });

  it('answers native images as a tool message naming each where it was, then one user message carrying them', () => {
    expect(toOpenAIChat(WITH_IMAGES, { toolCallId: 'call_2' })).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_2',
        content: ['before', imageFollowsLine(1, 'image/png', base64DecodedLength(PNG_BASE64)), 'between', imageFollowsLine(2, 'image/gif', base64DecodedLength(GIF_BASE64))].join('\n'),
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: toolImagesText(2, 'call_2') },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
          { type: 'image_url', image_url: { url: `data:image/gif;base64,${GIF_BASE64}` } },
        ],
      },
    ]);
  });

  it('answers audio and a PDF document as marker lines in the tool message, with no user message', () => {
    const both = nativeResult([AUDIO, DOCUMENT]);
    expect(toOpenAIChat(both, { toolCallId: 'c' })).toEqual([
      {
        role: 'tool',
        tool_call_id: 'c',
        content: `${mediaNotTakenMarker('audio', 'audio/wav', AUDIO_BYTES, 'openai-chat')}\n${mediaNotTakenMarker('document', 'application/pdf', PDF_BYTES, 'openai-chat')}`,
      },
    ]);
  });
});

describe(toGemini.name, () => {
  it('answers a text copy as one functionResponse part, its text as response.output', () => {
    expect(toGemini(TEXT_ONLY, { name: 'search' })).toEqual([{ functionResponse: { name: 'search', response: { output: TEXT_ONLY.stored } } }]);
  });

  it('answers an error result with its text as response.error, and carries the call id where given', () => {
    expect(toGemini(ERROR_TEXT, { name: 'search', id: 'fc_1' })).toEqual([
      { functionResponse: { name: 'search', id: 'fc_1', response: { error: ERROR_TEXT.stored } } },
    ]);
  });

  it("answers native images and a document as inline data in the function response's parts, in order", () => {
    const mixed = nativeResult([{ type: 'text', text: 'a' }, { type: 'image', data: PNG_BASE64, mimeType: 'image/png' }, { type: 'text', text: 'b' }, DOCUMENT]);
    expect(toGemini(mixed, { name: 'f' })).toEqual([
      {
        functionResponse: {
          name: 'f',
          response: { output: 'a\nb' },
          parts: [{ inlineData: { mimeType: 'image/png', data: PNG_BASE64 } }, { inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } }],
        },
      },
    ]);
  });

  it("with media: 'turn', answers images and documents as inlineData parts after the function response", () => {
    const mixed = nativeResult([{ type: 'text', text: 'a' }, { type: 'image', data: PNG_BASE64, mimeType: 'image/png' }, DOCUMENT]);
    expect(toGemini(mixed, { name: 'f', media: 'turn' })).toEqual([
      { functionResponse: { name: 'f', response: { output: 'a' } } },
      { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
      { inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } },
    ]);
  });

  it('answers audio as its marker line in the text, with no parts', () => {
    expect(toGemini(WITH_AUDIO, { name: 'f' })).toEqual([
      { functionResponse: { name: 'f', response: { output: `clip:\n${mediaNotTakenMarker('audio', 'audio/wav', AUDIO_BYTES, 'gemini')}` } } },
    ]);
  });
});

describe(toAiSdk.name, () => {
  it('answers a text copy as content with one text part', () => {
    expect(toAiSdk(TEXT_ONLY)).toEqual({ type: 'content', value: [{ type: 'text', text: TEXT_ONLY.stored }] });
  });

  it('answers native images as image-data parts, in order among the texts', () => {
    expect(toAiSdk(WITH_IMAGES)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'before' },
        { type: 'image-data', data: PNG_BASE64, mediaType: 'image/png' },
        { type: 'text', text: 'between' },
        { type: 'image-data', data: GIF_BASE64, mediaType: 'image/gif' },
      ],
    });
  });

  it('answers a PDF document and audio as file-data parts (the provider under the AI SDK decides)', () => {
    expect(toAiSdk(nativeResult([DOCUMENT, AUDIO])).value).toEqual([
      { type: 'file-data', data: PDF_BASE64, mediaType: 'application/pdf', filename: 'document-1.pdf' },
      { type: 'file-data', data: WAV_BASE64, mediaType: 'audio/wav' },
    ]);
  });

  it('answers an error result with text alone as error-text, so providers still flag it', () => {
    expect(toAiSdk(ERROR_TEXT)).toEqual({ type: 'error-text', value: ERROR_TEXT.stored });
  });

  it('answers an error result with media as content (error-text carries no media)', () => {
    expect(toAiSdk(nativeResult([DOCUMENT], true)).type).toBe('content');
  });
});

const ADAPTERS = [
  ['toAnthropic', (value: unknown) => toAnthropic(value)],
  ['toOpenAIResponses', (value: unknown) => toOpenAIResponses(value, { callId: 'c' })],
  ['toOpenAIChat', (value: unknown) => toOpenAIChat(value, { toolCallId: 'c' })],
  ['toGemini', (value: unknown) => toGemini(value, { name: 'f' })],
  ['toAiSdk', (value: unknown) => toAiSdk(value)],
] as const;

const NOT_RENDERED: [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['a string', 'text'],
  ['a content array', [textBlock()]],
  ['a raw CallToolResult', callResult([textBlock()])],
  ['a live copy of an unknown kind', { stored: 's', live: { kind: 'video' }, isError: false, blocks: [] }],
  ['a native copy with an unknown block type', { stored: 's', live: { kind: 'native', blocks: [{ type: 'video', data: 'AAAA' }] }, isError: false, blocks: [] }],
  ['a native copy with a block typed as an Object.prototype key', { stored: 's', live: { kind: 'native', blocks: [{ type: 'toString' }] }, isError: false, blocks: [] }],
  ['a text copy without its text', { stored: 's', live: { kind: 'text' }, isError: false, blocks: [] }],
];

describe('every adapter given something that is not a rendered result', () => {
  for (const [name, adapter] of ADAPTERS) {
    for (const [what, value] of NOT_RENDERED) {
      it(`${name} > ${what} > throws a TypeError naming the adapter and what it expected`, () => {
        let thrown: unknown;
        try {
          adapter(value);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(TypeError);
        expect((thrown as Error).message).toContain(`${name} expects ${RENDERED_EXPECTED}`);
      });
    }
  }

  it("never echoes the value's content in its message (a raw result may carry a secret)", () => {
    const raw = callResult([textBlock({ text: 'sk-secret-value' })]);
    expect(() => toAnthropic(raw)).toThrow(TypeError);
    expect(() => toAnthropic(raw)).not.toThrow(/sk-secret-value/);
  });
});

describe('every adapter that answers a call, given no id or name for it', () => {
  const cases = [
    ['toOpenAIResponses', 'callId', (options: unknown) => toOpenAIResponses(TEXT_ONLY, options as { callId: string })],
    ['toOpenAIChat', 'toolCallId', (options: unknown) => toOpenAIChat(TEXT_ONLY, options as { toolCallId: string })],
    ['toGemini', 'name', (options: unknown) => toGemini(TEXT_ONLY, options as { name: string })],
  ] as const;
  for (const [name, key, adapter] of cases) {
    for (const [what, options] of [['no options', undefined], ['an empty string', { [key]: '' }], ['a number', { [key]: 7 }]] as const) {
      it(`${name} > ${what} > throws a TypeError naming options.${key}`, () => {
        expect(() => adapter(options)).toThrow(TypeError);
        expect(() => adapter(options)).toThrow(`${name} expects options.${key}`);
      });
    }
  }
});

describe('no adapter shows base64 as text', () => {
  const everything = nativeResult([{ type: 'text', text: 't' }, { type: 'image', data: PNG_BASE64, mimeType: 'image/png' }, AUDIO, DOCUMENT]);
  for (const [name, adapter] of ADAPTERS) {
    it(`${name} > no text it makes holds a media block's data`, () => {
      const texts: string[] = [];
      JSON.stringify(adapter(everything), (key, value: unknown) => {
        if ((key === 'text' || key === 'content' || key === 'output' || key === 'value') && typeof value === 'string') texts.push(value);
        return value;
      });
      for (const data of [PNG_BASE64, WAV_BASE64, PDF_BASE64]) for (const text of texts) expect(text).not.toContain(data.slice(0, 24));
    });
  }
});

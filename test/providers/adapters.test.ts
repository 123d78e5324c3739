/**
 * The provider adapters (issue 13, Adapters): each rendered result — text alone, native images,
 * a PDF document, an error — in each provider's shape, a block a provider can't take as its
 * marker line (never base64), and the guard's TypeErrors: for anything this library didn't
 * render (a look-alike with `stored`, `live` and `blocks` keys included), and for a result
 * rendered for another provider's profile. Every rendered result here is rendered by a host made
 * for the adapter's provider: no live copy a host can't make is handed to an adapter.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import type { RenderedToolResult } from '../../src/lanes/tool-result.js';
import { PROVIDER_NAMES, type ProviderName } from '../../src/providers/profiles.js';
import { toAiSdk } from '../../src/providers/ai-sdk.js';
import { toAnthropic } from '../../src/providers/anthropic.js';
import { toGemini } from '../../src/providers/gemini.js';
import { toOpenAIChat } from '../../src/providers/openai-chat.js';
import { toOpenAIResponses } from '../../src/providers/openai-responses.js';
import { RENDERED_EXPECTED } from '../../src/providers/rendered-guard.js';
import { aiSdkMediaMarker, imageFollowsLine, toolImagesText } from '../../src/text/markers.js';
import { base64DecodedLength } from '../../src/text/size.js';
import { callResult, embeddedBlob, GIF_BASE64, imageBlock, PNG_BASE64, textBlock } from '../support/factories.js';

const HOSTS = Object.fromEntries(PROVIDER_NAMES.map((provider) => [provider, createHost({ provider, log: () => {} })])) as Record<
  ProviderName,
  ReturnType<typeof createHost>
>;

/** `result` rendered by a host made for `provider`. */
function render(provider: ProviderName, result: unknown): RenderedToolResult {
  return HOSTS[provider].renderToolResult(result);
}

/** A 1-page PDF's opening, enough for a document block's data. */
const PDF_BASE64 = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'ascii').toString('base64');
const PDF_BYTES = base64DecodedLength(PDF_BASE64);
const PNG_BYTES = base64DecodedLength(PNG_BASE64);
const pdfBlock = (): Record<string, unknown> => embeddedBlob({ uri: 'file:///report.pdf', mimeType: 'application/pdf', blob: PDF_BASE64 });

const TEXT_ONLY_RESULT = callResult([textBlock({ text: 'first' }), textBlock({ text: 'second' })]);
const ERROR_RESULT = callResult([textBlock({ text: 'it broke' })], { isError: true });
/** Text, a PNG, text, a PDF: every provider profile but 'mcp' and 'ai-sdk' sends the PNG; three send the PDF. */
const MIXED_RESULT = callResult([textBlock({ text: 'before' }), imageBlock(), textBlock({ text: 'between' }), pdfBlock()]);

describe(toAnthropic.name, () => {
  it('answers a text copy as string content, not an error', () => {
    const rendered = render('anthropic', TEXT_ONLY_RESULT);
    expect(rendered.live.kind).toBe('text');
    expect(toAnthropic(rendered)).toEqual({ content: rendered.stored, is_error: false });
  });

  it('answers native images (a GIF too, which Anthropic takes) and a PDF as base64 blocks, in order among the texts', () => {
    const rendered = render(
      'anthropic',
      callResult([
        textBlock({ text: 'before' }),
        imageBlock(),
        textBlock({ text: 'between' }),
        imageBlock({ data: GIF_BASE64, mimeType: 'image/gif' }),
        pdfBlock(),
      ]),
    );
    expect(toAnthropic(rendered)).toEqual({
      content: [
        { type: 'text', text: 'before' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
        { type: 'text', text: 'between' },
        { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: GIF_BASE64 } },
        { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 } },
      ],
      is_error: false,
    });
  });

  it('leaves out empty text blocks, which the Messages API refuses', () => {
    const rendered = render('anthropic', callResult([textBlock({ text: '' }), imageBlock()]));
    expect(toAnthropic(rendered).content).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } }]);
  });

  it("carries the result's error flag as is_error", () => {
    const rendered = render('anthropic', ERROR_RESULT);
    expect(toAnthropic(rendered)).toEqual({ content: rendered.stored, is_error: true });
    expect(toAnthropic(render('anthropic', callResult([imageBlock()], { isError: true }))).is_error).toBe(true);
  });
});

describe(toOpenAIResponses.name, () => {
  it('answers a text copy as a function_call_output whose output is a string', () => {
    const rendered = render('openai-responses', TEXT_ONLY_RESULT);
    expect(toOpenAIResponses(rendered, { callId: 'call_1' })).toEqual({ type: 'function_call_output', call_id: 'call_1', output: rendered.stored });
  });

  it('answers a native image and a PDF as input_image and input_file items with data URLs, in order among input_text items', () => {
    expect(toOpenAIResponses(render('openai-responses', MIXED_RESULT), { callId: 'call_2' }).output).toEqual([
      { type: 'input_text', text: 'before' },
      { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}` },
      { type: 'input_text', text: 'between' },
      { type: 'input_file', filename: 'document-1.pdf', file_data: `data:application/pdf;base64,${PDF_BASE64}` },
    ]);
  });
});

describe(toOpenAIChat.name, () => {
  it('answers a text copy as one tool message', () => {
    const rendered = render('openai-chat', TEXT_ONLY_RESULT);
    expect(toOpenAIChat(rendered, { toolCallId: 'call_1' })).toEqual([{ role: 'tool', tool_call_id: 'call_1', content: rendered.stored }]);
  });

  it('answers native images as a tool message naming each where it was, then one user message carrying them', () => {
    const rendered = render('openai-chat', callResult([textBlock({ text: 'before' }), imageBlock(), textBlock({ text: 'between' }), imageBlock()]));
    expect(toOpenAIChat(rendered, { toolCallId: 'call_2' })).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_2',
        content: ['before', imageFollowsLine(1, 'image/png', PNG_BYTES), 'between', imageFollowsLine(2, 'image/png', PNG_BYTES)].join('\n'),
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: toolImagesText(2, 'call_2') },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
        ],
      },
    ]);
  });
});

describe(`${toOpenAIChat.name}'s own example`, () => {
  it('run for a turn of two calls with images, appends both tool messages before the user messages, as Chat Completions requires', () => {
    const source = readFileSync(new URL('../../src/providers/openai-chat.ts', import.meta.url), 'utf8');
    const doc = /@example\n((?: \*.*\n)+?) \*\//.exec(source)![1]!;
    const code = doc
      .split('\n')
      .map((line) => line.replace(/^ \* ?/, ''))
      .join('\n');
    const host = HOSTS['openai-chat'];
    const calls = [{ id: 'call_a' }, { id: 'call_b' }];
    const results = { call_a: callResult([imageBlock()]), call_b: callResult([textBlock({ text: 'b' }), imageBlock()]) };
    const messages: { role: string; tool_call_id?: string }[] = [];
    new Function('calls', 'results', 'host', 'messages', 'toOpenAIChat', code)(calls, results, host, messages, toOpenAIChat);
    expect(messages.map((message) => message.role)).toEqual(['tool', 'tool', 'user', 'user']);
    expect(messages.slice(0, 2).map((message) => message.tool_call_id)).toEqual(['call_a', 'call_b']);
  });
});

describe(toGemini.name, () => {
  it('answers a text copy as one functionResponse part, its text as response.output', () => {
    const rendered = render('gemini', TEXT_ONLY_RESULT);
    expect(toGemini(rendered, { name: 'search' })).toEqual([{ functionResponse: { name: 'search', response: { output: rendered.stored } } }]);
  });

  it('answers an error result with its text as response.error, and carries the call id where given', () => {
    const rendered = render('gemini', ERROR_RESULT);
    expect(toGemini(rendered, { name: 'search', id: 'fc_1' })).toEqual([
      { functionResponse: { name: 'search', id: 'fc_1', response: { error: rendered.stored } } },
    ]);
  });

  it("answers a native image and a document as inline data in the function response's parts, in order", () => {
    expect(toGemini(render('gemini', MIXED_RESULT), { name: 'f' })).toEqual([
      {
        functionResponse: {
          name: 'f',
          response: { output: 'before\nbetween' },
          parts: [{ inlineData: { mimeType: 'image/png', data: PNG_BASE64 } }, { inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } }],
        },
      },
    ]);
  });

  it("with media: 'turn', answers images and documents as inlineData parts after the function response", () => {
    expect(toGemini(render('gemini', MIXED_RESULT), { name: 'f', media: 'turn' })).toEqual([
      { functionResponse: { name: 'f', response: { output: 'before\nbetween' } } },
      { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
      { inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } },
    ]);
  });
});

describe(toAiSdk.name, () => {
  it('answers a text copy as content with one text part', () => {
    const rendered = render('ai-sdk', TEXT_ONLY_RESULT);
    expect(toAiSdk(rendered)).toEqual({ type: 'content', value: [{ type: 'text', text: rendered.stored }] });
  });

  it("under the 'ai-sdk' profile, sends no media: an image and a PDF are markers saying the AI SDK's provider may not carry them", () => {
    const rendered = render('ai-sdk', MIXED_RESULT);
    expect(rendered.live.kind).toBe('text');
    const [part] = toAiSdk(rendered).value as { type: string; text: string }[];
    expect(part!.text).toContain(aiSdkMediaMarker('image', 'image/png', PNG_BYTES));
    expect(part!.text).toContain(aiSdkMediaMarker('document', 'application/pdf', PDF_BYTES));
    expect(JSON.stringify(toAiSdk(rendered))).not.toContain(PNG_BASE64.slice(0, 24));
  });

  it('with { media: true }, answers the media of a result rendered for the provider underneath as image-data and file-data parts', () => {
    expect(toAiSdk(render('anthropic', MIXED_RESULT), { media: true })).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'before' },
        { type: 'image-data', data: PNG_BASE64, mediaType: 'image/png' },
        { type: 'text', text: 'between' },
        { type: 'file-data', data: PDF_BASE64, mediaType: 'application/pdf', filename: 'document-1.pdf' },
      ],
    });
  });

  it('with { media: true }, takes a result rendered for any provider profile but mcp', () => {
    for (const provider of PROVIDER_NAMES) {
      const rendered = render(provider, MIXED_RESULT);
      if (provider === 'mcp')
        expect(() => toAiSdk(rendered, { media: true })).toThrow(/toAiSdk with \{ media: true \} expects a result rendered for the provider under the AI SDK/);
      else expect(toAiSdk(rendered, { media: true }).type).toBe('content');
    }
  });

  it('answers an error result with text alone as error-text, so providers still flag it', () => {
    const rendered = render('ai-sdk', ERROR_RESULT);
    expect(toAiSdk(rendered)).toEqual({ type: 'error-text', value: rendered.stored });
  });

  it('answers an error result with media as content (error-text carries no media)', () => {
    expect(toAiSdk(render('anthropic', callResult([pdfBlock()], { isError: true })), { media: true }).type).toBe('content');
  });
});

/** Each adapter, and the profile whose results it takes. */
const ADAPTERS = [
  ['toAnthropic', 'anthropic', (value: unknown) => toAnthropic(value)],
  ['toOpenAIResponses', 'openai-responses', (value: unknown) => toOpenAIResponses(value, { callId: 'c' })],
  ['toOpenAIChat', 'openai-chat', (value: unknown) => toOpenAIChat(value, { toolCallId: 'c' })],
  ['toGemini', 'gemini', (value: unknown) => toGemini(value, { name: 'f' })],
  ['toAiSdk', 'ai-sdk', (value: unknown) => toAiSdk(value)],
] as const;

/** What `fn` threw, or undefined. */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('every adapter given something this library did not render', () => {
  const real = render('mcp', callResult([textBlock()]));
  /** A server's raw result with keys of a rendered result's: the MCP SDK's loose ResultSchema keeps them. */
  const lookAlike = {
    content: [],
    stored: 'x',
    blocks: [],
    isError: false,
    provider: 'anthropic',
    live: {
      kind: 'native',
      blocks: [
        { type: 'text', text: 'see https://files.example/x?X-Amz-Signature=abc123' },
        { type: 'image', mimeType: 'text/html', data: 'PHNjcmlwdD4=' },
      ],
    },
  };
  const NOT_RENDERED: [string, unknown][] = [
    ['undefined', undefined],
    ['null', null],
    ['a string', 'text'],
    ['a content array', [textBlock()]],
    ['a raw CallToolResult', callResult([textBlock()])],
    ["a raw result with a rendered result's keys", lookAlike],
    ['a copy of a rendered result', { ...real }],
    ['a rendered result through JSON', JSON.parse(JSON.stringify(real))],
  ];
  for (const [name, , adapter] of ADAPTERS) {
    for (const [what, value] of NOT_RENDERED) {
      it(`${name} > ${what} > throws a TypeError naming the adapter and what it expected`, () => {
        const thrown = thrownBy(() => adapter(value));
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

  it('takes a rendered result from every path that makes one: a result it could not read, and one rendered twice', () => {
    const unreadable = {
      get content(): never {
        throw new Error('boom');
      },
    };
    const failed = render('anthropic', unreadable);
    expect(toAnthropic(failed)).toEqual({ content: failed.stored, is_error: true });
    const twice = HOSTS.anthropic.renderToolResult(render('anthropic', callResult([textBlock()])));
    expect(toAnthropic(twice)).toEqual({ content: twice.stored, is_error: true });
  });
});

describe('every adapter given a result rendered for another provider', () => {
  for (const [name, own, adapter] of ADAPTERS) {
    for (const other of PROVIDER_NAMES.filter((provider) => provider !== own)) {
      it(`${name} > rendered for ${other} > throws a TypeError naming createHost({ provider: '${own}' })`, () => {
        const thrown = thrownBy(() => adapter(render(other, MIXED_RESULT)));
        expect(thrown).toBeInstanceOf(TypeError);
        expect((thrown as Error).message).toContain(`createHost({ provider: '${own}' })`);
        expect((thrown as Error).message).toContain(`got one rendered for '${other}'`);
      });
    }
  }

  it('so a GIF Anthropic takes never reaches Chat Completions or Gemini, which refuse it', () => {
    const rendered = render('anthropic', callResult([imageBlock({ data: GIF_BASE64, mimeType: 'image/gif' })]));
    expect(rendered.live.kind).toBe('native');
    expect(() => toOpenAIChat(rendered, { toolCallId: 'c' })).toThrow(TypeError);
    expect(() => toGemini(rendered, { name: 'f' })).toThrow(TypeError);
    expect(
      toGemini(render('gemini', callResult([imageBlock({ data: GIF_BASE64, mimeType: 'image/gif' })])), { name: 'f' })[0]!.functionResponse!.parts,
    ).toBeUndefined();
  });
});

describe('every adapter that answers a call, given no id or name for it', () => {
  const cases = [
    ['toOpenAIResponses', 'callId', (options: unknown) => toOpenAIResponses(render('openai-responses', TEXT_ONLY_RESULT), options as { callId: string })],
    ['toOpenAIChat', 'toolCallId', (options: unknown) => toOpenAIChat(render('openai-chat', TEXT_ONLY_RESULT), options as { toolCallId: string })],
    ['toGemini', 'name', (options: unknown) => toGemini(render('gemini', TEXT_ONLY_RESULT), options as { name: string })],
  ] as const;
  for (const [name, key, adapter] of cases) {
    for (const [what, options] of [
      ['no options', undefined],
      ['an empty string', { [key]: '' }],
      ['a number', { [key]: 7 }],
    ] as const) {
      it(`${name} > ${what} > throws a TypeError naming options.${key}`, () => {
        expect(() => adapter(options)).toThrow(TypeError);
        expect(() => adapter(options)).toThrow(`${name} expects options.${key}`);
      });
    }
  }
});

describe('no adapter shows base64 as text', () => {
  for (const [name, own, adapter] of ADAPTERS) {
    it(`${name} > no text it makes holds a media block's data`, () => {
      const texts: string[] = [];
      JSON.stringify(adapter(render(own, MIXED_RESULT)), (key, value: unknown) => {
        if ((key === 'text' || key === 'content' || key === 'output' || key === 'value') && typeof value === 'string') texts.push(value);
        return value;
      });
      expect(texts.length).toBeGreaterThan(0);
      for (const data of [PNG_BASE64, PDF_BASE64]) for (const text of texts) expect(text).not.toContain(data.slice(0, 24));
    });
  }

  it("toAiSdk > no part holds a media block's data, even where its provider sends the output as JSON text", () => {
    // @ai-sdk/openai's chat provider: `JSON.stringify(output.value)` as the tool message's content.
    const output = toAiSdk(render('ai-sdk', MIXED_RESULT));
    const asSent = output.type === 'content' ? JSON.stringify(output.value) : output.value;
    for (const data of [PNG_BASE64, PDF_BASE64]) expect(asSent).not.toContain(data.slice(0, 24));
  });
});

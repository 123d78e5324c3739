import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { generateText, stepCountIs, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { withBlockwiseTools } from '../../src/mcp-client/ai-sdk-tools.js';
import { FETCHABLE_ENDING } from '../../src/references/stub.js';
import { aiSdkMediaMarker } from '../../src/text/markers.js';
import type { SaveRequest } from '../../src/references/fetcher.js';
import { longestBase64Run, PNG_BYTES } from '../support/factories.js';
import { FILES, httpFixture, type HttpFixture } from '../support/mcp-fixture.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A model that calls `toolName` once, then answers; it keeps every prompt it was given. */
function callingModel(toolName: string): MockLanguageModelV3 {
  let calls = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      calls += 1;
      return calls === 1
        ? {
            content: [{ type: 'tool-call', toolCallId: 'call-1', toolName, input: '{}' }],
            finishReason: { unified: 'tool-calls', raw: undefined },
            usage: USAGE,
            warnings: [],
          }
        : { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: undefined }, usage: USAGE, warnings: [] };
    },
  });
}

/** The tool message's output in the model's second prompt. */
function toolOutputSeen(model: MockLanguageModelV3): unknown {
  const prompt = model.doGenerateCalls[1]!.prompt as ModelMessage[];
  const message = prompt.find((entry) => entry.role === 'tool');
  const part = Array.isArray(message?.content) ? message.content.find((entry) => entry.type === 'tool-result') : undefined;
  return part?.type === 'tool-result' ? part.output : undefined;
}

async function connected(): Promise<{ fixture: HttpFixture; mcp: MCPClient }> {
  const fixture = await httpFixture();
  cleanups.push(() => fixture.close());
  const mcp = await createMCPClient({ transport: { type: 'http', url: fixture.mcpUrl.href } });
  cleanups.push(() => mcp.close());
  return { fixture, mcp };
}

describe(withBlockwiseTools.name, () => {
  it("on Node 20, with @ai-sdk/mcp's client over Streamable HTTP: the model reads stubs, never a link's uri, and the stubs fetch", async () => {
    const { fixture, mcp } = await connected();
    const host = createHost({ provider: 'ai-sdk', log: () => {} });
    const tools = withBlockwiseTools(await mcp.tools(), host, { serverId: 'fixture', address: fixture.mcpUrl.href, credential: 'tok' });
    const model = callingModel('links');
    await generateText({ model, tools, prompt: 'list the files', stopWhen: stepCountIs(2) });

    const output = toolOutputSeen(model) as { type: string; value: { type: string; text?: string }[] };
    expect(output.type).toBe('content');
    const texts = output.value.map((part) => part.text ?? '').join('\n');
    expect(texts.match(new RegExp(FETCHABLE_ENDING, 'g'))).toHaveLength(2);
    expect(texts).not.toContain(fixture.origin);

    const saved: SaveRequest[] = [];
    const refId = /\[(ref-[A-Za-z0-9_-]{16})\]/.exec(texts)![1]!;
    const answer = await host.fetchReferenceTool({ save: (request) => (saved.push(request), '/saved/x') }).call({ refId });
    expect(answer.isError).toBe(false);
    expect(Buffer.from(saved[0]!.bytes)).toEqual(FILES['/files/notes.txt']!.body);
    expect(fixture.fileRequests[0]!.authorization).toBe('Bearer tok');
  });

  it("an inline image reaches the model as a marker under the 'ai-sdk' profile, never as base64 its provider might send as text", async () => {
    const { mcp } = await connected();
    const host = createHost({ provider: 'ai-sdk', log: () => {} });
    const model = callingModel('picture');
    await generateText({ model, tools: withBlockwiseTools(await mcp.tools(), host, { serverId: 'fixture' }), prompt: 'x', stopWhen: stepCountIs(2) });
    const output = toolOutputSeen(model) as { type: string; value: { type: string; text?: string }[] };
    expect(output).toEqual({ type: 'content', value: [{ type: 'text', text: aiSdkMediaMarker('image', 'image/png', PNG_BYTES.length) }] });
    expect(longestBase64Run(JSON.stringify(output.value))).toBeLessThan(40);
  });

  it('with media: true and a host made for the provider underneath, an inline image reaches the model as an image part', async () => {
    const { mcp } = await connected();
    const host = createHost({ provider: 'anthropic', log: () => {} });
    const model = callingModel('picture');
    await generateText({
      model,
      tools: withBlockwiseTools(await mcp.tools(), host, { serverId: 'fixture', media: true }),
      prompt: 'x',
      stopWhen: stepCountIs(2),
    });
    const output = toolOutputSeen(model) as { type: string; value: { type: string; data?: string; mediaType?: string }[] };
    expect(output).toEqual({ type: 'content', value: [{ type: 'image-data', data: PNG_BYTES.toString('base64'), mediaType: 'image/png' }] });
  });

  it("keeps each tool's own execute and description, and leaves the address book alone without an address", async () => {
    const { mcp } = await connected();
    const recorded: unknown[] = [];
    const host = { ...createHost({ provider: 'ai-sdk', log: () => {} }), setServerAddress: (...args: unknown[]) => void recorded.push(args) };
    const original = await mcp.tools();
    const tools = withBlockwiseTools(original, host, { serverId: 'fixture' });
    expect(Object.keys(tools)).toEqual(Object.keys(original));
    expect(tools.echo!.execute).toBe(original.echo!.execute);
    expect(tools.echo!.description).toBe(original.echo!.description);
    expect(recorded).toEqual([]);
    const stored = await tools.fail!.toModelOutput!({ toolCallId: 'c', input: {}, output: { content: [{ type: 'text', text: 'it broke' }], isError: true } });
    expect(stored).toEqual({ type: 'error-text', value: 'it broke' });
    expect(longestBase64Run(JSON.stringify(stored))).toBeLessThan(40);
  });
});

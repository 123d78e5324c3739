import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../../src/host.js';
import { DIAL_REFUSAL_CLAUSES, type DialRefusal } from '../../src/references/dial-check.js';
import {
  createFetchReferenceTool,
  FETCH_REFERENCE_INPUT_SCHEMA,
  FETCH_REFERENCE_TOOL_NAME,
  FETCH_REFERENCE_TOOL_WORDS,
} from '../../src/references/fetch-reference-tool.js';
import { digestOf, FETCH_FAILURE_WORDS, type FetchFailure, type SaveRequest } from '../../src/references/fetcher.js';
import { base64RunMarker, DATA_URI_NOT_SHOWN, embeddedBlobMarker } from '../../src/text/markers.js';
import { toAnthropic } from '../../src/providers/anthropic.js';
import { toOpenAIChat } from '../../src/providers/openai-chat.js';
import { toAnthropicTool, toGeminiTool, toOpenAIChatTool, toOpenAIResponsesTool, type ToolDefinition } from '../../src/providers/tool-definition.js';
import { createRegistry } from '../../src/references/registry.js';
import { FETCHABLE_ENDING } from '../../src/references/stub.js';
import { classifyReference } from '../../src/references/testimony.js';
import { callResult, longestBase64Run, PNG_BYTES, referenceBlock, resourceLink } from '../support/factories.js';
import { closeOrigins, serveFixture, type Answer } from '../support/loopback.js';

afterEach(closeOrigins);

const SERVER = 'files';
const REF_ID = /\[(ref-[A-Za-z0-9_-]{16})\]/;

/** A host that logs nowhere, and a save that keeps what it was given. */
function quietHost(options: Parameters<typeof createHost>[0] = {}): Host {
  return createHost({ log: () => {}, ...options });
}

function keeper(): { saved: SaveRequest[]; save: (request: SaveRequest) => string } {
  const saved: SaveRequest[] = [];
  return { saved, save: (request) => (saved.push(request), `/saved/${request.name}`) };
}

/** Renders one block from `serverId` and answers the id its stub names. */
function offered(host: Host, block: Record<string, unknown>, serverId: string | undefined = SERVER): string {
  const rendered = host.renderToolResult(callResult([block]), serverId === undefined ? {} : { serverId });
  const id = REF_ID.exec(rendered.stored)?.[1];
  if (id === undefined) throw new Error(`no stub in ${rendered.stored}`);
  return id;
}

/** A host dialing one loopback origin (as `files`) that answers `paths`. */
async function hostServing(paths: Record<string, Answer>, options: Parameters<typeof createHost>[0] = {}) {
  const fixture = await serveFixture(paths);
  const host = quietHost(options);
  host.setServerAddress(SERVER, fixture.origin);
  return { host, fixture, url: (path: string) => `${fixture.origin}${path}` };
}

describe(createFetchReferenceTool.name, () => {
  it('is the tool every stub names, with a strict schema of one required string', () => {
    const tool = quietHost().fetchReferenceTool(keeper());
    expect(FETCHABLE_ENDING).toContain(tool.name);
    expect(tool.name).toBe(FETCH_REFERENCE_TOOL_NAME);
    expect(tool.description).toContain(FETCHABLE_ENDING);
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: { refId: { type: 'string', description: expect.any(String) } },
      required: ['refId'],
      additionalProperties: false,
    });
  });

  it("goes into each provider's tool-definition shape with its schema whole", () => {
    const tool: ToolDefinition = quietHost().fetchReferenceTool(keeper());
    const schema = { ...FETCH_REFERENCE_INPUT_SCHEMA, required: ['refId'] };
    expect(toAnthropicTool(tool)).toEqual({ name: 'fetch_reference', description: tool.description, input_schema: schema });
    expect(toOpenAIResponsesTool(tool)).toMatchObject({ type: 'function', name: 'fetch_reference', parameters: schema });
    expect(toOpenAIChatTool(tool)).toEqual({ type: 'function', function: { name: 'fetch_reference', description: tool.description, parameters: schema } });
    expect(toGeminiTool(tool)).toEqual({ name: 'fetch_reference', description: tool.description, parametersJsonSchema: schema });
  });

  const ajv = new Ajv({ strict: true });
  const validate = ajv.compile(FETCH_REFERENCE_INPUT_SCHEMA as object);
  const badArguments: [string, unknown][] = [
    ['no refId', {}],
    ['refId not a string', { refId: 7 }],
    ['an extra property', { refId: 'ref-AAAAAAAAAAAAAAAA', path: '/etc/passwd' }],
    ['an array', ['ref-AAAAAAAAAAAAAAAA']],
    ['null', null],
    ['JSON text that is no object', '"ref-AAAAAAAAAAAAAAAA"'],
    ['text that is no JSON', '{refId:'],
  ];
  it.each(badArguments)("arguments > %s: the schema refuses them, and the call answers the tool's words, unfetched", async (_name, args) => {
    const { save, saved } = keeper();
    const tool = quietHost().fetchReferenceTool({ save });
    if (typeof args !== 'string') expect(validate(args)).toBe(false);
    const answer = await tool.call(args);
    expect(answer.isError).toBe(true);
    expect(answer.stored).toBe(`${FETCH_REFERENCE_TOOL_WORDS['bad-arguments']}.`);
    expect(saved).toHaveLength(0);
  });

  it('arguments > the JSON text some providers give reads as its object', async () => {
    const { host, url } = await hostServing({ '/a.txt': { body: 'alpha', headers: { 'content-type': 'text/plain' } } });
    const refId = offered(host, resourceLink({ uri: url('/a.txt'), name: 'a.txt' }));
    expect(validate({ refId })).toBe(true);
    const answer = await host.fetchReferenceTool(keeper()).call(JSON.stringify({ refId }));
    expect(answer.isError).toBe(false);
    expect(answer.stored).toContain('alpha');
  });

  it('fetches text: the stub now ends with where it was saved, then the text as a tool result shows it', async () => {
    const { host, fixture, url } = await hostServing({ '/notes.txt': { body: 'line one\nline two', headers: { 'content-type': 'text/plain' } } });
    const refId = offered(host, resourceLink({ uri: url('/notes.txt'), name: 'notes.txt' }));
    const { save, saved } = keeper();
    const answer = await host.fetchReferenceTool({ save }).call({ refId });
    expect(answer.isError).toBe(false);
    expect(saved.map((request) => request.name)).toEqual([`${refId}.txt`]);
    const [stub, text] = answer.stored.split('\n');
    expect(stub).toMatch(new RegExp(`^\\[${refId}\\] notes\\.txt — .* — from server "files" — saved: /saved/${refId}\\.txt$`));
    expect(text).toBe('line one');
    expect(answer.stored).not.toContain(fixture.origin);
    expect(answer.live).toEqual({ kind: 'text', text: answer.stored });
  });

  const B64 = Buffer.alloc(300, 7).toString('base64');
  it.each(['application/json', 'application/problem+json; charset=utf-8'])(
    'fetches a %s body as data: a uri that may carry a credential and each base64 run are replaced',
    async (contentType) => {
      const body = JSON.stringify({ link: 'https://x.example/?access_token=SECRET', blob: B64, note: 'kept' });
      const { host, url } = await hostServing({ '/data.json': { body, headers: { 'content-type': contentType } } });
      const refId = offered(host, resourceLink({ uri: url('/data.json'), name: 'data.json' }));
      const answer = await host.fetchReferenceTool(keeper()).call({ refId });
      expect(answer.isError).toBe(false);
      const data = answer.stored.split('\n').slice(1).join('\n');
      expect(JSON.parse(data)).toEqual({ link: DATA_URI_NOT_SHOWN, blob: base64RunMarker(B64.length), note: 'kept' });
      expect(answer.stored).not.toContain('SECRET');
      expect(longestBase64Run(answer.stored)).toBeLessThan(40);
    },
  );

  it("fetches a JSON body that doesn't parse, and any other text, as the server's words shown as sent", async () => {
    const text = `see https://x.example/?access_token=SECRET and ${B64}`;
    const { host, url } = await hostServing({
      '/bad.json': { body: `{ ${text}`, headers: { 'content-type': 'application/json' } },
      '/notes.txt': { body: text, headers: { 'content-type': 'text/plain' } },
    });
    const tool = host.fetchReferenceTool(keeper());
    const bad = await tool.call({ refId: offered(host, resourceLink({ uri: url('/bad.json'), name: 'bad.json' })) });
    expect(bad.stored.split('\n')[1]).toBe(`{ ${text}`);
    const notes = await tool.call({ refId: offered(host, resourceLink({ uri: url('/notes.txt'), name: 'notes.txt' })) });
    expect(notes.stored.split('\n')[1]).toBe(text);
  });

  it("answers a rendered result for the host's provider, which that provider's adapter takes and another's refuses", async () => {
    const { host, url } = await hostServing({ '/notes.txt': { body: 'alpha', headers: { 'content-type': 'text/plain' } } }, { provider: 'openai-chat' });
    const tool = host.fetchReferenceTool(keeper());
    for (const answer of [
      await tool.call({ refId: offered(host, resourceLink({ uri: url('/notes.txt'), name: 'notes.txt' })) }),
      await tool.call({ refId: 'nope' }),
    ]) {
      expect(answer.provider).toBe('openai-chat');
      expect(toOpenAIChat(answer, { toolCallId: 'c' })[0].content).toBe(answer.stored);
      expect(() => toAnthropic(answer)).toThrow(TypeError);
    }
  });

  it('fetches an image: it goes natively in the live copy, a placeholder in the stored one', async () => {
    const { host, url } = await hostServing({ '/pic.png': { body: PNG_BYTES, headers: { 'content-type': 'image/png' } } });
    const refId = offered(host, resourceLink({ uri: url('/pic.png'), name: 'pic.png', mimeType: 'image/png' }));
    const answer = await host.fetchReferenceTool(keeper()).call({ refId });
    expect(answer.isError).toBe(false);
    expect(answer.live.kind).toBe('native');
    const blocks = answer.live.kind === 'native' ? answer.live.blocks : [];
    expect(blocks.map((block) => block.type)).toEqual(['text', 'image']);
    expect(blocks[1]).toMatchObject({ type: 'image', data: PNG_BYTES.toString('base64'), mimeType: 'image/png' });
    expect(longestBase64Run(answer.stored)).toBeLessThan(40);
  });

  it("fetched content gets the host's checks: an image past the host's image budget is a marker, never sent", async () => {
    const { host, url } = await hostServing({ '/pic.png': { body: PNG_BYTES, headers: { 'content-type': 'image/png' } } }, { maxImageBytes: 8 });
    const refId = offered(host, resourceLink({ uri: url('/pic.png'), name: 'pic.png' }));
    const answer = await host.fetchReferenceTool(keeper()).call({ refId });
    expect(answer.live.kind).toBe('text');
    expect(answer.blocks.map((block) => block.kind)).toEqual(['text', 'marker']);
    expect(answer.stored).toContain('[Image not shown:');
  });

  it('fetches binary content that is neither text nor an image as a marker naming its type and size, never its bytes', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0xa7)]);
    const { host, url } = await hostServing({ '/doc.pdf': { body: pdf, headers: { 'content-type': 'application/pdf' } } });
    const refId = offered(host, resourceLink({ uri: url('/doc.pdf'), name: 'doc.pdf' }));
    const answer = await host.fetchReferenceTool(keeper()).call({ refId });
    expect(answer.isError).toBe(false);
    expect(answer.stored.split('\n')[1]).toBe(embeddedBlobMarker('application/pdf', pdf.byteLength));
    expect(longestBase64Run(answer.stored)).toBeLessThan(40);
  });

  it("fetches a PDF natively where the host's profile takes documents (Anthropic), within the same checks", async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'ascii');
    const { host, url } = await hostServing({ '/doc.pdf': { body: pdf, headers: { 'content-type': 'application/pdf' } } }, { provider: 'anthropic' });
    const refId = offered(host, resourceLink({ uri: url('/doc.pdf'), name: 'doc.pdf' }));
    const answer = await host.fetchReferenceTool(keeper()).call({ refId });
    expect(answer.live.kind === 'native' && answer.live.blocks.map((block) => block.type)).toEqual(['text', 'document']);
    expect(answer.stored).not.toContain(url('/doc.pdf'));
  });

  it("answers an id this host never issued in the fetcher's words, and echoes only an id of its own form", async () => {
    const tool = quietHost().fetchReferenceTool(keeper());
    const issued = await tool.call({ refId: 'ref-AAAAAAAAAAAAAAAA' });
    expect(issued.isError).toBe(true);
    expect(issued.stored).toBe(`[ref-AAAAAAAAAAAAAAAA] ${FETCH_FAILURE_WORDS['unknown-reference']}.`);
    const other = await tool.call({ refId: 'https://secret.example/?token=abc' });
    expect(other.stored).toBe(`[not a reference id] ${FETCH_FAILURE_WORDS['unknown-reference']}.`);
  });

  it('answers an evicted id as unknown', async () => {
    const host = quietHost({ registry: createRegistry({ capacity: 1 }) });
    host.setServerAddress(SERVER, 'https://files.example');
    const first = offered(host, resourceLink({ uri: 'https://files.example/1' }));
    offered(host, resourceLink({ uri: 'https://files.example/2' }));
    const answer = await host.fetchReferenceTool(keeper()).call({ refId: first });
    expect(answer.stored).toBe(`[${first}] ${FETCH_FAILURE_WORDS['unknown-reference']}.`);
  });

  /** Each dial refusal: how the host and the reference are set up to meet it. */
  const dialCases: Record<
    DialRefusal,
    { address?: string | null; uri?: string; block?: Record<string, unknown>; serverId?: string | null; maxBytes?: number }
  > = {
    'no-server': { serverId: null },
    'unknown-server': { serverId: 'nobody' },
    'no-address': { address: null },
    'bad-server-url': { address: 'not a url' },
    'bad-uri': { uri: 'https://[files' },
    login: { uri: 'https://alice:hunter2@files.example/a' },
    scheme: { uri: 'ftp://files.example/a' },
    'off-origin': { uri: 'https://elsewhere.example/a' },
    expired: { block: referenceBlock({ uri: 'https://files.example/a', expiresAt: '2001-01-01T00:00:00Z' }) },
    'over-ceiling': { block: resourceLink({ uri: 'https://files.example/a', size: 5000 }), maxBytes: 100 },
  };
  it.each(Object.entries(dialCases))("dial refusal > %s: the stub ending in the dial check's own clause, undialed", async (code, setup) => {
    const host = quietHost();
    if (setup.serverId !== null) host.setServerAddress(setup.serverId ?? SERVER, setup.address === undefined ? 'https://files.example' : setup.address);
    const block = setup.block ?? resourceLink({ uri: setup.uri ?? 'https://files.example/a', name: 'a' });
    // Registered directly: a stub for some of these would already say why, and the tool must too.
    const record = host.registry.register(testimonyOf(block), setup.serverId === null ? undefined : SERVER);
    const calls: string[] = [];
    const fetchSpy: typeof fetch = async (input) => (calls.push(String(input)), new Response('x'));
    const answer = await host
      .fetchReferenceTool({ ...keeper(), fetch: fetchSpy, ...(setup.maxBytes === undefined ? {} : { maxBytes: setup.maxBytes }) })
      .call({ refId: record.refId });
    expect(answer.isError).toBe(true);
    expect(answer.stored.startsWith(`[${record.refId}] `)).toBe(true);
    expect(answer.stored.endsWith(` — ${DIAL_REFUSAL_CLAUSES[code as DialRefusal]}`)).toBe(true);
    expect(calls).toEqual([]);
  });

  it("wrong server: a tool bound to one server refuses another server's reference in the fetcher's words", async () => {
    const { host, url } = await hostServing({ '/a.txt': { body: 'alpha' } });
    const refId = offered(host, resourceLink({ uri: url('/a.txt') }));
    const answer = await host.fetchReferenceTool({ ...keeper(), fromServer: 'other' }).call({ refId });
    expect(answer.isError).toBe(true);
    expect(answer.stored.endsWith(` — ${FETCH_FAILURE_WORDS['wrong-server']}`)).toBe(true);
  });

  const body = 'the content';
  const fetchFailures: [FetchFailure, Answer, Record<string, unknown>][] = [
    ['http-status', { status: 404, body: 'gone' }, {}],
    ['too-large', { body: 'x'.repeat(500) }, { maxBytes: 100 }],
    ['digest-mismatch', { body }, { digest: digestOf(Buffer.from('other content')) }],
  ];
  it.each(fetchFailures)("fetch failure > %s: the stub ending in the fetcher's words, nothing saved", async (code, answer, extra) => {
    const { host, url } = await hostServing({ '/c': answer });
    const digest = extra.digest as string | undefined;
    const block = digest === undefined ? resourceLink({ uri: url('/c'), name: 'c' }) : referenceBlock({ uri: url('/c'), name: 'c', digest });
    const refId = offered(host, block);
    const { save, saved } = keeper();
    const result = await host.fetchReferenceTool({ save, ...(extra.maxBytes === undefined ? {} : { maxBytes: extra.maxBytes as number }) }).call({ refId });
    expect(result.isError).toBe(true);
    expect(result.stored.startsWith(`[${refId}] c — `)).toBe(true);
    expect(result.stored).toContain(FETCH_FAILURE_WORDS[code]);
    expect(saved).toEqual([]);
  });

  it('fetch failure > bad-options: a tool made without a usable save refuses before dialing', async () => {
    const { host, fixture, url } = await hostServing({ '/c': { body } });
    const refId = offered(host, resourceLink({ uri: url('/c') }));
    const answer = await host.fetchReferenceTool({ save: 'not a function' } as never).call({ refId });
    expect(answer.isError).toBe(true);
    expect(answer.stored).toContain(FETCH_FAILURE_WORDS['bad-options'].slice(0, 60));
    expect(fixture.seen).toEqual([]);
  });

  it('fetch failure > save-failed and network: a save or a fetch that throws is an answer, never a rejection', async () => {
    const { host, url } = await hostServing({ '/c': { body } });
    const refId = offered(host, resourceLink({ uri: url('/c') }));
    const throwingSave = await host
      .fetchReferenceTool({
        save: () => {
          throw new Error('disk full');
        },
      })
      .call({ refId });
    expect(throwingSave.stored).toContain(FETCH_FAILURE_WORDS['save-failed']);
    const throwingFetch = await host.fetchReferenceTool({ ...keeper(), fetch: () => Promise.reject(new TypeError('socket hang up')) }).call({ refId });
    expect(throwingFetch.stored).toContain(FETCH_FAILURE_WORDS.network);
    expect(throwingFetch.stored).not.toContain('socket hang up');
  });
});

function testimonyOf(block: Record<string, unknown>) {
  const reading = classifyReference(block);
  if (reading.kind !== 'reference') throw new Error(`not a reference: ${reading.kind}`);
  return reading.testimony;
}

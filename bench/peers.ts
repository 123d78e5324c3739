/**
 * `npm run bench:peers`: blockwise beside the conversions a host would use instead, on one MCP
 * tool result each round, measured side by side in one process (medians, interleaved order,
 * every converter warmed alike, each timed after an event-loop turn and again back to back: `measure`).
 * Each peer is reached through its public path, with an in-memory MCP client or server standing
 * in for the network, so what is timed is the peer's own handling of one result:
 * - AI SDK (`@ai-sdk/mcp`): `createMCPClient` over an in-memory transport, `client.tools()`, and
 *   the tool's `toModelOutput({ output })` — what `generateText` sends the model for that result.
 * - OpenAI Agents JS (`@openai/agents-core`): `mcpToFunctionTool` over an in-memory `MCPServer`,
 *   the tool's `invoke`, then the runner's `getToolCallOutputItem` (internal: the nearest path to
 *   what the model is sent; the runner calls it on every tool output).
 * - LangChain (`@langchain/mcp-adapters`): `loadMcpTools` over an in-memory client, and the
 *   tool's `invoke` with a tool call: the `ToolMessage` an agent appends.
 * - blockwise: `host.renderToolResult` on a host made once (as each peer's client and tool are),
 *   both copies (stored and live), for the MCP profile: one call, with no MCP round trip of its
 *   own (a host calls it on the result its client answered). OpenAI Agents' and LangChain's
 *   figures include their in-memory round trips and their tool-call machinery (LangChain's
 *   `invoke` costs most of its figure on any result); the AI SDK's is its `toModelOutput` alone
 *   (its tool's `execute`, the client's round trip and result parsing, isn't timed).
 * Every round's links name uris never seen before (built before the round, outside the timing),
 * as a host's results do: blockwise registers each link, and a uri its registry already holds
 * costs it less than a new one (no new id, its record kept), which a result repeated round after
 * round would measure instead. The peers keep no state per uri, so this changes nothing for them.
 * For the small result it also prints what each puts before the model: the characters of text,
 * how many images go natively, whether the image's base64 appears anywhere but a native image,
 * and whether the presigned link's signature does.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { mcpToFunctionTool, RunContext, type MCPServer } from '@openai/agents-core';
import { loadMcpTools } from '@langchain/mcp-adapters';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
// The built library, as a host runs it (npm run bench:peers builds first).
import { createHost } from '../dist/index.js';
import { makePng } from '../test/support/images.js';
import { listingRecords } from './records.js';

type Result = { content: Record<string, unknown>[]; structuredContent?: unknown; isError?: boolean };

/**
 * Conversions each converter makes back to back in a round: the first and the last are timed
 * apart (see `measure`).
 */
const RUN = 2;
const TOOL = { name: 'bench_tool', description: 'a tool', inputSchema: { type: 'object' as const, properties: {} } };
const SIGNATURE = `X-Amz-Signature=${'ab'.repeat(32)}`;
const presigned = (path: string) =>
  `https://bucket.s3.amazonaws.com/${path}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAEXAMPLE%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20260101T000000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&${SIGNATURE}`;

/** (1) A small mixed result: a text, a small PNG, a presigned link, an embedded text resource; `round` makes its link's and resource's uris new. */
const smallImage = makePng(32, 32, 7).toString('base64');
const smallResult = (round: number): Result => ({
  content: [
    { type: 'text', text: 'Exported the report; the chart and the download follow.' },
    { type: 'image', mimeType: 'image/png', data: smallImage },
    { type: 'resource_link', name: 'report.csv', mimeType: 'text/csv', uri: presigned(`exports/r${round}/report.csv`) },
    { type: 'resource', resource: { uri: `file:///reports/r${round}/summary.txt`, mimeType: 'text/plain', text: 'Rows: 1200. Columns: 14.' } },
  ],
});
const small = smallResult(0);

/** (2) 1,000 blocks: 750 texts and 250 links, every eighth presigned; `round` makes every uri new. */
const manyBlocks = (round: number): Result => ({
  content: Array.from({ length: 1000 }, (_, i) =>
    i % 4 === 3
      ? {
          type: 'resource_link',
          name: `file-${i}.csv`,
          mimeType: 'text/csv',
          uri: i % 8 === 7 ? presigned(`exports/r${round}/file-${i}.csv`) : `https://example.com/exports/r${round}/file-${i}.csv?page=${i}`,
        }
      : { type: 'text', text: `Line ${i}: ${'some tool output text '.repeat(4)}` },
  ),
});

/**
 * (3) A 4.5 MB JSON text: 10,000 records in one text block, as most servers send data. Two
 * copies (equal, but each its own string), taken in turn, so the conversion timed never reads
 * the very text its converter read just before (see `measure`).
 */
const records = listingRecords(10_000);
const jsonTexts: Result[] = [0, 1].map(() => ({ content: [{ type: 'text', text: JSON.stringify({ records }) }] }));

/** (4) 20 whole PNGs of about 200 KB each; two sets of different images, taken in turn as (3)'s. */
const imageSets: Result[] = [0, 20].map((seed) => ({
  content: Array.from({ length: 20 }, (_, i) => ({ type: 'image', mimeType: 'image/png', data: makePng(256, 200, seed + i + 1).toString('base64') })),
}));

/** What a peer puts before the model for one result, for the context columns. */
interface Context {
  /** Text the model reads. */
  readonly text: string;
  /** Images sent natively (their base64 is an image, not text). */
  readonly nativeImages: number;
  /** Everything sent but native image payloads, serialized: where base64 or a signature would show. */
  readonly exposed: string;
}

/** A converter: one result in, what goes to the model out. */
type Convert = (result: Result) => Promise<unknown> | unknown;

/** The AI SDK: its MCP client over an in-memory transport, and the tool's `toModelOutput`. */
async function aiSdk(): Promise<{ convert: Convert; context: (output: unknown) => Context }> {
  const transport = {
    onmessage: undefined as ((message: unknown) => void) | undefined,
    onclose: undefined as (() => void) | undefined,
    onerror: undefined as ((error: Error) => void) | undefined,
    async start() {},
    async close() {},
    async send(message: { id?: string | number; method?: string }) {
      if (message.id === undefined) return;
      const result =
        message.method === 'initialize'
          ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'bench', version: '1' } }
          : message.method === 'tools/list'
            ? { tools: [TOOL] }
            : {};
      queueMicrotask(() => transport.onmessage?.({ jsonrpc: '2.0', id: message.id, result }));
    },
  };
  const client = await createMCPClient({ transport: transport });
  const tools = await client.tools();
  const tool = tools[TOOL.name] as unknown as { toModelOutput: (args: { output: unknown }) => unknown };
  return {
    convert: (result) => tool.toModelOutput({ output: result }),
    context: (output) => {
      const { type, value } = output as { type: string; value: unknown };
      if (type !== 'content') return { text: JSON.stringify(value), nativeImages: 0, exposed: JSON.stringify(value) };
      const parts = value as { type: string; text?: string; data?: string }[];
      const text = parts.flatMap((part) => (part.type === 'text' ? [part.text!] : [])).join('\n');
      return {
        text,
        nativeImages: parts.filter((part) => part.type === 'image-data').length,
        exposed: JSON.stringify(parts.filter((part) => part.type !== 'image-data')),
      };
    },
  };
}

/** OpenAI Agents: `mcpToFunctionTool` over an in-memory server, then the runner's output item. */
async function openAiAgents(): Promise<{ convert: Convert; context: (output: unknown) => Context }> {
  // The runner's own conversion of a tool's output, not exported: loaded from its file.
  const entry = createRequire(import.meta.url).resolve('@openai/agents-core');
  const { getToolCallOutputItem } = (await import(pathToFileURL(join(dirname(entry), 'runner', 'toolExecution.mjs')).href)) as {
    getToolCallOutputItem: (call: { name: string; callId: string }, output: unknown) => { output: unknown };
  };
  let next: Result = { content: [] };
  const server = {
    name: 'bench',
    cacheToolsList: false,
    async connect() {},
    async close() {},
    async listTools() {
      return [TOOL];
    },
    async callTool() {
      return next.content;
    },
    async invalidateToolsCache() {},
  } as unknown as MCPServer;
  const tool = mcpToFunctionTool(TOOL as never, server, false) as unknown as { invoke: (context: RunContext, input: string) => Promise<unknown> };
  const runContext = new RunContext();
  return {
    convert: async (result) => {
      next = result;
      return getToolCallOutputItem({ name: TOOL.name, callId: 'call_1' }, await tool.invoke(runContext, '{}'));
    },
    context: (item) => {
      const output = (item as { output: unknown }).output;
      const parts = (Array.isArray(output) ? output : [output]) as { type: string; text?: string; image?: unknown }[];
      const text = parts.flatMap((part) => (typeof part.text === 'string' ? [part.text] : [])).join('\n');
      const native = parts.filter((part) => part.type === 'input_image');
      return { text, nativeImages: native.length, exposed: JSON.stringify(parts.filter((part) => part.type !== 'input_image')) };
    },
  };
}

/** LangChain: `loadMcpTools` over an in-memory client, and the tool invoked with a tool call. */
async function langChain(): Promise<{ convert: Convert; context: (output: unknown) => Context }> {
  let next: Result = { content: [] };
  const client = {
    async listTools() {
      return { tools: [structuredClone(TOOL)] };
    },
    async callTool() {
      return next;
    },
    async readResource() {
      return { contents: [] };
    },
  };
  const [tool] = await loadMcpTools('bench', client as never);
  return {
    convert: async (result): Promise<unknown> => {
      next = result;
      return tool!.invoke({ id: 'call_1', name: TOOL.name, args: {}, type: 'tool_call' });
    },
    context: (message) => {
      const content = (message as { content: unknown }).content;
      if (typeof content === 'string') return { text: content, nativeImages: 0, exposed: content };
      const parts = content as { type: string; text?: string }[];
      const text = parts.flatMap((part) => (typeof part.text === 'string' ? [part.text] : [])).join('\n');
      const native = parts.filter((part) => part.type === 'image_url');
      return { text, nativeImages: native.length, exposed: JSON.stringify(parts.filter((part) => part.type !== 'image_url')) };
    },
  };
}

/** blockwise: the tool-result lane, both copies; the live copy is what the model reads. */
function blockwise(): { convert: Convert; context: (output: unknown) => Context } {
  const host = createHost({ log: () => {}, cap: 24_000 });
  return {
    convert: (result) => host.renderToolResult(result, { serverId: 'bench', toolName: TOOL.name }),
    context: (rendered) => {
      const { live } = rendered as ReturnType<typeof host.renderToolResult>;
      if (live.kind === 'text') return { text: live.text, nativeImages: 0, exposed: live.text };
      const text = live.blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
      return { text, nativeImages: live.blocks.filter((block) => block.type === 'image').length, exposed: text };
    },
  };
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same orders on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in a random order (Fisher–Yates), drawn from `random`. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const peers = {
  blockwise: blockwise(),
  'AI SDK': await aiSdk(),
  'OpenAI Agents': await openAiAgents(),
  LangChain: await langChain(),
};
type PeerName = keyof typeof peers;
const names = Object.keys(peers) as PeerName[];

/**
 * Resolves once every microtask and immediate queued so far has run. (No peer leaves a timer or
 * other handle behind, checked with `process.getActiveResourcesInfo()`; a timer here would
 * sleep a millisecond, long enough for other processes to take the core and its caches.)
 */
function settled(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Median milliseconds per result for each peer, timed two ways (see `measure`). */
interface Medians {
  /** The first conversion of its turn, after the event loop has turned: as a host renders a result it has just received. */
  readonly first: Record<PeerName, number>;
  /** The second of two conversions back to back: the converter's code and its own data already in the CPU's caches. */
  readonly again: Record<PeerName, number>;
}

/**
 * Median milliseconds per result for each peer, interleaved round by round, each round in an
 * order of its own (a seeded shuffle), after `warmup` rounds run alike for all and thrown away:
 * V8 optimizes a function only after many calls, and blockwise's render path, more code than a
 * peer's, runs several times slower for its first few thousand small results than after
 * (measured: 0.09 ms over renders 10–2,010 of the small result, 0.02 ms past 4,000).
 * In a round each peer, its turn come, first waits until whatever was queued before has run
 * (microtasks and immediates: a peer's leftover work is never billed to the next), then
 * converts `RUN` results back to back; the first and the last are timed apart. The first is what
 * a host pays for a result it has just received, after an event-loop turn and other code; the
 * last runs on caches its converter's own first conversion warmed, and every converter is
 * faster so (blockwise most, having the most code: measured 1.9× against the peers' 1.2–1.6×
 * on the small result), so it is printed beside the first, never in place of it. Every
 * conversion gets a result of its own (`resultFor`, made before the round, once per converter):
 * no uri repeats, the last conversion never reads data its converter's first has just brought
 * into cache, and no converter reads strings another has read before it (see `delivered`).
 */
async function measure(resultFor: (index: number) => Result, rounds: number, warmup: number): Promise<Medians> {
  const first = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<PeerName, number[]>;
  const again = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<PeerName, number[]>;
  const random = seeded(15);
  for (let round = 0; round < rounds + warmup; round += 1) {
    // Indexes start past 0, so no round repeats `small`'s uri (rendered once more for the context table).
    const results = Object.fromEntries(names.map((name) => [name, Array.from({ length: RUN }, (_, k) => resultFor(round * RUN + k + 1))])) as Record<
      PeerName,
      Result[]
    >;
    for (const name of shuffled(names, random)) {
      await settled();
      for (let k = 0; k < RUN; k += 1) {
        const started = performance.now();
        await peers[name].convert(results[name][k]!);
        const elapsed = performance.now() - started;
        if (round >= warmup && k === 0) first[name].push(elapsed);
        if (round >= warmup && k === RUN - 1) again[name].push(elapsed);
      }
    }
  }
  const medians = (times: Record<PeerName, number[]>) => Object.fromEntries(names.map((name) => [name, median(times[name])])) as Record<PeerName, number>;
  return { first: medians(first), again: medians(again) };
}

/**
 * A result as an MCP client delivers it: parsed from the JSON the server sent, its strings flat.
 * A string built by concatenation (these results' template literals) is flattened in place by
 * whatever first reads it whole; were the converters handed one object, the first to read it
 * would pay for all, and the converters read different amounts of it.
 */
function delivered(result: Result): Result {
  return JSON.parse(JSON.stringify(result)) as Result;
}

/** Each input: its label, its results, the rounds measured and the warm-up rounds before them. */
const inputs: [string, (index: number) => Result, number, number][] = [
  ['small mixed result, presigned link', (index) => delivered(smallResult(index)), Number(process.env.BENCH_ROUNDS ?? 2000), 2000],
  ['1,000 blocks, 250 links', (index) => delivered(manyBlocks(index)), Number(process.env.BENCH_ROUNDS ?? 300), 100],
  ['4.5 MB JSON text', (index) => jsonTexts[index % 2]!, Number(process.env.BENCH_ROUNDS ?? 60), 10],
  ['20 images of 200 KB', (index) => imageSets[index % 2]!, Number(process.env.BENCH_ROUNDS ?? 200), 20],
];
const measured: [string, Medians][] = [];
for (const [label, result, rounds, warmup] of inputs) measured.push([label, await measure(result, rounds, warmup)]);
for (const [title, which] of [
  ['The first conversion of a turn (after an event-loop turn and other code, as a host renders a result)', 'first'],
  ['The second of two back to back (its caches warmed by its own first)', 'again'],
] as const) {
  console.log(`\n${title}:`);
  console.log(`| input | ${names.map((name) => `${name} ms`).join(' | ')} | blockwise ÷ OpenAI Agents | blockwise ÷ LangChain | blockwise ÷ AI SDK |`);
  console.log(`|---|${names.map(() => '---:').join('|')}|---:|---:|---:|`);
  for (const [label, medians] of measured) {
    const ms = medians[which];
    const ratio = (peer: PeerName) => `${Number((ms.blockwise / ms[peer]).toPrecision(2))}×`;
    console.log(
      `| ${label} | ${names.map((name) => ms[name].toFixed(3)).join(' | ')} | ${ratio('OpenAI Agents')} | ${ratio('LangChain')} | ${ratio('AI SDK')} |`,
    );
  }
}

console.log('\nWhat each puts before the model for the small result:');
console.log('| converter | characters of text | images sent natively | base64 as text | presigned signature |');
console.log('|---|---:|---:|---|---|');
for (const name of names) {
  const context = peers[name].context(await peers[name].convert(small));
  const base64 = context.exposed.includes(smallImage.slice(0, 48));
  const signature = context.exposed.includes(SIGNATURE);
  console.log(`| ${name} | ${context.text.length} | ${context.nativeImages} | ${base64 ? 'yes' : 'no'} | ${signature ? 'yes' : 'no'} |`);
}

/**
 * A host loop you can run: no network, no API key. It starts server-everything over stdio,
 * connects the MCP SDK's client through `withBlockwise`, calls every tool it can (arguments from
 * examples/server-everything-calls.json, `{}` for tools that need none), renders each result
 * under every provider profile, and prints what each provider's request would carry. Where a
 * result offers references, the `fetch_reference` tool answers for them as the model would see.
 *
 *   npx tsx examples/host/main.ts        (npm run example:host)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createHost, toAnthropicTool, toGeminiTool, toOpenAIChatTool, toOpenAIResponsesTool, withBlockwise, type Host } from '../../src/index.js';
import { describeRequest, PROVIDERS, type Provider } from './describe.js';

const SERVER_ID = 'everything';
const CALL_TIMEOUT_MS = 15_000;
/** How much of each history copy is printed. */
const MODEL_LINES = 3;
const LINE_CHARS = 150;

/** The argument sets to call each tool with, by tool name. */
const ARGUMENT_SETS = JSON.parse(readFileSync(new URL('../server-everything-calls.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, unknown>[]
>;

async function main(): Promise<void> {
  const serverEntry = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  // The server gets the SDK's default environment only (HOME, PATH, …): its get-env tool prints
  // what it was given, and none of this process's secrets is among it.
  const transport = new StdioClientTransport({ command: process.execPath, args: [serverEntry, 'stdio'], env: getDefaultEnvironment(), stderr: 'ignore' });
  const client = new Client({ name: 'blockwise-example-host', version: '1.0.0' });
  await client.connect(transport);
  try {
    // One host per provider profile; each records the server's address (none: stdio) as it wraps.
    const hosts = Object.fromEntries(PROVIDERS.map((provider) => [provider, createHost({ provider, log: () => {} })])) as Record<Provider, Host>;
    const servers = PROVIDERS.map((provider) => withBlockwise(client, hosts[provider], { serverId: SERVER_ID }));
    const fetchTool = hosts.mcp.fetchReferenceTool({ save: () => 'unused: nothing over stdio is fetchable' });

    const toolShapes = [
      toAnthropicTool(fetchTool).name,
      toOpenAIResponsesTool(fetchTool).name,
      toOpenAIChatTool(fetchTool).function.name,
      toGeminiTool(fetchTool).name,
    ];
    console.log(`server: ${SERVER_ID} over stdio (no address); providers: ${PROVIDERS.join(', ')}`);
    console.log(`tool offered to the model: ${fetchTool.name} (as each provider's tool definition: ${toolShapes.length} shapes)`);

    const { tools } = await client.listTools();
    let calls = 0;
    for (const tool of tools) {
      if (tool.execution?.taskSupport === 'required') {
        console.log(`\n── ${tool.name}: skipped (it runs only as a task)`);
        continue;
      }
      const required = (tool.inputSchema.required ?? []).length;
      const argumentSets = ARGUMENT_SETS[tool.name] ?? (required === 0 ? [{}] : []);
      if (argumentSets.length === 0) console.log(`\n── ${tool.name}: skipped (it needs arguments this example doesn't make up)`);
      for (const args of argumentSets) {
        calls += 1;
        console.log(`\n── ${tool.name} ${JSON.stringify(args)}`);
        let first;
        try {
          first = await servers[0]!.callTool({ name: tool.name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS });
        } catch (error) {
          console.log(`   failed: ${error instanceof Error ? error.message.split('\n')[0] : 'the call failed'}`);
          continue;
        }
        // What the model reads of it (the history copy): references as stubs or link lines, never base64.
        for (const line of first.rendered.stored.split('\n').slice(0, MODEL_LINES))
          console.log(`   │ ${line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line}`);
        // The same raw result under every profile; each host renders it for its own provider.
        for (const provider of PROVIDERS) {
          const rendered = provider === 'mcp' ? first.rendered : hosts[provider].renderToolResult(first.result, { serverId: SERVER_ID, toolName: tool.name });
          console.log(`   ${provider.padEnd(17)} ${describeRequest(provider, rendered, tool.name)}`);
        }
        for (const match of first.rendered.stored.matchAll(/\[(ref-[A-Za-z0-9_-]{16})\]/g)) {
          const answer = await fetchTool.call({ refId: match[1] });
          console.log(`   fetch_reference ${match[1]} → ${answer.isError ? 'refused' : 'fetched'}: ${answer.stored.split('\n')[0]}`);
        }
      }
    }
    console.log(`\ndone: ${calls} calls rendered for ${PROVIDERS.length} providers`);
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(`example host failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

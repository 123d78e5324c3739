/**
 * An MCP Apps example server, started for real (`@modelcontextprotocol/server-budget-allocator`,
 * a pinned dev dependency, over stdio): its tool's result and its app view, embedded in a result
 * as a host might pass it on, render without the app's source.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { appMarker } from '../../src/text/markers.js';

// Its package exports only the server module; the stdio entry is its `bin`.
const serverEntry = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-budget-allocator/dist/index.js', import.meta.url));

describe('an MCP Apps server (budget allocator, started over stdio)', () => {
  const client = new Client({ name: 'blockwise-test', version: '0' });
  let tool: { name: string; _meta?: Record<string, unknown> };
  let view: { uri: string; mimeType?: string; text?: string };

  beforeAll(async () => {
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [serverEntry, '--stdio'], stderr: 'ignore' }));
    tool = (await client.listTools()).tools[0] as typeof tool;
    const ui = (tool!._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
    const read = await client.readResource({ uri: ui! });
    view = read.contents[0] as typeof view;
  }, 30_000);

  afterAll(async () => {
    await client.close();
  });

  it('serves an app view of many kilobytes', () => {
    expect(view.uri.startsWith('ui://')).toBe(true);
    expect(view.text!.length).toBeGreaterThan(50_000);
  });

  it('the view embedded in a result is one marker naming the app, and the link after it survives', () => {
    const link = { type: 'resource_link', uri: 'https://files.example.com/budget.csv', name: 'budget.csv' };
    const rendered = createHost({ log: () => undefined }).renderToolResult({ content: [{ type: 'resource', resource: view }, link] });
    expect(rendered.stored.startsWith(appMarker(view.uri))).toBe(true);
    expect(rendered.stored).toContain('budget.csv');
    expect(rendered.stored).not.toContain('<script');
    expect(rendered.stored.length).toBeLessThan(400);
  });

  it("the tool's own result shows its words, and the structured value isn't shown a second time", async () => {
    const result = await client.callTool({ name: tool.name, arguments: {} });
    const rendered = createHost({ log: () => undefined }).renderToolResult(result);
    const text = (result.content as { text: string }[])[0]!.text;
    expect(rendered.stored).toBe(text);
  });
});

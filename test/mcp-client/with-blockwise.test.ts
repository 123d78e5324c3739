import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../../src/host.js';
import { withBlockwise } from '../../src/mcp-client/with-blockwise.js';
import { transportAddress } from '../../src/mcp-client/transport-address.js';
import { DIAL_REFUSAL_CLAUSES } from '../../src/references/dial-check.js';
import { FETCHABLE_ENDING } from '../../src/references/stub.js';
import type { SaveRequest } from '../../src/references/fetcher.js';
import { longestBase64Run, PNG_BYTES } from '../support/factories.js';
import { FILES, httpClient, httpFixture, inMemoryPair, type HttpFixture } from '../support/mcp-fixture.js';
import { closeOrigins, serveFixture } from '../support/loopback.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await closeOrigins();
});

const REF_IDS = /\[(ref-[A-Za-z0-9_-]{16})\]/g;

function quietHost(): Host {
  return createHost({ log: () => {} });
}

function saver(): { saved: SaveRequest[]; save: (request: SaveRequest) => string } {
  const saved: SaveRequest[] = [];
  return { saved, save: (request) => (saved.push(request), `/saved/${request.name}`) };
}

async function started(): Promise<HttpFixture> {
  const fixture = await httpFixture();
  cleanups.push(() => fixture.close());
  return fixture;
}

describe(withBlockwise.name, () => {
  it("over Streamable HTTP: records the transport's url, so the links a result offers are fetchable from that origin, with the credential given", async () => {
    const fixture = await started();
    const client = await httpClient(fixture, 'mcp-token-123');
    cleanups.push(() => client.close());
    const host = quietHost();
    const files = withBlockwise(client, host, { serverId: 'fixture', credential: 'mcp-token-123' });

    const { result, rendered } = await files.callTool({ name: 'links', arguments: {} });
    expect(result.content).toHaveLength(3);
    const stubs = rendered.stored.split('\n').filter((line) => line.startsWith('[ref-'));
    expect(stubs).toHaveLength(2);
    for (const stub of stubs) expect(stub.endsWith(` — from server "fixture" — ${FETCHABLE_ENDING}`)).toBe(true);
    expect(rendered.stored).not.toContain(fixture.origin);

    const { save, saved } = saver();
    const tool = host.fetchReferenceTool({ save });
    const ids = [...rendered.stored.matchAll(REF_IDS)].map((match) => match[1]!);
    const answers = await Promise.all(ids.map((refId) => tool.call({ refId })));
    expect(answers.map((answer) => answer.isError)).toEqual([false, false]);
    expect(saved.map((request) => Buffer.from(request.bytes))).toEqual([FILES['/files/notes.txt']!.body, FILES['/files/pic.png']!.body]);
    expect(fixture.fileRequests.map((request) => request.authorization)).toEqual(['Bearer mcp-token-123', 'Bearer mcp-token-123']);
    expect(answers[0]!.stored).toContain('notes from the fixture');
  });

  it('over Streamable HTTP without a credential: fetches send none', async () => {
    const fixture = await started();
    const client = await httpClient(fixture);
    cleanups.push(() => client.close());
    const host = quietHost();
    const { rendered } = await withBlockwise(client, host, { serverId: 'fixture' }).callTool({ name: 'links', arguments: {} });
    const refId = [...rendered.stored.matchAll(REF_IDS)][0]![1]!;
    const answer = await host.fetchReferenceTool(saver()).call({ refId });
    expect(answer.isError).toBe(false);
    expect(fixture.fileRequests).toEqual([{ path: '/files/notes.txt', authorization: undefined }]);
  });

  it("names the server and the tool in the rendered result's origin (an inline image goes natively, never as text)", async () => {
    const host = quietHost();
    const seen: unknown[] = [];
    const spy = { ...host, renderToolResult: (result: unknown, origin?: unknown) => (seen.push(origin), host.renderToolResult(result, origin as never)) };
    const pair = await inMemoryPair(() => 'https://files.example');
    cleanups.push(pair.close);
    const { rendered } = await withBlockwise(pair.client, spy, { serverId: 'mem', cap: 5000 }).callTool({ name: 'picture', arguments: {} });
    expect(seen).toEqual([{ serverId: 'mem', cap: 5000, toolName: 'picture' }]);
    expect(rendered.live.kind).toBe('native');
    expect(rendered.live.kind === 'native' && rendered.live.blocks[0]).toMatchObject({ type: 'image', data: PNG_BYTES.toString('base64') });
    expect(longestBase64Run(rendered.stored)).toBeLessThan(40);
  });

  it('over a transport with no url (in-memory, as stdio): records no address, so no stub offers a fetch and nothing is dialed', async () => {
    const files = await serveFixture({});
    const host = quietHost();
    host.setServerAddress('mem', files.origin);
    const pair = await inMemoryPair(() => files.origin);
    cleanups.push(pair.close);
    const { rendered } = await withBlockwise(pair.client, host, { serverId: 'mem' }).callTool({ name: 'links', arguments: {} });
    // A link this host can't fetch, whose uri may be shown, is a link line rather than a stub.
    expect(rendered.stored.split('\n').slice(1)).toEqual([
      `[resource link "notes.txt": ${files.origin}/files/notes.txt, text/plain; not fetched]`,
      `[resource link "pic.png": ${files.origin}/files/pic.png, image/png; not fetched]`,
    ]);
    expect(rendered.stored).not.toContain(FETCHABLE_ENDING);
    const record = host.registry.getByUri(`${files.origin}/files/notes.txt`)!;
    const answer = await host.fetchReferenceTool(saver()).call({ refId: record.refId });
    expect(answer.stored.endsWith(DIAL_REFUSAL_CLAUSES['no-address'])).toBe(true);
    expect(files.seen).toEqual([]);
  });

  it("records the address the options give in place of the transport's, and references then fetch from it", async () => {
    const files = await serveFixture({ '/files/notes.txt': { body: "from the options' origin", headers: { 'content-type': 'text/plain' } } });
    const host = quietHost();
    const pair = await inMemoryPair(() => files.origin);
    cleanups.push(pair.close);
    const { rendered } = await withBlockwise(pair.client, host, { serverId: 'mem', address: files.origin, credential: 'tok' }).callTool({
      name: 'links',
      arguments: {},
    });
    const refId = [...rendered.stored.matchAll(REF_IDS)][0]![1]!;
    const answer = await host.fetchReferenceTool(saver()).call({ refId });
    expect(answer.stored).toContain("from the options' origin");
    expect(files.seen).toEqual([{ path: '/files/notes.txt', authorization: 'Bearer tok' }]);
  });

  it('records the address when wrapping a connected client, before any call', async () => {
    const fixture = await started();
    const client = await httpClient(fixture);
    cleanups.push(() => client.close());
    const recorded: unknown[] = [];
    const host = { ...quietHost(), setServerAddress: (...args: unknown[]) => void recorded.push(args) };
    withBlockwise(client, host, { serverId: 'fixture', credential: 'c' });
    expect(recorded).toEqual([['fixture', fixture.mcpUrl.href, { credential: 'c' }]]);
  });

  it('renders an error result as the host does, and passes arguments through', async () => {
    const pair = await inMemoryPair(() => 'https://files.example');
    cleanups.push(pair.close);
    const wrapped = withBlockwise(pair.client, quietHost(), { serverId: 'mem' });
    const failed = await wrapped.callTool({ name: 'fail', arguments: {} });
    expect(failed.rendered).toMatchObject({ isError: true, stored: 'it broke' });
    const echoed = await wrapped.callTool({ name: 'echo', arguments: { message: 'hello' } });
    expect(echoed.rendered.stored).toBe('hello');
  });

  it('refuses a server id that is not a non-empty string', () => {
    expect(() => withBlockwise(new Client({ name: 'x', version: '1' }), quietHost(), { serverId: '' })).toThrow(TypeError);
  });
});

describe(transportAddress.name, () => {
  it('reads no address from a transport that is not an HTTP one, nor from none', () => {
    expect(transportAddress(undefined)).toEqual({ kind: 'none' });
    expect(transportAddress({ _url: new URL('https://not.a.transport/') })).toEqual({ kind: 'none' });
  });
});

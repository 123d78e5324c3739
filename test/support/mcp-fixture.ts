/**
 * A real MCP server in-process, for the client wrappers' tests: the SDK's `McpServer` with tools
 * that answer links to files on a loopback origin, an image, and an error — reached over the
 * SDK's in-memory transport, or over Streamable HTTP on a loopback port whose origin also serves
 * the files (so its references are on its own origin, as the dial check asks).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { PNG_BYTES } from './factories.js';

/** The files every fixture serves, by path. */
export const FILES: Readonly<Record<string, { readonly body: Buffer; readonly type: string }>> = {
  '/files/notes.txt': { body: Buffer.from('notes from the fixture\n', 'utf8'), type: 'text/plain' },
  '/files/pic.png': { body: PNG_BYTES, type: 'image/png' },
};

/** An MCP server whose tools answer links to `filesOrigin`'s files. */
function fixtureServer(filesOrigin: () => string): McpServer {
  const server = new McpServer({ name: 'fixture', version: '1.0.0' });
  server.registerTool('links', { description: 'Links to two files.' }, async () => ({
    content: [
      { type: 'text', text: 'two files' },
      { type: 'resource_link', uri: `${filesOrigin()}/files/notes.txt`, name: 'notes.txt', mimeType: 'text/plain' },
      { type: 'resource_link', uri: `${filesOrigin()}/files/pic.png`, name: 'pic.png', mimeType: 'image/png' },
    ],
  }));
  server.registerTool('picture', { description: 'An inline image.' }, async () => ({
    content: [{ type: 'image', data: PNG_BYTES.toString('base64'), mimeType: 'image/png' }],
  }));
  server.registerTool('echo', { description: 'Echoes a message.', inputSchema: { message: z.string() } }, async ({ message }) => ({
    content: [{ type: 'text', text: message }],
  }));
  server.registerTool('fail', { description: 'Fails.' }, async () => ({ content: [{ type: 'text', text: 'it broke' }], isError: true }));
  return server;
}

/** A connected client over the in-memory transport, and how to close both ends. */
export async function inMemoryPair(filesOrigin: () => string): Promise<{ client: Client; close: () => Promise<void> }> {
  const server = fixtureServer(filesOrigin);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, close: async () => (await client.close(), await server.close()) };
}

/** A loopback origin serving MCP at `/mcp` (Streamable HTTP) and {@link FILES}, recording each files request's authorization. */
export interface HttpFixture {
  readonly origin: string;
  readonly mcpUrl: URL;
  readonly fileRequests: { readonly path: string; readonly authorization: string | undefined }[];
  close(): Promise<void>;
}

/** Starts an {@link HttpFixture}: one MCP session per client, each with its own server. */
export async function httpFixture(): Promise<HttpFixture> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const fileRequests: HttpFixture['fileRequests'] = [];
  let origin = '';
  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '';
    if (path.startsWith('/files/')) {
      fileRequests.push({ path, authorization: req.headers.authorization });
      const file = FILES[path];
      res.writeHead(file === undefined ? 404 : 200, { 'content-type': file?.type ?? 'text/plain' });
      res.end(file?.body ?? 'not here');
      return;
    }
    void handleMcp(req, res);
  });
  async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (transport === undefined) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, transport!),
      });
      await fixtureServer(() => origin).connect(transport);
    }
    await transport.handleRequest(req, res, body);
  }
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    origin,
    mcpUrl: new URL(`${origin}/mcp`),
    fileRequests,
    async close() {
      for (const transport of sessions.values()) await transport.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A client connected to `fixture` over Streamable HTTP, sending `token` as its bearer. */
export async function httpClient(fixture: HttpFixture, token?: string): Promise<Client> {
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  const requestInit = token === undefined ? {} : { requestInit: { headers: { authorization: `Bearer ${token}` } } };
  await client.connect(new StreamableHTTPClientTransport(fixture.mcpUrl, requestInit));
  return client;
}

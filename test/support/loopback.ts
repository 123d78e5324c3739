/**
 * A loopback HTTP origin for tests that fetch: it answers each path from a table, records what
 * it saw, and is closed after each test by {@link closeOrigins}.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One path's answer: a status, its headers and its body. */
export interface Answer {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: Uint8Array | string;
}

/** A running origin: its `http://127.0.0.1:<port>` and the requests it saw. */
export interface LoopbackOrigin {
  readonly origin: string;
  readonly seen: { readonly path: string; readonly authorization: string | undefined }[];
}

const servers: Server[] = [];

/** Starts an origin answering `paths` (any other path: 404). */
export async function serveFixture(paths: Readonly<Record<string, Answer>>): Promise<LoopbackOrigin> {
  const seen: LoopbackOrigin['seen'] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '';
    seen.push({ path, authorization: req.headers.authorization });
    const answer = Object.hasOwn(paths, path) ? paths[path]! : { status: 404, body: 'not here' };
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
    res.writeHead(answer.status ?? 200, { 'content-length': String(body.byteLength), ...answer.headers });
    res.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Closes every origin {@link serveFixture} started. */
export async function closeOrigins(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

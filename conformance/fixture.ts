/**
 * The loopback fixture one case runs against (RFC-005 vectors, NOTES "fetch"): an origin that
 * answers with the case's `response` and counts the requests it sees, and a second origin, the
 * redirect target, that records any `Authorization` it receives. The redirect target answers
 * every request with yet another redirect, so a host that follows more than one shows as a
 * second request there.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { VectorResponse } from './vectors.js';

/** One request an origin saw. */
interface SeenRequest {
  readonly method: string;
  readonly path: string;
  /** The `Authorization` header, if any was sent. */
  readonly authorization?: string;
}

/** What the fixture observed while a case ran. */
export interface FixtureLog {
  /** Requests the case's origin saw. */
  readonly requests: readonly SeenRequest[];
  /** Requests the redirect target saw. */
  readonly redirectRequests: readonly SeenRequest[];
  /** Responses the client closed before they ended. */
  readonly closedEarly: number;
  /** Responses that ended with every byte written. */
  readonly completed: number;
}

/** A running fixture. */
export interface Fixture {
  /** The case's origin: `$ORIGIN`. */
  readonly origin: string;
  /** The redirect target's origin. */
  readonly redirectOrigin: string;
  /** What both origins saw so far. */
  log(): FixtureLog;
  /** Waits until every response has ended or been closed (at most `timeoutMs`). */
  settle(timeoutMs?: number): Promise<void>;
  /** Stops both origins and drops their connections. */
  close(): Promise<void>;
}

/** Starts a fixture answering with `response` (no response: 404 to any request). */
export async function startFixture(response: VectorResponse | undefined): Promise<Fixture> {
  const requests: SeenRequest[] = [];
  const redirectRequests: SeenRequest[] = [];
  let closedEarly = 0;
  let completed = 0;
  let open = 0;
  const waiters = new Set<() => void>();

  const track = (res: ServerResponse): void => {
    open += 1;
    res.on('close', () => {
      if (res.writableFinished) completed += 1;
      else closedEarly += 1;
      open -= 1;
      if (open === 0) for (const wake of waiters) wake();
    });
  };
  const seen = (req: IncomingMessage): SeenRequest => ({
    method: req.method ?? '',
    path: req.url ?? '',
    ...(req.headers.authorization === undefined ? {} : { authorization: req.headers.authorization }),
  });

  let redirectOrigin = '';
  const target = createServer((req, res) => {
    redirectRequests.push(seen(req));
    track(res);
    res.writeHead(302, { location: `${redirectOrigin}/again`, 'content-length': '0' });
    res.end();
  });
  const origin = createServer((req, res) => {
    requests.push(seen(req));
    track(res);
    answer(res, response, redirectOrigin);
  });
  const servers = [origin, target];
  const originUrl = await listen(origin);
  redirectOrigin = await listen(target);

  return {
    origin: originUrl,
    redirectOrigin,
    log: () => ({ requests: [...requests], redirectRequests: [...redirectRequests], closedEarly, completed }),
    settle: (timeoutMs = 2000) =>
      new Promise<void>((resolve) => {
        if (open === 0) return resolve();
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiters.add(done);
      }),
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}

function answer(res: ServerResponse, response: VectorResponse | undefined, redirectOrigin: string): void {
  if (response === undefined) {
    res.writeHead(404, { 'content-length': '0' });
    res.end();
    return;
  }
  if (response.redirect === true) {
    res.writeHead(302, { location: `${redirectOrigin}/payload`, 'content-length': '0' });
    res.end();
    return;
  }
  const headers: Record<string, string> = {};
  if (response.contentType !== undefined) headers['content-type'] = response.contentType;
  if (response.stream !== undefined) {
    stream(res, headers, response.stream);
    return;
  }
  const identity = Buffer.from(response.bodyBase64 ?? '', 'base64');
  const wire = response.gzip === true ? gzipSync(identity) : identity;
  if (response.gzip === true) headers['content-encoding'] = 'gzip';
  headers['content-length'] = String(wire.byteLength);
  res.writeHead(200, headers);
  res.end(wire);
}

function stream(res: ServerResponse, headers: Record<string, string>, plan: NonNullable<VectorResponse['stream']>): void {
  res.writeHead(200, headers);
  let written = 0;
  const timer = setInterval(() => {
    if (res.destroyed) {
      clearInterval(timer);
      return;
    }
    res.write(Buffer.alloc(plan.chunkBytes, 0x61));
    written += 1;
    if (written >= plan.chunks) {
      clearInterval(timer);
      res.end();
    }
  }, plan.intervalMs);
  res.on('close', () => clearInterval(timer));
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

/**
 * The loopback redirect the authorization code comes back to (RFC 8252 §7.3): an HTTP listener
 * on 127.0.0.1 answering one path. It takes a code only with the `state` of the authorization
 * it is waiting for (RFC 6749 §10.12: no code injected by another page), and answers the browser
 * with one plain line.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_TEXT, CALLBACK_PAGE } from './messages.js';

/** The redirect's path. */
const CALLBACK_PATH = '/callback';

/** An authorization that ended without a code: the server's `error` (RFC 6749 §4.1.2.1) or a bound. */
export class AuthorizationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthorizationError';
  }
}

/** A running loopback redirect. */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback`. */
  readonly redirectUrl: string;
  /** Starts waiting for the authorization sent with `state`; a code for any other state is refused. */
  expect(state: string): void;
  /** True while an authorization is expected and not yet collected. */
  pending(): boolean;
  /** The code of the expected authorization, within `ms`; rejects on refusal, timeout or abort. */
  code(ms: number, signal?: AbortSignal): Promise<string>;
  close(): Promise<void>;
}

interface Expected {
  readonly state: string;
  readonly promise: Promise<string>;
  resolve(code: string): void;
  reject(error: Error): void;
}

/** Listens on 127.0.0.1 (on `port` when it is free, else any port). */
export async function startLoopbackRedirect(port = 0): Promise<LoopbackRedirect> {
  let expected: Expected | undefined;
  let bound = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const answer = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      res.end(`${text}\n`);
    };
    // A page on another name that resolves here (DNS rebinding) sends its own Host: only ours is answered.
    if (req.headers.host !== `127.0.0.1:${bound}`) return answer(400, CALLBACK_PAGE.unexpected);
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) return answer(404, CALLBACK_PAGE.unexpected);
    const waiting = expected;
    if (waiting === undefined || url.searchParams.get('state') !== waiting.state) return answer(400, CALLBACK_PAGE.unexpected);
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error !== null || code === null || code === '') {
      waiting.reject(new AuthorizationError(AUTH_TEXT.denied(error ?? 'no code', url.searchParams.get('error_description') ?? undefined)));
      return answer(400, CALLBACK_PAGE.denied);
    }
    waiting.resolve(code);
    return answer(200, CALLBACK_PAGE.received);
  });
  bound = await listen(server, port).catch(() => listen(server, 0));
  return {
    redirectUrl: `http://127.0.0.1:${bound}${CALLBACK_PATH}`,
    expect(state) {
      let resolve!: (code: string) => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<string>((ok, fail) => ((resolve = ok), (reject = fail)));
      // A refusal nobody awaits yet must not end the process as an unhandled rejection.
      promise.catch(() => undefined);
      expected = { state, promise, resolve, reject };
    },
    pending: () => expected !== undefined,
    async code(ms, signal) {
      const waiting = expected;
      if (waiting === undefined) throw new AuthorizationError('no authorization is awaited');
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      try {
        return await Promise.race([
          waiting.promise,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new AuthorizationError(AUTH_TEXT.waitTimedOut(Math.round(ms / 1000)))), ms);
            onAbort = () => reject(signal?.reason instanceof Error ? signal.reason : new AuthorizationError(String(signal?.reason)));
            if (signal?.aborted) onAbort();
            else signal?.addEventListener('abort', onAbort, { once: true });
          }),
        ]);
      } finally {
        clearTimeout(timer);
        if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
        if (expected === waiting) expected = undefined;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * The fetcher's requests (RFC-005 §7): the dial the check allowed, with the connection's
 * credential only on a request to the origin the connection was dialed at, and at most one
 * redirect, followed by hand so no credential crosses an origin.
 */
import type { FetchFailure } from './fetcher.js';

/** How many redirects one fetch follows; the next one fails the fetch. */
export const MAX_REDIRECTS = 1;

/** The redirect statuses a fetch follows (a GET stays a GET on each). */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * The content codings the fetch implementation decodes (WHATWG fetch as Node's undici implements
 * it). A response in any other coding, or in a list that mixes `identity` in, reaches the body
 * undecoded, so its bytes aren't the identity octets a digest or a sniff reads.
 */
const DECODED_CODINGS: ReadonlySet<string> = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

/** What the fetch may dial, all read from the one address answer its check passed. */
export interface DialPlan {
  /** The reference's uri, which the check found on `origin`. */
  readonly url: URL;
  /** The origin the server's connection is dialed at: the only one that gets the credential. */
  readonly origin: string;
  /** The server url's scheme (`http:` allows an `http` redirect target; otherwise `https` only). */
  readonly serverProtocol: string;
  /** The connection's bearer token. */
  readonly credential?: string;
}

/** A request's outcome: a 2xx response in a coding the body arrives decoded from, or a failure. */
export type RequestResult =
  | { readonly ok: true; readonly response: Response; readonly redirects: number }
  | { readonly ok: false; readonly code: FetchFailure; readonly detail?: string };

/** What bounds one fetch's requests and body: an abort signal and a deadline every wait races. */
export interface RequestBounds {
  readonly signal: AbortSignal;
  /** Resolves to the wait's answer, or to `'timeout'` once the fetch's time is up. */
  within<T>(operation: Promise<T>): Promise<T | 'timeout'>;
  /** True once the deadline passed (a rejection then is the timeout's, not the network's). */
  timedOut(): boolean;
  /** Aborts the request (the byte ceiling was passed). */
  abort(): void;
  /** Stops the deadline's clock; call once the body is read or the fetch has failed. */
  stop(): void;
}

/**
 * Starts a fetch's deadline: after `timeoutMs` the request is aborted and every wait that races
 * it answers `'timeout'`, so even a fetch implementation that ignores the signal can't hold the
 * host past it.
 */
export function startRequestBounds(timeoutMs: number): RequestBounds {
  const controller = new AbortController();
  let timedOut = false;
  let expire: () => void = () => undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    expire = () => resolve('timeout');
  });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
    expire();
  }, timeoutMs);
  return {
    signal: controller.signal,
    within: (operation) => {
      // A wait the deadline won may still reject later; that rejection is no one's to handle.
      operation.catch(() => undefined);
      return Promise.race([operation, deadline]);
    },
    timedOut: () => timedOut,
    abort: () => controller.abort(),
    stop: () => clearTimeout(timer),
  };
}

/**
 * Requests `plan.url`: the credential only where the request's origin is the dialed one; a
 * redirect followed at most {@link MAX_REDIRECTS} times, to an `https` target (or `http` from a
 * server dialed over `http`), without the credential once it leaves the dialed origin; a non-2xx
 * answer or a coding the body can't arrive decoded from is a failure.
 */
export async function requestFollowingRedirects(plan: DialPlan, fetchImpl: typeof fetch, bounds: RequestBounds): Promise<RequestResult> {
  let url = plan.url;
  for (let redirects = 0; ; redirects += 1) {
    const headers: Record<string, string> = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' };
    // RFC-005 §7: the connection's credential goes only to the exact origin it was dialed at.
    if (plan.credential !== undefined && url.origin === plan.origin) headers.authorization = `Bearer ${plan.credential}`;
    let response: Response | 'timeout';
    try {
      response = await bounds.within(fetchImpl(url.href, { method: 'GET', headers, redirect: 'manual', signal: bounds.signal }));
    } catch (error) {
      return bounds.timedOut() ? { ok: false, code: 'timeout' } : { ok: false, code: 'network', ...causeDetail(error) };
    }
    if (response === 'timeout') return { ok: false, code: 'timeout' };
    // A fetch implementation that followed a redirect itself may have carried the credential
    // anywhere: its answer isn't taken.
    if (response.redirected) {
      discard(response);
      return { ok: false, code: 'redirect-refused' };
    }
    if (REDIRECT_STATUSES.has(response.status)) {
      discard(response);
      if (redirects >= MAX_REDIRECTS) return { ok: false, code: 'redirect-limit' };
      const location = response.headers.get('location');
      const next = location === null ? null : URL.parse(location, url.href);
      if (next === null) return { ok: false, code: 'redirect-refused' };
      const allowed = next.protocol === 'https:' || (next.protocol === 'http:' && plan.serverProtocol === 'http:');
      if (!allowed) return { ok: false, code: 'redirect-refused' };
      url = next;
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      discard(response);
      return { ok: false, code: 'http-status', detail: `HTTP ${response.status}` };
    }
    if (!arrivesDecoded(response.headers.get('content-encoding'))) {
      discard(response);
      return { ok: false, code: 'encoding' };
    }
    return { ok: true, response, redirects };
  }
}

/**
 * True when a body in `contentEncoding` reaches the reader as identity octets: no coding, only
 * `identity`, or codings the fetch implementation decodes, each of them.
 */
export function arrivesDecoded(contentEncoding: string | null): boolean {
  if (contentEncoding === null) return true;
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '');
  if (codings.length === 0) return true;
  if (codings.length === 1 && codings[0] === 'identity') return true;
  return codings.every((coding) => DECODED_CODINGS.has(coding));
}

/** Lets a response's body go without reading it. */
export function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/**
 * A short, credential-free word on why a request failed: the system error code of its cause
 * (`ECONNREFUSED`), never its message, which can quote a header.
 */
function causeDetail(error: unknown): { detail?: string } {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? { detail: code } : {};
}

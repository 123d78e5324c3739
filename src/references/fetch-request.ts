/**
 * The fetcher's requests (RFC-005 §7): the dial the check allowed, with the connection's
 * credential only on a request to the origin the connection was dialed at, and at most one
 * redirect, followed by hand and only within that origin, so neither the credential nor the
 * fetch crosses one.
 */

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
  /** The connection's bearer token. */
  readonly credential?: string;
}

/** Why a request failed: the fetch's failures (`FetchFailure`) a request can meet. */
export type RequestFailure = 'timeout' | 'encoding' | 'network' | 'redirect-refused' | 'redirect-limit' | 'http-status';

/** A request's outcome: a 2xx response in a coding the body arrives decoded from, or a failure. */
export type RequestResult =
  | { readonly ok: true; readonly response: Response; readonly redirects: number }
  | { readonly ok: false; readonly code: RequestFailure; readonly detail?: string };

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
 * Requests `plan.url` with the credential, which goes only to the dialed origin; a redirect is
 * followed at most {@link MAX_REDIRECTS} times and only within that origin (a redirect off it is
 * refused, so neither the credential nor the fetch itself leaves the origin the check passed);
 * a non-2xx answer or a coding the body can't arrive decoded from is a failure.
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
      if (bounds.timedOut()) return { ok: false, code: 'timeout' };
      return isDecodingFailure(error) ? { ok: false, code: 'encoding' } : { ok: false, code: 'network', ...causeDetail(error) };
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
      // Only a redirect within the dialed origin is followed: the origin check that let the fetch
      // dial would otherwise be one hop from any address (a metadata or link-local one included).
      if (next.origin !== plan.origin) return { ok: false, code: 'redirect-refused' };
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

/**
 * True when `error` (or an error it was caused by) is a decoder's failure: bytes that don't
 * decode in the content coding the response declared (a body sent as `gzip` that isn't gzip).
 * Node's fetch rejects the body's read with `TypeError: terminated` caused by the zlib or brotli
 * error, whose code is a `Z_…` one (zlib) or an `ERR_…` one with a numeric `errno` (brotli, the
 * zlib module's own); a socket's failure carries an `E…` or `UND_ERR_…` code instead.
 */
export function isDecodingFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, errno } = current as { code?: unknown; errno?: unknown };
    if (typeof code === 'string') {
      if (/^Z_[A-Z_]+$/.test(code)) return true;
      if (typeof errno === 'number' && /^ERR_(?:_|BROTLI_|ZLIB_)[A-Z0-9_]*$/.test(code)) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
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

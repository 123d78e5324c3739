/**
 * The fetch the authorization flow goes through, with the rules that keep a hostile or careless
 * authorization server from holding `call` or its secrets: every request other than the MCP
 * endpoint itself (discovery, registration, token) is bounded in time; the flow talks only to
 * https servers (http only on a loopback host), and with `--issuer` only to that server's
 * origin; and a credential goes to the MCP server over plain http only to a loopback host,
 * unless the user allowed it.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isSecureOrLoopback } from './auth-options.js';
import { AUTH_TEXT } from './messages.js';

/** What the guard enforces. */
export interface FetchGuard {
  /** The MCP endpoint: its own requests (the session, its stream) are bounded by the transport. */
  readonly serverUrl: URL;
  /** The bound on every other request, in ms. */
  readonly timeoutMs: number;
  /** The only authorization server's origin the flow may reach (`--issuer`). */
  readonly issuer?: string;
  /** Whether a credential may go to a non-loopback server over plain http. */
  readonly allowInsecureHttp: boolean;
}

/** `base` with the rules of `guard` applied to every request. */
export function guardedFetch(guard: FetchGuard, base: FetchLike): FetchLike {
  const pinned = guard.issuer === undefined ? undefined : new URL(guard.issuer).origin;
  return async (input, init) => {
    const url = new URL(String(input));
    if (url.origin === guard.serverUrl.origin) {
      const credential = new Headers(init?.headers).has('authorization');
      if (credential && !guard.allowInsecureHttp && !isSecureOrLoopback(url)) throw new Error(AUTH_TEXT.insecureServer);
      // A long-lived session stream goes to the endpoint itself; discovery on its origin is bounded.
      if (url.href === guard.serverUrl.href) return base(input, init);
      return base(input, bounded(init, guard.timeoutMs));
    }
    if (!isSecureOrLoopback(url)) throw new Error(AUTH_TEXT.insecureAuthorizationServer(url.origin));
    if (pinned !== undefined && url.origin !== pinned) throw new Error(AUTH_TEXT.notTheIssuer(url.origin, pinned));
    return base(input, bounded(init, guard.timeoutMs));
  };
}

/** `init` with a signal that also aborts after `ms`. */
function bounded(init: RequestInit | undefined, ms: number): RequestInit {
  const timeout = AbortSignal.timeout(ms);
  const signal = init?.signal ?? undefined;
  return { ...init, signal: signal === undefined || signal === null ? timeout : AbortSignal.any([signal, timeout]) };
}

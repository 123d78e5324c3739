/**
 * The fetch `call` gives the Streamable HTTP transport: it adds the `--header` values and the
 * `--bearer-env` token to requests for the MCP server's own origin, and to nothing else — the
 * authorization flow also fetches the authorization server's metadata and token endpoints, which
 * must never see the MCP server's credentials.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** A fetch that adds `headers` to every request whose URL has `origin`. */
export function originScopedFetch(origin: string, headers: readonly (readonly [string, string])[], base: FetchLike = fetch): FetchLike {
  if (headers.length === 0) return base;
  return (url, init) => {
    if (new URL(String(url)).origin !== origin) return base(url, init);
    const merged = new Headers(init?.headers);
    for (const [name, value] of headers) merged.set(name, value);
    return base(url, { ...init, headers: merged });
  };
}

/**
 * Where an MCP client's transport dials (docs/design.md §6 server addresses): the url of a Streamable HTTP
 * or SSE transport, or no address for any other (stdio, in-memory), so a host's references from
 * that server can be fetched from the origin it is connected to, and from no other.
 */
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** A transport's address: its url, none (it isn't dialed by url), or one that can't be read. */
export type TransportAddress = { readonly kind: 'url'; readonly url: string } | { readonly kind: 'none' } | { readonly kind: 'unreadable' };

/**
 * The address `transport` dials. The SDK keeps an HTTP transport's url in a field of its own
 * (`_url`, TypeScript-private, set once by the constructor) and offers no accessor: it is read
 * there, for the SDK's two HTTP transports only, and checked to be a URL — a field that isn't one
 * reads as `unreadable`, never as no address.
 */
export function transportAddress(transport: unknown): TransportAddress {
  if (!(transport instanceof StreamableHTTPClientTransport) && !(transport instanceof SSEClientTransport)) return NONE;
  const url: unknown = (transport as unknown as { _url?: unknown })._url;
  return url instanceof URL ? { kind: 'url', url: url.href } : UNREADABLE;
}

const NONE: TransportAddress = Object.freeze({ kind: 'none' });
const UNREADABLE: TransportAddress = Object.freeze({ kind: 'unreadable' });

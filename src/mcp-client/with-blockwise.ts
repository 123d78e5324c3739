/**
 * `withBlockwise`: the official MCP SDK `Client` with every tool result rendered by a host, and
 * the server's address recorded from the client's own transport (docs/design.md §6), so the references its
 * results offer are fetchable without wiring `setServerAddress` by hand.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ResultOrigin } from '../inputs.js';
import type { RenderedToolResult } from '../lanes/tool-result.js';
import { transportAddress } from './transport-address.js';

/** What `withBlockwise` needs of a host. */
export interface BlockwiseHost {
  renderToolResult(result: unknown, origin?: ResultOrigin): RenderedToolResult;
  setServerAddress(serverId: string, url: string | null, options?: { readonly credential?: string }): void;
}

/** Options for {@link withBlockwise}. */
export interface WithBlockwiseOptions {
  /** The id this host knows the server by: its results' references are recorded as its. */
  readonly serverId: string;
  /**
   * The connection's bearer token: sent by a reference fetch only to the origin the transport
   * dials, and only where it dials by url (Streamable HTTP, SSE).
   */
  readonly credential?: string;
  /**
   * The address to record in place of the transport's: a url, or `null` for none. Without it, a
   * Streamable HTTP or SSE transport's url is recorded, and any other transport (stdio,
   * in-memory) records none — its references stubs then say they can't be fetched.
   */
  readonly address?: string | null;
  /** This server's text cap (default: the host's). */
  readonly cap?: number;
}

/** A tool call's result as the server sent it, and as the host renders it. */
export interface BlockwiseCall {
  /** The result the SDK's `callTool` answered, untouched (raw base64 and uris included). */
  readonly result: Awaited<ReturnType<Client['callTool']>>;
  /** Both copies, rendered with an origin naming the server and the tool. */
  readonly rendered: RenderedToolResult;
}

/** The MCP client with blockwise: {@link BlockwiseClient.callTool} renders every result. */
export interface BlockwiseClient {
  /** The wrapped client, for everything else (listing tools, resources, prompts). */
  readonly client: Client;
  readonly serverId: string;
  /**
   * Calls a tool as the SDK's `callTool` does, and renders its result. Records the server's
   * address first (so a reconnect to another url is followed). Rejects where the SDK's call
   * does (a protocol error, a timeout): then there is no result to render.
   */
  callTool(...args: Parameters<Client['callTool']>): Promise<BlockwiseCall>;
}

/** The part of the SDK's `Client` this reads: its `callTool`, and its transport once connected. */
type McpClient = Pick<Client, 'callTool' | 'transport'>;

/**
 * Wraps an MCP SDK `Client` for `host` under `options.serverId`. Records the server's address
 * now if the client is connected (and again before every call): the transport's url over
 * Streamable HTTP or SSE (with `options.credential`), none over stdio or any other transport,
 * or `options.address` where given.
 */
export function withBlockwise(client: Client, host: BlockwiseHost, options: WithBlockwiseOptions): BlockwiseClient {
  const { serverId } = options;
  if (typeof serverId !== 'string' || serverId === '') throw new TypeError('withBlockwise: options.serverId must be a non-empty string');
  const origin: ResultOrigin = options.cap === undefined ? { serverId } : { serverId, cap: options.cap };
  const record = (): void => recordAddress(client, host, options);
  if (client.transport !== undefined) record();
  return {
    client,
    serverId,
    async callTool(params, resultSchema, requestOptions) {
      record();
      const result = await client.callTool(params, resultSchema, requestOptions);
      const toolName: unknown = params?.name;
      const rendered = host.renderToolResult(result, typeof toolName === 'string' ? { ...origin, toolName } : origin);
      return { result, rendered };
    },
  };
}

/** Records the address the options name, or the one the client's transport dials. */
function recordAddress(client: McpClient, host: BlockwiseHost, options: WithBlockwiseOptions): void {
  const credential = options.credential === undefined ? {} : { credential: options.credential };
  if (options.address !== undefined) {
    host.setServerAddress(options.serverId, options.address, options.address === null ? {} : credential);
    return;
  }
  const address = transportAddress(client.transport);
  // An HTTP transport whose url can't be read isn't recorded as having none: a stub would then
  // claim no address where one exists. It stays as the host had it (unknown, or set by hand).
  if (address.kind === 'unreadable') return;
  host.setServerAddress(options.serverId, address.kind === 'url' ? address.url : null, address.kind === 'url' ? credential : {});
}

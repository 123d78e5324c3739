/**
 * `withBlockwiseTools`: the tools an MCP client gives the AI SDK (`@ai-sdk/mcp`'s
 * `client.tools()`), each with its `toModelOutput` from blockwise — the result rendered by the
 * host and handed over as the AI SDK's tool output (`toAiSdk`) — in place of the client's own
 * conversion, which shows a link's uri and any other block as raw JSON. The AI SDK is imported
 * as types only.
 */
import type { Tool } from 'ai';
import type { ResultOrigin } from '../inputs.js';
import type { RenderedToolResult } from '../lanes/tool-result.js';
import { toAiSdk, type AiSdkToolOutput } from '../providers/ai-sdk.js';

/** What the wrapper needs of a host. */
export interface AiSdkToolsHost {
  renderToolResult(result: unknown, origin?: ResultOrigin): RenderedToolResult;
  setServerAddress(serverId: string, url: string | null, options?: { readonly credential?: string }): void;
}

/** Options for {@link withBlockwiseTools}. */
export interface AiSdkToolsOptions {
  /** The id this host knows the server by: its results' references are recorded as its. */
  readonly serverId: string;
  /**
   * Where the MCP client dials the server (the `url` of its `http` or `sse` transport), or `null`
   * for none (stdio). `@ai-sdk/mcp`'s client doesn't say, so the host does: given, it is recorded
   * with `credential`; absent, the host's address book is left as it is.
   */
  readonly address?: string | null;
  /** The connection's bearer token, sent by a reference fetch only to `address`'s origin. */
  readonly credential?: string;
  /** This server's text cap (default: the host's). */
  readonly cap?: number;
  /**
   * Passed to `toAiSdk`: true where the provider package under the AI SDK sends a tool output's
   * media natively, with a host made for that provider (`createHost({ provider: 'anthropic' })`).
   * Absent, the host is made with `createHost({ provider: 'ai-sdk' })` and no media is sent.
   */
  readonly media?: boolean;
}

/** A tool set whose tools' `toModelOutput` answers the AI SDK's tool output. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tool of the set, whatever its input and output types (`Tool` is invariant in both)
type ToolsWithOutput = Readonly<Record<string, Tool<any, any>>>;

/**
 * The same tools, each tool's `toModelOutput` rendering its output (the `CallToolResult` its
 * `execute` answers, or the structured content where the tool has an output schema) through
 * `host` with an origin naming the server and the tool, and answering it as the AI SDK's tool
 * output (`toAiSdk`, with `options.media`). `execute` and everything else is the tool's own.
 * Records `options.address` first, where given.
 *
 * @example
 * const tools = withBlockwiseTools(await mcpClient.tools(), host, { serverId: 'files', address: url });
 * await generateText({ model, tools, prompt });
 */
export function withBlockwiseTools<TOOLS extends ToolsWithOutput>(tools: TOOLS, host: AiSdkToolsHost, options: AiSdkToolsOptions): TOOLS {
  const { serverId } = options;
  if (typeof serverId !== 'string' || serverId === '') throw new TypeError('withBlockwiseTools: options.serverId must be a non-empty string');
  if (options.address !== undefined) {
    const credential = options.address !== null && options.credential !== undefined ? { credential: options.credential } : {};
    host.setServerAddress(serverId, options.address, credential);
  }
  const aiSdkOptions = { media: options.media === true };
  const wrapped: Record<string, unknown> = {};
  for (const [toolName, tool] of Object.entries(tools)) {
    const origin: ResultOrigin = options.cap === undefined ? { serverId, toolName } : { serverId, toolName, cap: options.cap };
    const toModelOutput = ({ output }: { output: unknown }): AiSdkToolOutput => toAiSdk(host.renderToolResult(output, origin), aiSdkOptions);
    wrapped[toolName] = { ...tool, toModelOutput };
  }
  return wrapped as TOOLS;
}

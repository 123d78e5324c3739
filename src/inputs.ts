/**
 * What a host hands the lanes (docs/design.md §5.0, §5.1): an MCP `CallToolResult` of any revision, or a
 * host's own `ToolResultInput` for tools that return arbitrary data.
 */
import { BLOCK_TYPES } from './blocks/mcp.js';
import { incompleteResultText } from './text/markers.js';
import { WALK_MAX_ELEMENTS } from './walk.js';

/** A host tool's result: arbitrary data, an error flag and text, and whether the data is content. */
export interface ToolResultInput {
  /** The result's data: a content array, a string, or any JSON-shaped value. */
  readonly data: unknown;
  readonly isError?: boolean;
  /** An error result's message. */
  readonly error?: string;
  /** The producer's word that an array is a content array (read for its truth, never from the wire). */
  readonly dataIsContent?: boolean;
  /**
   * A value beside a content array (a `CallToolResult`'s `structuredContent`): shown as data
   * after the content only where the content has no text of its own (`structuredStanding`),
   * and given to a script whole, under the data rules.
   */
  readonly structured?: unknown;
}

/** Where a result came from, and this call's cap. */
export interface ResultOrigin {
  /** The server that sent it; absent for the host's own tools (their references are host-made). */
  readonly serverId?: string;
  /** The tool's name, for log lines. */
  readonly toolName?: string;
  /** This call's text cap (default: the host's). */
  readonly cap?: number;
}

/** The MCP block types whose arrays count as content without the flag (docs/design.md §5.1). */
const MCP_TYPES: ReadonlySet<string> = new Set(BLOCK_TYPES);

/**
 * True when `data` is a content array: an array the producer says is content, or one whose
 * every element is a block of one of MCP's types. Any other value is data.
 */
export function isContentArray(data: unknown, dataIsContent: unknown): data is unknown[] {
  if (!Array.isArray(data)) return false;
  if (dataIsContent) return true;
  if (data.length === 0) return false;
  // An array longer than any JSON text could hold (a host's Proxy) is no server's content: it is
  // data, which the walk refuses, and is never looped over here.
  if (data.length > WALK_MAX_ELEMENTS) return false;
  // Every index, holes included: a hole is no block.
  for (let index = 0; index < data.length; index += 1) {
    const element: unknown = data[index];
    if (typeof element !== 'object' || element === null) return false;
    const type = (element as { type?: unknown }).type;
    if (typeof type !== 'string' || !MCP_TYPES.has(type)) return false;
  }
  return true;
}

/**
 * A `CallToolResult` as a {@link ToolResultInput}: its content is content whatever its blocks'
 * types (`dataIsContent: true`); `structuredContent` is the data where `content` is absent or
 * empty, and otherwise rides beside it as `structured`; a `resultType` other than `complete` is
 * one fixed line naming it. Reads each field once.
 */
export function fromCallToolResult(result: Readonly<Record<string, unknown>>): ToolResultInput {
  const isError = result.isError === true;
  const resultType = result.resultType;
  if (resultType !== undefined && resultType !== 'complete') {
    const line = { type: 'text', text: incompleteResultText(typeof resultType === 'string' ? resultType : String(typeof resultType)) };
    return { data: [line], isError, dataIsContent: true };
  }
  const content = result.content;
  const structured = result.structuredContent;
  if (Array.isArray(content) && content.length > 0) {
    return structured === undefined ? { data: content, isError, dataIsContent: true } : { data: content, isError, dataIsContent: true, structured };
  }
  if (structured !== undefined) return { data: structured, isError };
  if (content !== undefined && !Array.isArray(content)) return { data: content, isError };
  return { data: [], isError, dataIsContent: true };
}

/**
 * True when an input object is a host `ToolResultInput`: it has a `data` key and no `content`
 * key. An object with `content` is a `CallToolResult`, whatever else a server put beside it — so
 * a wire result can never set `data` or `dataIsContent` for itself.
 */
export function isToolResultInput(input: object): input is ToolResultInput {
  return 'data' in input && !('content' in input);
}

/** What a result reads as before its blocks are classified. */
export interface NormalizedResult {
  readonly input: ToolResultInput;
  readonly isError: boolean;
  /**
   * The data is shown as JSON whatever its shape: a `CallToolResult`'s `structuredContent` (or a
   * `content` that isn't an array), never read as content.
   */
  readonly asJson: boolean;
}

/** A `CallToolResult` (any revision), a `ToolResultInput`, or any other value (data). */
export function normalizeResult(result: unknown): NormalizedResult {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return { input: { data: result }, isError: false, asJson: false };
  if (isToolResultInput(result)) return { input: result, isError: Boolean(result.isError), asJson: false };
  const input = fromCallToolResult(result as Record<string, unknown>);
  return { input, isError: Boolean(input.isError), asJson: input.dataIsContent !== true };
}

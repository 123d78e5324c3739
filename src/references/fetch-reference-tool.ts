/**
 * The `fetch_reference` tool a host hands its model (RFC-005 §7, docs/design.md §6): its definition (name,
 * description, the JSON Schema a provider needs) and a call that fetches through the host and
 * answers a rendered result. A refusal reads in the stub's own words (the dial check's clauses,
 * the fetcher's failure words); what was fetched is shown through the host's own rendering, as
 * the block a tool result would carry it in: an image or audio through the image check and the
 * host's profile, a binary as its marker (or a PDF natively where the profile takes one), a JSON
 * body as data (the data rules: a string that may be a credential-bearing uri, and each base64
 * run, replaced), and any other text as the server's words shown as sent — as an embedded text
 * resource's text is.
 */
import { Buffer } from 'node:buffer';
import type { ResultOrigin } from '../inputs.js';
import type { ToolDefinition } from '../providers/tool-definition.js';
import type { RenderedToolResult } from '../lanes/tool-result.js';
import { sanitizeLabel } from '../text/labels.js';
import { FETCH_FAILURE_WORDS, type FetchOptions, type FetchOutcome, type SaveRequest } from './fetcher.js';
import { isTextualMediaType, mediaTypeEssence } from './fetch-media.js';
import { REF_ID_PATTERN } from './ref-ids.js';
import type { ReferenceRecord, Registry } from './registry.js';
import { buildReferenceStub, FETCHABLE_ENDING, savedEnding } from './stub.js';

/** The tool's name, as every stub's ending names it ({@link FETCHABLE_ENDING}). */
export const FETCH_REFERENCE_TOOL_NAME = 'fetch_reference';

/** The tool's description: how a model finds an id to pass, and what it gets back. */
const FETCH_REFERENCE_TOOL_DESCRIPTION =
  `Fetches a reference a tool result offered. A reference shows as a stub line: [ref-…] name — type, size claimed — provenance — ${FETCHABLE_ENDING}. ` +
  'Pass the id in its brackets as refId. The host fetches it, saves it, and shows what it can of the content; ' +
  "a stub that doesn't end with that offer can't be fetched.";

/** The JSON Schema of the tool's input: one string, `refId`, and nothing else. */
export type FetchReferenceInputSchema = {
  readonly type: 'object';
  readonly properties: { readonly refId: { readonly type: 'string'; readonly description: string } };
  readonly required: readonly ['refId'];
  readonly additionalProperties: false;
};

/** The tool's input schema (strict: OpenAI's strict mode and Gemini's subset both take it). */
export const FETCH_REFERENCE_INPUT_SCHEMA: FetchReferenceInputSchema = Object.freeze({
  type: 'object',
  properties: Object.freeze({
    refId: Object.freeze({ type: 'string', description: 'The id in a stub\'s brackets, e.g. "ref-AbCdEfGhIjKlMnOp".' }),
  }),
  required: Object.freeze(['refId'] as const),
  additionalProperties: false,
});

/** The `fetch_reference` tool: its definition (give it to `toAnthropicTool` and the rest) and its call. */
export interface FetchReferenceTool extends ToolDefinition {
  readonly name: typeof FETCH_REFERENCE_TOOL_NAME;
  readonly inputSchema: FetchReferenceInputSchema;
  /**
   * Fetches the reference `args.refId` names and answers the result the model reads: what was
   * fetched (shown as a tool result is), or the refusal in the stub's own words (`isError`).
   * Takes the arguments as an object or as the JSON text some providers give. Never rejects.
   */
  call(args: unknown): Promise<RenderedToolResult>;
}

/** Options for the tool: how its fetches fetch (`save` above all), as {@link FetchOptions}. */
export type FetchReferenceToolOptions = FetchOptions;

/** The words of the tool's own refusal, before any fetch: arguments it can't read. */
export const FETCH_REFERENCE_TOOL_WORDS = {
  'bad-arguments': 'not fetched: fetch_reference takes one argument, "refId", the id in a stub\'s brackets',
} as const;

/** What the tool needs of a host. */
export interface FetchReferenceHost {
  readonly registry: Pick<Registry, 'get'>;
  fetchReference(refId: string, options: FetchOptions): Promise<FetchOutcome>;
  renderToolResult(result: unknown, origin?: ResultOrigin): RenderedToolResult;
}

/** Makes the `fetch_reference` tool over `host`. */
export function createFetchReferenceTool(host: FetchReferenceHost, options: FetchReferenceToolOptions): FetchReferenceTool {
  return Object.freeze({
    name: FETCH_REFERENCE_TOOL_NAME,
    description: FETCH_REFERENCE_TOOL_DESCRIPTION,
    inputSchema: FETCH_REFERENCE_INPUT_SCHEMA,
    call: (args: unknown) => callFetchReference(host, options, args),
  });
}

async function callFetchReference(host: FetchReferenceHost, options: FetchReferenceToolOptions, args: unknown): Promise<RenderedToolResult> {
  const origin = { toolName: FETCH_REFERENCE_TOOL_NAME };
  try {
    const refId = readRefId(args);
    if (refId === undefined) return refusal(host, `${FETCH_REFERENCE_TOOL_WORDS['bad-arguments']}.`, origin);
    let saved: SaveRequest | undefined;
    // The bytes are kept as `save` receives them: only verified bytes reach it, once. Options
    // without a usable `save` go to the fetcher as given, so it refuses them before dialing.
    const userSave: unknown = typeof options === 'object' && options !== null ? options.save : undefined;
    const fetchOptions: FetchOptions =
      typeof userSave === 'function'
        ? { ...options, save: (request: SaveRequest) => ((saved = request), (userSave as FetchOptions['save'])(request)) }
        : options;
    const outcome = await host.fetchReference(refId, fetchOptions);
    // Read after the fetch: over a shared store, the fetch is what brings another worker's record here.
    const record = host.registry.get(refId);
    const fromServer = record?.serverId === undefined ? origin : { ...origin, serverId: record.serverId };
    if (!outcome.ok) return refusal(host, refusalLine(refId, record, outcome.error), fromServer);
    const line = stubLine(refId, record, savedEnding(outcome.path));
    const content = saved === undefined ? [] : [fetchedBlock(host, saved, fromServer)];
    return host.renderToolResult({ content: [{ type: 'text', text: line }, ...content] }, fromServer);
  } catch {
    // Every path above is the host's own and doesn't throw; a host-supplied `save` or `fetch`
    // that does is already a failure the fetcher words. This answers whatever is left.
    return refusal(host, `${FETCH_FAILURE_WORDS.internal}.`, origin);
  }
}

/** The `refId` of an arguments object (or its JSON text) holding it alone, else undefined. */
function readRefId(args: unknown): string | undefined {
  let value = args;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== 'refId') return undefined;
  const refId: unknown = (value as { refId?: unknown }).refId;
  return typeof refId === 'string' ? refId : undefined;
}

/**
 * A refusal as the stub would end it: the reference's stub with the failure's words as its
 * ending where the host holds the record, else the id (only one of the host's own form: the
 * model's text is never echoed) and the words.
 */
function refusalLine(refId: string, record: ReferenceRecord | undefined, words: string): string {
  if (record !== undefined) return stubLine(refId, record, words);
  return `[${REF_ID_PATTERN.test(refId) ? refId : 'not a reference id'}] ${words}.`;
}

function stubLine(refId: string, record: ReferenceRecord | undefined, ending: string): string {
  if (record === undefined) return `[${sanitizeLabel(refId, 48)}] ${ending}`;
  return buildReferenceStub(refId, record.testimony, record.serverId === undefined ? {} : { serverId: record.serverId }, ending);
}

/** An error result of one line, rendered as every result is. */
function refusal(host: FetchReferenceHost, line: string, origin: ResultOrigin): RenderedToolResult {
  return host.renderToolResult({ content: [{ type: 'text', text: line }], isError: true }, origin);
}

/**
 * The fetched bytes as the content block of their observed type: an image or audio block (the
 * image check and the profile decide what goes natively), a JSON body's text as data shows it,
 * text for any other textual type, else an embedded blob (a marker, or a document where the
 * profile takes one). No block names the reference's uri.
 */
function fetchedBlock(host: FetchReferenceHost, saved: SaveRequest, origin: ResultOrigin): Readonly<Record<string, unknown>> {
  const { bytes, mimeType } = saved;
  if (mimeType.startsWith('image/')) return { type: 'image', data: base64(bytes), mimeType };
  if (mimeType.startsWith('audio/')) return { type: 'audio', data: base64(bytes), mimeType };
  if (!isTextualMediaType(mimeType)) return { type: 'resource', resource: { mimeType, blob: base64(bytes) } };
  const text = TEXT.decode(bytes);
  return { type: 'text', text: isJsonMediaType(mimeType) ? jsonAsData(host, text, origin) : text };
}

/** True for `application/json` and the `+json` types (parameters and case read loosely). */
function isJsonMediaType(mimeType: string): boolean {
  const essence = mediaTypeEssence(mimeType);
  return essence !== undefined && (essence === 'application/json' || essence.endsWith('+json'));
}

/**
 * A JSON body as the host shows data — its stored copy of the parsed value given as a result's
 * `structuredContent`, so a string that may be a credential-bearing uri, each base64 run and
 * each block at depth is replaced as in any data result — or the body as sent where it doesn't
 * parse (then it is text the server wrote, like any other).
 */
function jsonAsData(host: FetchReferenceHost, text: string, origin: ResultOrigin): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  return host.renderToolResult({ structuredContent: value }, origin).stored;
}

const TEXT = new TextDecoder('utf-8');

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

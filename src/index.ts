/** blockwise: MCP tool results as a language model may see them. The package root. */
export { createHost, DEFAULT_CAP, DEFAULT_FETCH_MAX_BYTES, DEFAULT_MAX_IMAGE_BYTES } from './host.js';
export type { Host, HostOptions, ServerAddressOptions, ToolResultLike } from './host.js';
export type { RenderedToolResult } from './lanes/tool-result.js';
export type { LiveCopy } from './lanes/copies.js';
export type { ScriptView, ScriptViewOk, ScriptViewFailure, ScriptItem, ReferenceObject, ScriptMedia, ScriptResource } from './lanes/script.js';
export { DEFAULT_FETCH_TIMEOUT_MS, FETCH_FAILURE_WORDS, digestOf } from './references/fetcher.js';
export type { FetchOptions, FetchOutcome, FetchSuccess, FetchFailed, FetchFailure, SaveRequest } from './references/fetcher.js';
export {
  FETCH_REFERENCE_TOOL_NAME,
  FETCH_REFERENCE_TOOL_DESCRIPTION,
  FETCH_REFERENCE_INPUT_SCHEMA,
  FETCH_REFERENCE_TOOL_WORDS,
} from './references/fetch-reference-tool.js';
export type { FetchReferenceTool, FetchReferenceToolOptions, FetchReferenceInputSchema } from './references/fetch-reference-tool.js';
export { withBlockwise } from './mcp-client/with-blockwise.js';
export { withBlockwiseTools } from './mcp-client/ai-sdk-tools.js';
export type { AiSdkToolsHost, AiSdkToolsOptions } from './mcp-client/ai-sdk-tools.js';
export type { BlockwiseClient, BlockwiseCall, BlockwiseHost, WithBlockwiseOptions } from './mcp-client/with-blockwise.js';
export { goesNative } from './lanes/goes-native.js';
export { PROVIDER_PROFILES, PROVIDER_NAMES, isProviderName, getProviderProfile, getProviderProfileOrThrow } from './providers/profiles.js';
export type { ProviderName, ProviderProfile, MediaLimits, MediaLeft } from './providers/profiles.js';
export type { ImageLimits } from './blocks/image-check.js';
export { toolResultBlocks, classifyBlock, BLOCK_HANDLERS } from './blocks/classify.js';
export type { ClassifyContext, Lane } from './blocks/classify.js';
export type {
  LiveBlock,
  ShownBlock,
  ShownKind,
  ShownText,
  ShownImage,
  ShownMedia,
  ShownMarker,
  ShownStub,
  ShownLink,
  ShownWithheld,
} from './blocks/shown-block.js';
export { shownLength } from './blocks/shown-block.js';
export { fromCallToolResult, isContentArray } from './inputs.js';
export type { ToolResultInput, ResultOrigin } from './inputs.js';
export { walk, WalkError, WALK_MAX_DEPTH } from './walk.js';
export type { WalkVisitor, WalkStop, WalkSummary } from './walk.js';
export * as markers from './text/markers.js';
export { sanitizeLabel, LABEL_MAX_CHARS } from './text/labels.js';
export { createRegistry, UnknownReference, DEFAULT_REGISTRY_CAPACITY, DEFAULT_FOREIGN_NEVER_BYTES } from './references/registry.js';
export { WRITE_BEHIND_LIMIT, WRITE_BEHIND_MAX_BYTES } from './references/write-behind.js';
export type { WriteBehindLimits } from './references/write-behind.js';
export type { Registry, RegistryOptions, ReferenceRecord, FetchedCopy, RegistryJournal, LookupOutcome, FlushOutcome } from './references/registry.js';
export { createMemoryStore } from './references/record-store.js';
export type { RecordStore } from './references/record-store.js';
export {
  createRedisStore,
  DEFAULT_REDIS_PREFIX,
  DEFAULT_REDIS_TTL_SECONDS,
  DEFAULT_REDIS_MAX_RECORDS,
  DEFAULT_REDIS_TIMEOUT_MS,
} from './references/redis-store.js';
export type { RedisStore, RedisStoreOptions } from './references/redis-store.js';
export { classifyReference, isReferenceForm, TESTIMONY_LIMITS } from './references/testimony.js';
export type { Testimony, ReferenceReading } from './references/testimony.js';
export { dialCheck, DIAL_REFUSAL_CLAUSES } from './references/dial-check.js';
export type { DialDecision, DialRefusal, DialLimits } from './references/dial-check.js';
export type { AddressBook, ServerAddress } from './references/addresses.js';
export { buildReferenceStub, REFERENCE_STUB_MAX_CHARS, FETCHABLE_ENDING } from './references/stub.js';
export type { ResultClaims, UriClaim } from './references/claims.js';
export { shownLinkUri } from './uri/shown-link-uri.js';
export type { ShownLinkUri, UriWithheld } from './uri/shown-link-uri.js';
export { uriMayCarryCredential } from './uri/credential.js';
export * from './uri/credential-lists.js';
export * as mcp from './blocks/mcp.js';
export { RUNTIME_MCP_REVISION } from './blocks/mcp.js';
export * from './providers/index.js';
export { isRenderedToolResult } from './lanes/rendered-shape.js';

/**
 * blockwise: MCP tool results as a language model may see them. The package root.
 *
 * What a host needs and the README's API sections document: the host and its option defaults,
 * the provider adapters, the MCP client wrappers, the registry and its stores, the reference and
 * credential rules a host may apply itself, and the types of all of these. Everything else is
 * internal; tests import it from its own module. `test/api/exports.test.ts` holds this list.
 */
export { createHost, DEFAULT_CAP, DEFAULT_FETCH_MAX_BYTES, DEFAULT_MAX_IMAGE_BYTES } from './host.js';
export type { Host, HostOptions, ServerAddressOptions, ToolResultLike } from './host.js';
export type { RenderedToolResult } from './lanes/tool-result.js';
export type { LiveCopy } from './lanes/copies.js';
export type { ScriptView, ScriptViewOk, ScriptViewFailure, ScriptItem, ReferenceObject, ScriptMedia, ScriptResource } from './lanes/script.js';
export { DEFAULT_FETCH_TIMEOUT_MS, FETCH_FAILURE_WORDS } from './references/fetcher.js';
export type { FetchOptions, FetchOutcome, FetchSuccess, FetchFailed, FetchFailure, SaveRequest } from './references/fetcher.js';
export { FETCH_REFERENCE_TOOL_NAME, FETCH_REFERENCE_TOOL_WORDS } from './references/fetch-reference-tool.js';
export type { FetchReferenceTool, FetchReferenceToolOptions, FetchReferenceInputSchema } from './references/fetch-reference-tool.js';
export { withBlockwise } from './mcp-client/with-blockwise.js';
export { withBlockwiseTools } from './mcp-client/ai-sdk-tools.js';
export type { AiSdkToolsHost, AiSdkToolsOptions } from './mcp-client/ai-sdk-tools.js';
export type { BlockwiseClient, BlockwiseCall, BlockwiseHost, WithBlockwiseOptions } from './mcp-client/with-blockwise.js';
export { PROVIDER_PROFILES, PROVIDER_NAMES } from './providers/profiles.js';
export type { ProviderName, ProviderProfile, MediaLimits, MediaLeft } from './providers/profiles.js';
export type { ImageLimits } from './blocks/image-check.js';
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
export { fromCallToolResult } from './inputs.js';
export type { ToolResultInput, ResultOrigin } from './inputs.js';
export { createRegistry, UnknownReference, DEFAULT_REGISTRY_CAPACITY, DEFAULT_FOREIGN_NEVER_BYTES } from './references/registry.js';
export { WRITE_BEHIND_LIMIT, WRITE_BEHIND_MAX_BYTES } from './references/write-behind.js';
export type { WriteBehindLimits } from './references/write-behind.js';
export type { Registry, RegistryOptions, ReferenceRecord, FetchedCopy, RegistryJournal, LookupOutcome, FlushOutcome } from './references/registry.js';
export type { RecordStore } from './references/record-store.js';
export {
  createRedisStore,
  DEFAULT_REDIS_PREFIX,
  DEFAULT_REDIS_TTL_SECONDS,
  DEFAULT_REDIS_MAX_RECORDS,
  DEFAULT_REDIS_TIMEOUT_MS,
} from './references/redis-store.js';
export type { RedisStore, RedisStoreOptions } from './references/redis-store.js';
export { classifyReference, TESTIMONY_LIMITS } from './references/testimony.js';
export type { Testimony, ReferenceReading } from './references/testimony.js';
export { dialCheck, DIAL_REFUSAL_CLAUSES } from './references/dial-check.js';
export type { DialDecision, DialRefusal, DialLimits } from './references/dial-check.js';
export type { AddressBook, ServerAddress } from './references/addresses.js';
export { buildReferenceStub, REFERENCE_STUB_MAX_CHARS } from './references/stub.js';
export type { ResultClaims, UriClaim } from './references/claims.js';
export { shownLinkUri } from './uri/shown-link-uri.js';
export type { ShownLinkUri, UriWithheld } from './uri/shown-link-uri.js';
export { uriMayCarryCredential } from './uri/credential.js';
// Every list behind `uriMayCarryCredential`, each entry with its family and an example (README,
// "Credentials in URIs"); the single patterns between them are the rule's internals.
export {
  CREDENTIAL_PARAMETERS,
  CREDENTIAL_NAME_ENDINGS,
  SETTING_VALUES,
  NOT_CREDENTIAL_PARAMETERS,
  HOST_SCOPED_PARAMETERS,
  HOST_EXEMPT_PARAMETERS,
  AMBIGUOUS_PARAMETERS,
  CREDENTIAL_PATH_SHAPES,
  CREDENTIAL_VALUE_SHAPES,
  SECRET_LOOKING_VALUES,
  CAPABILITY_PATH_WORDS,
  CAPABILITY_PAGE_SEGMENTS,
  ORDINARY_PATH_SEGMENTS,
  SHARE_PATH_WORDS,
  FRAGMENT_KEY,
  FRAGMENT_ROUTE_WORD,
  FRAGMENT_KEY_ROUTES,
  FRAGMENT_KEY_HOSTS,
  FRAGMENT_KEY_EXAMPLES,
  FRAGMENT_KEY_ROUTE_EXAMPLES,
} from './uri/credential-lists.js';
export type {
  CredentialParameter,
  CredentialNameEnding,
  HostScopedParameter,
  HostExemptParameter,
  AmbiguousParameter,
  CredentialShape,
  CapabilityPathWord,
  OrdinaryShape,
} from './uri/credential-lists.js';
// The MCP block types the runtime classifies against (the generated guards stay internal).
export type * as mcp from './blocks/mcp.js';
export {
  toAnthropic,
  toOpenAIResponses,
  toOpenAIChat,
  toGemini,
  toAiSdk,
  toAnthropicTool,
  toOpenAIResponsesTool,
  toOpenAIChatTool,
  toGeminiTool,
} from './providers/index.js';
export type {
  AnthropicToolResult,
  AnthropicToolResultBlock,
  OpenAIResponsesOptions,
  OpenAIResponsesToolOutput,
  OpenAIChatOptions,
  OpenAIChatToolMessages,
  GeminiOptions,
  AiSdkToolOutput,
  AiSdkContentPart,
  AiSdkOptions,
  ToolDefinition,
  JsonSchemaObject,
} from './providers/index.js';
export { isRenderedToolResult } from './lanes/rendered-shape.js';

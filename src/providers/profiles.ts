/**
 * Provider profiles: what each model provider takes natively *in a tool result* — image media
 * types, bytes per image, pixel dimensions, images per request, and PDF documents and audio
 * where it takes them there. Each shape is read from the provider SDK's own type definitions
 * (the versions pinned in package.json) and each limit from the provider's documentation; the
 * source is beside every value. Where the documentation says nothing for tool results, the
 * profile takes the conservative reading and says so: a provider refuses the whole request for
 * one block it won't take, so a block left out here is a marker, never a failed turn.
 */
import { DEFAULT_MAX_IMAGE_BYTES, IMAGE_BOMB_GUARD, MCP_IMAGE_LIMITS, type ImageLimits } from '../blocks/image-check.js';

/** The providers a host can render for; `'mcp'` (MCP-shaped blocks, no provider's limits) is the default. */
export type ProviderName = 'mcp' | 'anthropic' | 'openai-responses' | 'openai-chat' | 'gemini' | 'ai-sdk';

/** What a provider takes natively of one kind of media other than images, within one result. */
export interface MediaLimits {
  /** The media types sent natively (lower case, no parameters); any other stays a marker. */
  readonly types: readonly string[];
  /** Decoded bytes this kind may send natively in one result, all blocks together. */
  readonly maxBytes: number;
}

/** What a provider takes natively in a tool result. */
export interface ProviderProfile {
  readonly name: ProviderName;
  /** How markers name the provider. */
  readonly label: string;
  /** Images: their types, and the limits per image the image check applies. */
  readonly images: ImageLimits;
  /**
   * Images one request may carry; images of a result past it are markers. A host sends one
   * result's images in one request at least, so one result is held to it (a request that
   * carries several results can still pass it: only the host sees the whole request).
   */
  readonly maxImagesPerRequest?: number;
  /** Embedded PDF documents (`resource` with a base64 `blob`), where the provider takes them. */
  readonly documents?: MediaLimits;
  /** Audio blocks, where the provider takes them. */
  readonly audio?: MediaLimits;
}

/** 1 MB as the providers' documents write it: decimal, the smaller reading of "MB". */
const MB = 1_000_000;

/** The base64 characters `bytes` decoded bytes take, padded (every 3 bytes or part of 3 are 4). */
function encodedLength(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** The decoded bytes whose base64 fits `encoded` characters (4 characters carry 3 bytes). */
function decodedWithin(encoded: number): number {
  return Math.floor(encoded / 4) * 3;
}

/**
 * What a result's PDFs may take of a request of `requestLimit` base64 characters: the rest once
 * the host's default image budget ({@link DEFAULT_MAX_IMAGE_BYTES}, as base64) and
 * {@link REQUEST_RESERVE} for the request's text and JSON are set aside, as decoded bytes. A
 * provider refuses the whole request past its size, so a result's PDFs and images together fit
 * it (a host that raises `maxImageBytes` takes that risk on itself).
 */
function documentsWithin(requestLimit: number): number {
  return decodedWithin(requestLimit - encodedLength(DEFAULT_MAX_IMAGE_BYTES) - REQUEST_RESERVE);
}

/** What a request's text, JSON and conversation are allowed before its media are counted. */
const REQUEST_RESERVE = 1 * MB;

/** Today's behaviour: the four formats, no limit past the host's budget, no PDF, no audio. */
const MCP: ProviderProfile = { name: 'mcp', label: 'this host', images: MCP_IMAGE_LIMITS };

/**
 * Anthropic Messages API. A `tool_result` block's `content` takes text, image and document
 * blocks: `ToolResultBlockParam.content` in `@anthropic-ai/sdk/resources/messages/messages.d.ts`
 * (1.15.0), image `Base64ImageSource.media_type` `'image/jpeg' | 'image/png' | 'image/gif' |
 * 'image/webp'`, PDF `Base64PDFSource.media_type` `'application/pdf'`. No audio block exists.
 */
const ANTHROPIC: ProviderProfile = {
  name: 'anthropic',
  label: 'Anthropic',
  images: {
    // SDK: Base64ImageSource.media_type (messages.d.ts).
    types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    // https://docs.claude.com/en/docs/build-with-claude/vision ("5MB per image" for the API). The
    // API measures the base64 string (so Claude Code's own constants/apiLimits.ts: 5 MB of
    // base64); read conservatively, the decoded bytes whose base64 fits 5 MiB.
    maxBytes: decodedWithin(5 * 1024 * 1024),
    // https://docs.claude.com/en/docs/build-with-claude/vision: "larger than 8000x8000 px ... rejected".
    maxDimension: 8000,
  },
  // https://docs.claude.com/en/docs/build-with-claude/vision: 100 images per API request, but past
  // 20 the dimension limit drops to 2000x2000 px. Held to 20, so the 8000 px limit above holds.
  maxImagesPerRequest: 20,
  documents: {
    // SDK: Base64PDFSource.media_type (messages.d.ts); DocumentBlockParam is in tool_result content.
    types: ['application/pdf'],
    // https://docs.claude.com/en/docs/build-with-claude/pdf-support: 32 MB maximum request size
    // (the whole payload, so base64): what is left of 32 MB, decimal, once a result's images at
    // the host's default budget and the rest of the request are counted (~18 MB decoded).
    maxBytes: documentsWithin(32 * MB),
  },
};

/** OpenAI's image input requirements, shared by the Responses and Chat Completions APIs. */
const OPENAI_IMAGES: ImageLimits = {
  // https://platform.openai.com/docs/guides/images-vision ("Image input requirements"): PNG, JPEG,
  // WEBP and non-animated GIF. Whether a GIF is animated takes reading its frames, which no check
  // here does, so GIF is left out: an animated one could cost the whole request.
  types: ['image/png', 'image/jpeg', 'image/webp'],
  // Same page: "Up to 20MB per image" (decimal, the smaller reading).
  maxBytes: 20 * MB,
  // No pixel limit is documented (images are scaled: 768 px short side, 2000 px long side), so
  // only blockwise's own bomb guard is checked, not a limit of OpenAI's.
  ...IMAGE_BOMB_GUARD,
};

/** OpenAI's images per request, same page: "Up to 500 individual images per request". */
const OPENAI_IMAGES_PER_REQUEST = 500;

/**
 * OpenAI Responses API. A `function_call_output` item's `output` is a string or a list of
 * `input_text`, `input_image` and `input_file` items: `ResponseFunctionCallOutputItem` and
 * `ResponseInputItem.FunctionCallOutput` in `openai/resources/responses/responses.d.ts` (6.49.0).
 * No audio item exists there.
 */
const OPENAI_RESPONSES: ProviderProfile = {
  name: 'openai-responses',
  label: 'OpenAI',
  // SDK: ResponseInputImageContent.image_url (a data URL; the media type is not typed).
  images: OPENAI_IMAGES,
  maxImagesPerRequest: OPENAI_IMAGES_PER_REQUEST,
  documents: {
    // SDK: ResponseInputFileContent.file_data; https://platform.openai.com/docs/guides/pdf-files:
    // PDFs are read as text and page images on vision models.
    types: ['application/pdf'],
    // https://platform.openai.com/docs/guides/pdf-files ("up to 100 pages and 32MB of total
    // content in a single request"; the newer file-inputs page allows 50 MB): the smaller kept,
    // read as the request's base64 like Anthropic's, and shared with the result's images at the
    // host's default budget and the rest of the request (~18 MB decoded).
    maxBytes: documentsWithin(32 * MB),
  },
};

/**
 * OpenAI Chat Completions. A `tool` message carries text only —
 * `ChatCompletionToolMessageParam.content: string | Array<ChatCompletionContentPartText>` in
 * `openai/resources/chat/completions/completions.d.ts` (6.49.0) — so its images go in one `user`
 * message after it (`ChatCompletionContentPartImage`), under the same image requirements. PDFs
 * (`ChatCompletionContentPart.File`) and audio (`ChatCompletionContentPartInputAudio`, audio
 * models only) are left out: only images are moved out of the tool message.
 */
const OPENAI_CHAT: ProviderProfile = {
  name: 'openai-chat',
  label: 'OpenAI Chat Completions',
  images: OPENAI_IMAGES,
  maxImagesPerRequest: OPENAI_IMAGES_PER_REQUEST,
};

/**
 * Gemini API. A function response's media goes in `FunctionResponse.parts`, each a
 * `FunctionResponsePart` with `inlineData: FunctionResponseBlob { mimeType, data }` in
 * `@google/genai/dist/genai.d.ts` (2.32.0); the SDK doesn't type which media types.
 */
const GEMINI: ProviderProfile = {
  name: 'gemini',
  label: 'Gemini',
  images: {
    // https://ai.google.dev/gemini-api/docs/function-calling ("Multimodal function responses":
    // image/png, image/jpeg, image/webp; application/pdf, text/plain), and
    // https://firebase.google.com/docs/ai-logic/input-file-requirements (images: PNG, JPEG, WebP).
    // No GIF.
    types: ['image/png', 'image/jpeg', 'image/webp'],
    // https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/image-understanding: 7 MB
    // per file for inline data (the Gemini API's whole inline request is 20 MB, per the Firebase
    // page above). The smaller kept.
    maxBytes: 7 * MB,
    // No pixel limit is documented ("no specific limit to the number of pixels": larger images
    // are scaled to fit 3072x3072, per the Firebase page), so only blockwise's own bomb guard is
    // checked, not a limit of Gemini's.
    ...IMAGE_BOMB_GUARD,
  },
  // https://firebase.google.com/docs/ai-logic/input-file-requirements: 3,000 image files per request.
  maxImagesPerRequest: 3000,
  documents: {
    // https://ai.google.dev/gemini-api/docs/function-calling (application/pdf in function responses).
    types: ['application/pdf'],
    // The same 7 MB per inline file as images (the pages above document no larger inline
    // budget for a function response's PDF).
    maxBytes: 7 * MB,
  },
  // Audio is not among the media types a function response takes (function-calling page).
};

/**
 * The AI SDK (`ai` 6.0.325): a tool's `toModelOutput` returns `{ type: 'content', value: [...] }`
 * of `text`, `image-data`, `file-data` … parts (`ToolResultOutput` in
 * `@ai-sdk/provider-utils/dist/index.d.ts`), and the provider package the host picks converts
 * them — or doesn't: `@ai-sdk/openai`'s chat provider sends a `content` output as
 * `JSON.stringify(output.value)`, its media's base64 as text before the model. So this profile
 * sends no media natively: every image and PDF is a marker saying the AI SDK's provider may not
 * carry it (`aiSdkMediaMarker`). A host whose provider package converts media renders for that
 * provider's profile and opts in with `toAiSdk(rendered, { media: true })`.
 */
const AI_SDK: ProviderProfile = {
  name: 'ai-sdk',
  label: "the AI SDK's provider",
  images: { types: [] },
  maxImagesPerRequest: 0,
};

/**
 * Every provider's profile, by name, frozen to its arrays: the profiles are shared by every host
 * in the process, so a host that pushed a type onto one would change what every other host sends.
 */
export const PROVIDER_PROFILES: Readonly<Record<ProviderName, ProviderProfile>> = Object.freeze({
  mcp: frozenProfile(MCP),
  anthropic: frozenProfile(ANTHROPIC),
  'openai-responses': frozenProfile(OPENAI_RESPONSES),
  'openai-chat': frozenProfile(OPENAI_CHAT),
  gemini: frozenProfile(GEMINI),
  'ai-sdk': frozenProfile(AI_SDK),
});

/** `profile` frozen, with its limits and their type lists. */
function frozenProfile(profile: ProviderProfile): ProviderProfile {
  for (const limits of [profile.images, profile.documents, profile.audio]) {
    if (limits === undefined) continue;
    Object.freeze(limits.types);
    Object.freeze(limits);
  }
  return Object.freeze(profile);
}

/** The provider names, in the order errors and help list them. */
export const PROVIDER_NAMES: readonly ProviderName[] = Object.keys(PROVIDER_PROFILES) as ProviderName[];

/** Whether `name` is a provider this library has a profile for. */
export function isProviderName(name: unknown): name is ProviderName {
  return typeof name === 'string' && Object.hasOwn(PROVIDER_PROFILES, name);
}

/** The profile named `name`, or undefined where there is none. */
export function getProviderProfile(name: string): ProviderProfile | undefined {
  return isProviderName(name) ? PROVIDER_PROFILES[name] : undefined;
}

/** The profile named `name`; throws a RangeError naming the allowed names where there is none. */
export function getProviderProfileOrThrow(name: unknown): ProviderProfile {
  if (isProviderName(name)) return PROVIDER_PROFILES[name];
  const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 64)) : typeof name;
  throw new RangeError(`provider must be one of ${PROVIDER_NAMES.map((n) => `'${n}'`).join(', ')}; got ${shown}`);
}

/**
 * What one result may still send natively under its host's provider, spent as its blocks are
 * classified: images counted against the images per request, PDF and audio bytes against their
 * budgets. One per result, so every context made from it shares it.
 */
export interface MediaLeft {
  readonly provider: ProviderProfile;
  /** Images this result may still send. */
  images: number;
  /** Decoded PDF bytes this result may still send. */
  documentBytes: number;
  /** Decoded audio bytes this result may still send. */
  audioBytes: number;
}

/** A result's whole allowance under `provider`. */
export function mediaLeftFor(provider: ProviderProfile): MediaLeft {
  return {
    provider,
    images: provider.maxImagesPerRequest ?? Number.POSITIVE_INFINITY,
    documentBytes: provider.documents?.maxBytes ?? 0,
    audioBytes: provider.audio?.maxBytes ?? 0,
  };
}

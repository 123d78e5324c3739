/**
 * Whether an image can go to a model provider natively: its type is one the provider takes,
 * its size fits before anything is decoded, its base64 is strict, and its bytes are a whole
 * image of its declared type within the provider's dimensions. A malformed image makes a
 * provider refuse the whole request, so anything else is a marker.
 */
import { decodeStrictBase64 } from '../text/base64-decode.js';
import { base64DecodedLength } from '../text/size.js';
import { readImage } from './image-format.js';
import type { NativeImageType } from './shown-block.js';

/** Media types providers send natively (`image/jpg` is read as `image/jpeg`). */
export const NATIVE_IMAGE_TYPES: readonly NativeImageType[] = Object.freeze(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * What a host's provider takes as a native image in a tool result. A limit left out is not
 * checked; the host's per-result budget (`maxImageBytes`) applies on top of these.
 */
export interface ImageLimits {
  /** The media types sent natively; any other is a marker. */
  readonly types: readonly NativeImageType[];
  /** Decoded bytes one image may have. */
  readonly maxBytes?: number;
  /** Pixels on the longer side. */
  readonly maxDimension?: number;
  /** Width × height. */
  readonly maxPixels?: number;
}

/**
 * The host's default budget of decoded image bytes one result may send natively (`maxImageBytes`);
 * here, beside the image limits, so the provider profiles can size their PDF budgets by it.
 */
export const DEFAULT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Blockwise's own guard against decompression bombs, not any provider's limit: where a provider
 * documents no pixel limit (OpenAI, Gemini, MCP's clients), an image of a few kilobytes can
 * still declare billions of pixels, which the model's side must inflate to scale it down (a
 * PNG of 2^31 − 1 × 1 px is 8 bytes of zlib). 100 million pixels (10,000 × 10,000) and 32,768 px
 * a side are past any image a tool means to show and within what image libraries decode.
 */
export const IMAGE_BOMB_GUARD = Object.freeze({ maxPixels: 100_000_000, maxDimension: 32_768 } as const);

/** The MCP profile's limits: the four formats, and blockwise's bomb guard past the host's budget. */
export const MCP_IMAGE_LIMITS: ImageLimits = Object.freeze({ types: NATIVE_IMAGE_TYPES, ...IMAGE_BOMB_GUARD });

/** Why an image isn't sent natively, before its pixels are known. */
type ImageRefusal =
  | 'image-unsupported-type'
  /** One of the four formats, but not one the host's provider takes. */
  | 'image-type-not-taken'
  | 'image-too-large'
  | 'image-budget'
  | 'image-undecodable'
  | 'image-mismatch'
  | 'image-truncated'
  | 'image-malformed';

/** The outcome of checking an image; `bytes` is its decoded size, read from its base64's length. */
export type ImageCheck =
  /** `mimeType` is the exact type providers take (`image/jpg`, case and parameters read loosely). */
  | { readonly ok: true; readonly bytes: number; readonly mimeType: NativeImageType; readonly width: number; readonly height: number }
  | { readonly ok: false; readonly reason: ImageRefusal; readonly bytes: number }
  /** A whole image past the provider's longer side (`image-dimensions`) or its pixel count (`image-pixels`). */
  | {
      readonly ok: false;
      readonly reason: 'image-dimensions' | 'image-pixels';
      readonly bytes: number;
      readonly width: number;
      readonly height: number;
    };

/**
 * Checks `data` (base64) against its declared `mimeType` and the provider's `limits`, in the
 * order that costs least: the type; the size from the base64's length, against `limits.maxBytes`
 * and then `bytesLeft` (the result's remaining budget), so an image too large is never decoded;
 * strict base64, decoded natively; a whole image of its type; its dimensions.
 */
export function checkImage(data: string, mimeType: string, limits: ImageLimits, bytesLeft = Number.POSITIVE_INFINITY): ImageCheck {
  const bytes = base64DecodedLength(data);
  const type = takenImageType(mimeType, limits);
  if (type === undefined) {
    const native = (NATIVE_IMAGE_TYPES as readonly string[]).includes(normalizeImageType(mimeType));
    return { ok: false, reason: native ? 'image-type-not-taken' : 'image-unsupported-type', bytes };
  }
  if (limits.maxBytes !== undefined && bytes > limits.maxBytes) return { ok: false, reason: 'image-too-large', bytes };
  if (bytes > bytesLeft) return { ok: false, reason: 'image-budget', bytes };
  const decoded = decodeStrictBase64(data);
  if (decoded === undefined) return { ok: false, reason: 'image-undecodable', bytes };
  const image = readImage(decoded, type);
  if (image.kind !== 'whole') return { ok: false, reason: READING_REFUSALS[image.kind], bytes };
  const { width, height } = image;
  if (limits.maxDimension !== undefined && Math.max(width, height) > limits.maxDimension) {
    return { ok: false, reason: 'image-dimensions', bytes, width, height };
  }
  if (limits.maxPixels !== undefined && width * height > limits.maxPixels) return { ok: false, reason: 'image-pixels', bytes, width, height };
  return { ok: true, bytes, mimeType: type, width, height };
}

const READING_REFUSALS = { mismatch: 'image-mismatch', truncated: 'image-truncated', malformed: 'image-malformed' } as const;

/** The type `limits` take that `mimeType` declares (read as {@link checkImage} reads it), if any. */
export function takenImageType(mimeType: string, limits: ImageLimits): NativeImageType | undefined {
  const declared = normalizeImageType(mimeType);
  return (limits.types as readonly string[]).includes(declared) ? (declared as NativeImageType) : undefined;
}

/** A declared image type, lower-cased, parameters dropped, `image/jpg` read as `image/jpeg`. */
function normalizeImageType(mimeType: string): string {
  const semicolon = mimeType.indexOf(';');
  const bare = (semicolon < 0 ? mimeType : mimeType.slice(0, semicolon)).trim().toLowerCase();
  return bare === 'image/jpg' ? 'image/jpeg' : bare;
}

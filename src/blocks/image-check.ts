/**
 * Whether an image can go to a model provider natively: its base64 decodes and its first
 * bytes match its declared type, among the formats providers take (PNG, JPEG, GIF, WebP). A
 * malformed image makes a provider refuse the whole request, so anything else is a marker.
 */
import type { NativeImageType } from './shown-block.js';
import { base64DecodedLength } from '../text/size.js';

/** The media types an image may be sent natively as, with the bytes each starts with. */
const SIGNATURES: Readonly<Record<NativeImageType, (head: Uint8Array) => boolean>> = {
  'image/png': (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  'image/gif': (h) => startsWith(h, [0x47, 0x49, 0x46, 0x38]) && (h[4] === 0x37 || h[4] === 0x39) && h[5] === 0x61,
  'image/webp': (h) => startsWith(h, [0x52, 0x49, 0x46, 0x46]) && startsWith(h.subarray(8), [0x57, 0x45, 0x42, 0x50]),
};

/** Media types providers send natively (`image/jpg` is read as `image/jpeg`). */
export const NATIVE_IMAGE_TYPES: readonly NativeImageType[] = Object.keys(SIGNATURES) as NativeImageType[];

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

/** The MCP profile's limits: the four formats, no limit of its own past the host's budget. */
export const MCP_IMAGE_LIMITS: ImageLimits = { types: NATIVE_IMAGE_TYPES };

/** The outcome of checking an image. */
export type ImageCheck =
  /** `mimeType` is the exact type providers take (`image/jpg`, case and parameters read loosely). */
  | { readonly ok: true; readonly bytes: number; readonly mimeType: NativeImageType }
  | { readonly ok: false; readonly reason: 'image-unsupported-type' | 'image-undecodable' | 'image-mismatch'; readonly bytes: number };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Checks `data` (base64) against its declared `mimeType`. */
export function checkImage(data: string, mimeType: string): ImageCheck {
  const declared = normalizeImageType(mimeType);
  const valid = data.length % 4 === 0 && BASE64.test(data);
  const bytes = base64DecodedLength(data);
  const signature = (SIGNATURES as Readonly<Record<string, (head: Uint8Array) => boolean>>)[declared];
  if (signature === undefined) return { ok: false, reason: 'image-unsupported-type', bytes };
  if (!valid || data.length === 0) return { ok: false, reason: 'image-undecodable', bytes };
  const head = Buffer.from(data.slice(0, 24), 'base64');
  if (!signature(head)) return { ok: false, reason: 'image-mismatch', bytes };
  return { ok: true, bytes, mimeType: declared as NativeImageType };
}

/** A declared image type, lower-cased, parameters dropped, `image/jpg` read as `image/jpeg`. */
function normalizeImageType(mimeType: string): string {
  const bare = mimeType.split(';')[0]!.trim().toLowerCase();
  return bare === 'image/jpg' ? 'image/jpeg' : bare;
}

function startsWith(head: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => head[index] === byte);
}

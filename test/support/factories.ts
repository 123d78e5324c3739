/**
 * Small factories for test data: each pins its block's discriminant and takes overrides, so a
 * test names only what it is about. The images are whole 1×1 images of each format, built by
 * code in `images.ts`, never copied from `../shared`.
 */
import fc from 'fast-check';
import { it } from 'vitest';
import { makeGif, makeJpeg, makePng, makeWebp, pngChunk } from './images.js';
import { blockCutNotice } from '../../src/text/markers.js';

/** A loose object: blocks under test are often deliberately off-schema. */
export type Loose = Record<string, unknown>;

/** The 1×1 PNG's bytes. */
export const PNG_BYTES: Buffer = makePng(1, 1);
/** The 1×1 PNG as base64. */
export const PNG_BASE64: string = PNG_BYTES.toString('base64');
/** A whole 1×1 GIF as base64. */
export const GIF_BASE64: string = makeGif().toString('base64');
/** A whole 1×1 baseline JPEG as base64. */
export const JPEG_BASE64: string = makeJpeg().toString('base64');
/** A whole 1×1 lossless WebP as base64. */
export const WEBP_BASE64: string = makeWebp().toString('base64');
/** A WAV file's leading bytes (`RIFF…WAVE`) as base64, for audio blocks. */
export const WAV_BASE64: string = Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.alloc(4), Buffer.from('WAVEfmt ', 'ascii'), Buffer.alloc(3060)]).toString(
  'base64',
);

/**
 * Base64 of a whole 1×1 PNG of exactly `bytes` bytes (at least the 1×1 PNG's size plus 12), its
 * size made up by a private ancillary chunk before IEND (for size and budget cases).
 */
export function pngOfSize(bytes: number): string {
  const iend = PNG_BYTES.subarray(PNG_BYTES.length - 12);
  const head = PNG_BYTES.subarray(0, PNG_BYTES.length - 12);
  const filler = bytes - PNG_BYTES.length - 12;
  if (filler < 0) throw new RangeError(`pngOfSize: ${bytes} is under the ${PNG_BYTES.length + 12} bytes a padded PNG takes`);
  return Buffer.concat([head, pngChunk('prVt', Buffer.alloc(filler)), iend]).toString('base64');
}

/** A text block. */
export function textBlock(overrides: Loose = {}): Loose {
  return { type: 'text', text: 'hello', ...overrides };
}

/** An inline image block (the 1×1 PNG unless overridden). */
export function imageBlock(overrides: Loose = {}): Loose {
  return { type: 'image', data: PNG_BASE64, mimeType: 'image/png', ...overrides };
}

/** An inline audio block. */
export function audioBlock(overrides: Loose = {}): Loose {
  return { type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav', ...overrides };
}

/** An MCP resource link. */
export function resourceLink(overrides: Loose = {}): Loose {
  return { type: 'resource_link', name: 'report.pdf', uri: 'https://files.example.com/report.pdf', mimeType: 'application/pdf', ...overrides };
}

/** An MCP embedded resource with text contents. */
export function embeddedText(contents: Loose = {}, overrides: Loose = {}): Loose {
  return { type: 'resource', resource: { uri: 'file:///notes/readme.txt', mimeType: 'text/plain', text: 'embedded words', ...contents }, ...overrides };
}

/** An MCP embedded resource with blob contents. */
export function embeddedBlob(contents: Loose = {}, overrides: Loose = {}): Loose {
  return { type: 'resource', resource: { uri: 'file:///data/archive.zip', mimeType: 'application/zip', blob: 'UEsDBAoAAAAAAA==', ...contents }, ...overrides };
}

/** An RFC-005 reference in MCPL's form: a `resource` with a top-level uri. */
export function referenceBlock(overrides: Loose = {}): Loose {
  return { type: 'resource', uri: 'https://files.example.com/big.csv', name: 'big.csv', mimeType: 'text/csv', sizeBytes: 4096, ...overrides };
}

/** A block of a type no MCP revision defines. */
export function unknownBlock(overrides: Loose = {}): Loose {
  return { type: 'hologram', ...overrides };
}

/** An MCP `CallToolResult` around `content`. */
export function callResult(content: unknown[], overrides: Loose = {}): Loose {
  return { content, ...overrides };
}

/**
 * What the copies show of a result that is one text of `length` characters whose start is
 * `text`, at `cap` (issue 14's rule for one block): the whole where it fits; else its start
 * and the notice naming it within the cap (the budget holds the last newline, so one more
 * than the cap, less the blank line before the notice); else, where the notice leaves no
 * room, the notice that it was left out.
 */
export function oneTextAtCap(text: string, cap: number, length = text.length): string {
  if (length <= cap) return text;
  const room = cap + 1 - 3 - blockCutNotice(1, 1, length, cap + 1).length;
  return room > 0 ? `${text.slice(0, room)}\n\n${blockCutNotice(1, 1, length, room)}` : blockCutNotice(1, 1, length, 0);
}

/** A presigned-looking uri (AWS SigV4): it may carry a credential, so no copy shows it. */
export const PRESIGNED_URI = 'https://bucket.s3.amazonaws.com/report.pdf?X-Amz-Credential=AKIAEXAMPLE&X-Amz-Signature=0f1e2d3c4b5a69788796a5b4c3d2e1f0';
/** A uri with userinfo: it may carry a credential, so no copy shows it. */
export const USERINFO_URI = 'https://alice:hunter2@files.example.com/report.pdf';
/** A plain uri that can't carry a credential. */
export const PLAIN_URI = 'https://files.example.com/report.pdf';

/** The longest run of base64 letters in `text` (to check that no base64 reaches a copy). */
export function longestBase64Run(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/[A-Za-z0-9+/]+={0,2}/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

/**
 * A seeded fast-check property as one vitest test: `itProp([arbitraries], { seed, numRuns })(name,
 * predicate)`. Plain `fast-check` under `it`, rather than `@fast-check/vitest`, whose import
 * costs about a second per test file.
 */
export function itProp<Ts extends unknown[]>(
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  params: { readonly seed: number; readonly numRuns: number },
): (name: string, predicate: (...args: Ts) => void) => void {
  return (name, predicate) => {
    it(name, () => {
      const property = fc.property(...(arbitraries as unknown as [fc.Arbitrary<unknown>]), predicate as (...args: unknown[]) => void);
      fc.assert(property, params);
    });
  };
}

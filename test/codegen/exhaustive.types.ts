/**
 * Exhaustiveness of the generated visitor, at the type level (fails only under tsc, which
 * `npm run typecheck` runs over test/): a handler table that leaves out a kind, or names one
 * that isn't a kind, is a compile error.
 */
import type { BlockHandlers } from '../../src/generated/mcp/2026-07-28.generated.js';

const complete: BlockHandlers<string, null> = {
  text: () => 'text',
  image: () => 'image',
  audio: () => 'audio',
  resource_link: () => 'resource_link',
  resource: () => 'resource',
  unknown: () => 'unknown',
};

// @ts-expect-error a table without `audio` doesn't type-check
const missingAudio: BlockHandlers<string, null> = {
  text: () => 'text',
  image: () => 'image',
  resource_link: () => 'resource_link',
  resource: () => 'resource',
  unknown: () => 'unknown',
};

const extraKind: BlockHandlers<string, null> = {
  ...complete,
  // @ts-expect-error `video` is no block kind of this revision
  video: () => 'video',
};

// @ts-expect-error a table without `unknown` doesn't type-check
const missingUnknown: BlockHandlers<string, null> = {
  text: () => 'text',
  image: () => 'image',
  audio: () => 'audio',
  resource_link: () => 'resource_link',
  resource: () => 'resource',
};

export { complete, missingAudio, extraKind, missingUnknown };

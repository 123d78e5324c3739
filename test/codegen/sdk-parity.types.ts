/**
 * Type parity between the generated MCP 2025-11-25 types and the MCP SDK's own types (the SDK's
 * LATEST_PROTOCOL_VERSION). Type-level: this file fails only under `npm run typecheck` (tsc),
 * which CI runs over test/. Each kind is checked both ways (`ours = theirs; theirs = ours`);
 * where only one way holds, the comment beside it says why.
 */
import type * as Sdk from '@modelcontextprotocol/sdk/types.js';
import type * as Ours from '../../src/generated/mcp/2025-11-25.generated.js';

declare const sdk: {
  text: Sdk.TextContent;
  image: Sdk.ImageContent;
  audio: Sdk.AudioContent;
  resourceLink: Sdk.ResourceLink;
  resource: Sdk.EmbeddedResource;
  block: Sdk.ContentBlock;
  textContents: Sdk.TextResourceContents;
  blobContents: Sdk.BlobResourceContents;
};
declare const ours: {
  text: Ours.TextContent;
  image: Ours.ImageContent;
  audio: Ours.AudioContent;
  resourceLink: Ours.ResourceLink;
  resource: Ours.EmbeddedResource;
  block: Ours.ContentBlock;
  textContents: Ours.TextResourceContents;
  blobContents: Ours.BlobResourceContents;
};

export const oursFromSdk: typeof ours = {
  text: sdk.text,
  image: sdk.image,
  audio: sdk.audio,
  resourceLink: sdk.resourceLink,
  resource: sdk.resource,
  block: sdk.block,
  textContents: sdk.textContents,
  blobContents: sdk.blobContents,
};

export const sdkFromOurs: typeof sdk = {
  text: ours.text,
  image: ours.image,
  audio: ours.audio,
  resourceLink: ours.resourceLink,
  resource: ours.resource,
  block: ours.block,
  textContents: ours.textContents,
  blobContents: ours.blobContents,
};

declare const sdkResult: Sdk.CallToolResult;
declare const ourResult: Ours.CallToolResult;

/** The SDK's result is one of ours: every field it declares fits the spec's declaration. */
export const resultFromSdk: Ours.CallToolResult = sdkResult;

// The other way doesn't hold: the SDK's result is a loose object (an index signature for any
// extra key, from its `z.looseObject` base), and ours declares exactly the spec's fields (the
// compile stage's `additionalProperties: false`). The line below must stay an error.
// @ts-expect-error ours → SDK is one-way (see above)
export const sdkFromOurResult: Sdk.CallToolResult = ourResult;

import { describe, expect, it } from 'vitest';
import * as mcp from '../../src/generated/mcp/2026-07-28.generated.js';
import * as rfc005 from '../../src/generated/rfc005.generated.js';

const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('MCP 2026-07-28 guards reject near misses', () => {
  it.each([
    ['image > missing data', mcp.isImageContent, { type: 'image', mimeType: 'image/png' }],
    ['image > mimeType not a string', mcp.isImageContent, { type: 'image', data: png, mimeType: 7 }],
    ['image > wrong type', mcp.isImageContent, { type: 'audio', data: png, mimeType: 'image/png' }],
    ['audio > missing mimeType', mcp.isAudioContent, { type: 'audio', data: 'UklGRg==' }],
    ['text > text not a string', mcp.isTextContent, { type: 'text', text: 42 }],
    ['text > bad annotations', mcp.isTextContent, { type: 'text', text: 't', annotations: { priority: 'high' } }],
    ['resource_link > missing name', mcp.isResourceLink, { type: 'resource_link', uri: 'https://x.test/a' }],
    ['resource_link > size a string', mcp.isResourceLink, { type: 'resource_link', uri: 'u', name: 'n', size: '3' }],
    ['resource > contents with neither text nor blob', mcp.isEmbeddedResource, { type: 'resource', resource: { uri: 'u' } }],
    ['resource > MCPL reference form', mcp.isEmbeddedResource, { type: 'resource', uri: 'https://x.test/a' }],
    ['CallToolResult > content not an array', mcp.isCallToolResult, { resultType: 'complete', content: {} }],
  ])('%s', (_name, guard, value) => {
    expect(guard(value)).toBe(false);
  });

  it('accept the well-formed counterparts', () => {
    expect(mcp.isImageContent({ type: 'image', data: png, mimeType: 'image/png' })).toBe(true);
    expect(mcp.isResourceLink({ type: 'resource_link', uri: 'u', name: 'n', size: 3 })).toBe(true);
    expect(mcp.isEmbeddedResource({ type: 'resource', resource: { uri: 'u', blob: 'AA==' } })).toBe(true);
  });
});

describe('RFC-005 guards', () => {
  it('tell the inline form from the reference form, and reject both at once', () => {
    expect(rfc005.BLOCK_GUARDS.image({ type: 'image', data: png, mimeType: 'image/png' })).toBe(true);
    expect(rfc005.BLOCK_GUARDS.image({ type: 'image', uri: 'https://x.test/i.png', disposition: 'ref' })).toBe(true);
    expect(rfc005.isInlineImage({ type: 'image', data: png, mimeType: 'image/png', disposition: 'never' })).toBe(false);
    expect(rfc005.isImageReference({ type: 'image', data: png, uri: 'https://x.test/i.png' })).toBe(false);
    expect(rfc005.isResourceReference({ type: 'resource', uri: 'https://x.test/a', disposition: 'maybe' })).toBe(false);
  });
});

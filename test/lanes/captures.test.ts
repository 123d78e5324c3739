/**
 * Every captured result from the reference servers (`../shared/captures/everything` and
 * `/filesystem`, recursively; `thrown/` files hold thrown errors, still objects) renders
 * without error, no base64 longer than 64 characters reaches a stored copy, and a valid image
 * stays native in the live copy. Reads ../shared; skips, saying so, where it is absent.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImage, MCP_IMAGE_LIMITS } from '../../src/blocks/image-check.js';
import { createHost } from '../../src/host.js';
import { UNCHECKED_RESULT_TEXT } from '../../src/text/markers.js';
import { longestBase64Run } from '../support/factories.js';
import { HAS_SHARED, readSharedJson, sharedPath, SKIP_REASON } from '../support/shared.js';

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return jsonFiles(path);
      return name.endsWith('.json') ? [path] : [];
    });
}

const CAPTURES: string[] = HAS_SHARED
  ? ['everything', 'filesystem'].flatMap((server) => jsonFiles(sharedPath('captures', server))).map((path) => relative(sharedPath('captures'), path))
  : [SKIP_REASON];

/** Every string value under a `data` or `blob` key, at any depth: the capture's base64. */
function base64Fields(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) base64Fields(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'data' || key === 'blob') && typeof item === 'string' && item.length > 64) out.push(item);
      else base64Fields(item, out);
    }
  }
  return out;
}

function nativeImages(result: unknown): { data: string; mimeType: string }[] {
  const content = (result as { content?: unknown }).content;
  if (!Array.isArray(content)) return [];
  return content.filter(
    (block): block is { data: string; mimeType: string } =>
      typeof block === 'object' &&
      block !== null &&
      block.type === 'image' &&
      typeof block.data === 'string' &&
      typeof block.mimeType === 'string' &&
      checkImage(block.data, block.mimeType, MCP_IMAGE_LIMITS).ok,
  );
}

describe.skipIf(!HAS_SHARED)(`captures from ../shared/captures${HAS_SHARED ? '' : ` (${SKIP_REASON})`}`, () => {
  it("finds both servers' captures, thrown/ included", () => {
    expect(CAPTURES.filter((path) => path.startsWith('everything/')).length).toBeGreaterThan(10);
    expect(CAPTURES.filter((path) => path.startsWith('filesystem/')).length).toBeGreaterThan(10);
    expect(CAPTURES.some((path) => path.includes('thrown/'))).toBe(true);
    expect(CAPTURES.some((path) => path.includes('resources/'))).toBe(true);
    const withImages = CAPTURES.filter((path) => nativeImages(readSharedJson('captures', path)).length > 0);
    expect(withImages.length).toBeGreaterThanOrEqual(3);
  });

  it("server-everything's text/plain blob is shown as its text, under its header", () => {
    const result = readSharedJson<{ content: { type: string; resource?: { uri: string; blob?: string } }[] }>(
      'captures',
      'everything/get-resource-reference-blob.json',
    );
    const resource = result.content.find((block) => block.type === 'resource')!.resource!;
    const text = Buffer.from(resource.blob!, 'base64').toString('utf8');
    const stored = createHost({ log: () => undefined }).renderToolResult(result).stored;
    expect(stored).toContain(`[embedded resource: ${resource.uri}, text/plain]\n${text}`);
  });

  it.each(CAPTURES)('%s', (path) => {
    const result = readSharedJson<Record<string, unknown>>('captures', path);
    const logs: string[] = [];
    const host = createHost({ log: (line) => logs.push(line) });
    const rendered = host.renderToolResult(result, { toolName: path });

    // Renders without error.
    expect(logs).toEqual([]);
    expect(rendered.stored).not.toBe(UNCHECKED_RESULT_TEXT);

    // No base64 longer than 64 characters in the stored copy, and none of the capture's own.
    expect(longestBase64Run(rendered.stored)).toBeLessThanOrEqual(64);
    for (const field of base64Fields(result)) expect(rendered.stored).not.toContain(field.slice(0, 65));

    // A live copy in text form carries no base64 either.
    if (rendered.live.kind === 'text') expect(longestBase64Run(rendered.live.text)).toBeLessThanOrEqual(64);

    // Images stay native in the live copy, their data unchanged.
    const images = nativeImages(result);
    if (images.length > 0) {
      expect(rendered.live.kind).toBe('native');
      if (rendered.live.kind === 'native') {
        const sent = rendered.live.blocks.filter((block) => block.type === 'image');
        expect(sent).toEqual(images.map(({ data, mimeType }) => ({ type: 'image', data, mimeType })));
      }
    }

    // Its structuredContent alone (content absent) shows no base64 either.
    if (result.structuredContent !== undefined) {
      const alone = host.renderToolResult({ structuredContent: result.structuredContent });
      expect(logs).toEqual([]);
      expect(longestBase64Run(alone.stored)).toBeLessThanOrEqual(64);
    }

    // The push lane takes its content too, never throwing and never showing base64 as text.
    if (Array.isArray(result.content)) {
      for (const block of host.convertBlocks(result.content)) if (block.type === 'text') expect(longestBase64Run(block.text)).toBeLessThanOrEqual(64);
      expect(logs).toEqual([]);
    }
  });
});

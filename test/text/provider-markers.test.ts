/**
 * The provider adapters' words (issue 13): what stands in for a block a provider can't take,
 * and Chat Completions' image lines — exact texts, labels bounded and sanitized.
 */
import { describe, expect, it } from 'vitest';
import { CUT_MARK } from '../../src/text/labels.js';
import { imageFollowsLine, mediaNotTakenMarker, PROVIDER_NAMES, TYPE_LABEL_MAX_CHARS, toolImagesText, UNNAMED_TYPE } from '../../src/text/markers.js';

describe(mediaNotTakenMarker.name, () => {
  it('names the kind, the provider, the media type and the size', () => {
    expect(mediaNotTakenMarker('audio', 'audio/wav', 3072, 'anthropic')).toBe(
      '[Audio not shown: Anthropic takes no audio in a tool result (audio/wav, ~3KB).]',
    );
    expect(mediaNotTakenMarker('document', 'application/pdf', 100, 'openai-chat')).toBe(
      '[Document not shown: OpenAI Chat Completions takes no document in a tool result (application/pdf, ~100B).]',
    );
  });

  it('shows a media type that may carry a credential as unnamed', () => {
    expect(mediaNotTakenMarker('audio', 'https://x.example/a?token=abc', 1, 'gemini')).toContain(`(${UNNAMED_TYPE}, `);
  });

  it('has a name for every provider', () => {
    expect(Object.keys(PROVIDER_NAMES).sort()).toEqual(['ai-sdk', 'anthropic', 'gemini', 'openai-chat', 'openai-responses']);
  });
});

describe(imageFollowsLine.name, () => {
  it('numbers the image and names its type and size', () => {
    expect(imageFollowsLine(2, 'image/png', 2048)).toBe('[image 2: image/png, ~2KB; it follows in a user message, as tool messages carry no images]');
  });
});

describe(toolImagesText.name, () => {
  it('counts the images and names the call', () => {
    expect(toolImagesText(1, 'call_abc')).toBe('[The 1 image of the result of tool call "call_abc", in order:]');
    expect(toolImagesText(3, 'call_abc')).toBe('[The 3 images of the result of tool call "call_abc", in order:]');
  });

  it('shows the call id sanitized, without a quote to end it early, and cut', () => {
    expect(toolImagesText(1, 'a"b\u0000c')).toContain('tool call "a\'bc"');
    const shown = /tool call "([^"]*)"/.exec(toolImagesText(1, 'x'.repeat(500)))?.[1] ?? '';
    expect(shown.length).toBeLessThanOrEqual(TYPE_LABEL_MAX_CHARS);
    expect(shown.endsWith(CUT_MARK)).toBe(true);
  });
});

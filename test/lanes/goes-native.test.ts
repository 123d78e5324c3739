/**
 * `goesNative(shown, cap)` (issue 3, docs/design.md §5.3; issue 13): true only when the result holds native
 * media (an image, or a PDF document or audio clip its provider takes) and its link lines and
 * markers fit the cap together. Held to "every mutant killed": each case is
 * small and exact, boundaries included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShownBlock } from '../../src/blocks/shown-block.js';
import { goesNative } from '../../src/lanes/goes-native.js';
import { itProp } from '../support/factories.js';

const image = (): ShownBlock => ({
  kind: 'image',
  text: '[image: image/png, 1×1 px, ~1KB]',
  data: 'iVBORw0KGgo=',
  mimeType: 'image/png',
  bytes: 1024,
  width: 1,
  height: 1,
});
const pdf = (): ShownBlock => ({
  kind: 'media',
  media: 'document',
  text: '[document: uri not shown, application/pdf, ~1KB]',
  data: 'JVBERi0=',
  mimeType: 'application/pdf',
  bytes: 1024,
});
const audio = (): ShownBlock => ({ kind: 'media', media: 'audio', text: '[audio: audio/wav, ~1KB]', data: 'UklGRg==', mimeType: 'audio/wav', bytes: 1024 });
const text = (length: number): ShownBlock => ({ kind: 'text', text: 't'.repeat(length) });
const marker = (length: number): ShownBlock => ({ kind: 'marker', text: 'm'.repeat(length), reason: 'audio' });
const link = (length: number): ShownBlock => ({ kind: 'link', text: 'l'.repeat(length), refId: 'ref-1', uri: 'https://x.example/', why: 'no-address' });
const stub = (length: number): ShownBlock => ({ kind: 'stub', text: 's'.repeat(length), refId: 'ref-2', fetchable: false });
const withheld = (length: number): ShownBlock => ({ kind: 'withheld', text: 'w'.repeat(length) });

describe(goesNative.name, () => {
  it.each<[string, { given: ShownBlock[]; cap: number; want: boolean }]>([
    ['no blocks > false', { given: [], cap: 100, want: false }],
    ['no image > text only > false', { given: [text(5)], cap: 100, want: false }],
    ['no image > markers and links that fit > false', { given: [marker(5), link(5)], cap: 100, want: false }],
    ['image alone > true', { given: [image()], cap: 1, want: true }],
    ['image alone > cap 0 > true (nothing counted)', { given: [image()], cap: 0, want: true }],
    ['image + marker = cap > true', { given: [image(), marker(10)], cap: 10, want: true }],
    ['image + marker = cap + 1 > false', { given: [image(), marker(11)], cap: 10, want: false }],
    ['image + link = cap > true', { given: [link(10), image()], cap: 10, want: true }],
    ['image + link = cap + 1 > false', { given: [link(11), image()], cap: 10, want: false }],
    ['image + link + marker = cap > true (counted together)', { given: [link(4), image(), marker(6)], cap: 10, want: true }],
    ['image + link + marker = cap + 1 > false (counted together)', { given: [link(5), image(), marker(6)], cap: 10, want: false }],
    ['image + two markers each under the cap, together over > false', { given: [marker(6), marker(6), image()], cap: 10, want: false }],
    ['image + long text > true (texts are cut, not counted)', { given: [text(1000), image()], cap: 10, want: true }],
    ['image + long stub > true (stubs go whole, not counted)', { given: [stub(1000), image()], cap: 10, want: true }],
    ['image + long withheld line > true (not counted)', { given: [withheld(1000), image()], cap: 10, want: true }],
    ['image last, markers over the cap before it > false', { given: [marker(20), image()], cap: 10, want: false }],
    ['two images + marker = cap > true', { given: [image(), marker(10), image()], cap: 10, want: true }],
    ['PDF alone > true (native media)', { given: [pdf()], cap: 1, want: true }],
    ['audio alone > true (native media)', { given: [audio()], cap: 1, want: true }],
    ['PDF + marker = cap > true', { given: [pdf(), marker(10)], cap: 10, want: true }],
    ['PDF + marker = cap + 1 > false', { given: [marker(11), pdf()], cap: 10, want: false }],
    ['audio + link = cap + 1 > false', { given: [audio(), link(11)], cap: 10, want: false }],
    ['PDF and image + text > true', { given: [text(50), pdf(), image()], cap: 10, want: true }],
  ])('%s', (_name, { given, cap, want }) => {
    expect(goesNative(given, cap)).toBe(want);
  });

  const block = fc.oneof(
    fc.constant(image()),
    fc.constant(pdf()),
    fc.constant(audio()),
    fc.nat(40).map(text),
    fc.nat(40).map(marker),
    fc.nat(40).map(link),
    fc.nat(40).map(stub),
    fc.nat(40).map(withheld),
  );

  itProp([fc.array(block, { maxLength: 8 }), fc.nat(120)], { seed: 0x5eed_0004, numRuns: 1000 })(
    'is (holds an image, PDF or audio) and (link and marker characters ≤ cap), in any order',
    (given, cap) => {
      const counted = given.filter((b) => b.kind === 'link' || b.kind === 'marker').reduce((sum, b) => sum + b.text.length, 0);
      const want = given.some((b) => b.kind === 'image' || b.kind === 'media') && counted <= cap;
      expect(goesNative(given, cap)).toBe(want);
      expect(goesNative([...given].reverse(), cap)).toBe(want);
    },
  );
});

/**
 * The marker texts (issue 3): where the issue gives a template, the exported text is that
 * template; every marker is one line whatever it is given; type labels are sanitized and
 * bounded.
 */
import { describe, expect, it } from 'vitest';
import { formatSize } from '../../src/text/size.js';
import {
  blockCutNotice,
  audioMarker,
  embeddedBlobMarker,
  embeddedHeader,
  imageBudgetMarker,
  imageDimensionsMarker,
  imageMalformedMarker,
  imageMismatchMarker,
  imageMissingMarker,
  imagePixelsMarker,
  imagePlaceholder,
  imageTooLargeMarker,
  imageTruncatedMarker,
  imageUndecodableMarker,
  imageUnsupportedMarker,
  incompleteResultText,
  invalidReferenceMarker,
  linkLine,
  omittedTextsNotice,
  TYPE_LABEL_MAX_CHARS,
  typeLabel,
  unknownTypeMarker,
  UNCHECKED_RESULT_TEXT,
} from '../../src/text/markers.js';

const DIRTY = 'audio/\u202Ewav\u0000\n\u2028\u2029\u0085';

describe('issue templates', () => {
  it.each([
    [
      'audio',
      audioMarker('audio/wav', 3 * 1024),
      `[Audio not shown: this host's tool results carry only text and images (audio/wav, ${formatSize(3 * 1024)}).]`,
    ],
    ['unknown type', unknownTypeMarker('hologram'), '[Content not shown: this host can\'t display "hologram" content.]'],
    [
      'image dimensions (issue 13)',
      imageDimensionsMarker(9000, 300, 8000, 'image/png'),
      "[Image not shown: 9000×300 px is past this provider's 8000 px limit (image/png).]",
    ],
    [
      'image pixels',
      imagePixelsMarker(2000, 1000, 1_150_000, 'image/png'),
      "[Image not shown: 2000×1000 px is 2,000,000 pixels, past this provider's 1,150,000-pixel limit (image/png).]",
    ],
    [
      'image too large',
      imageTooLargeMarker('image/png', 6 * 1024 * 1024, 5 * 1024 * 1024),
      "[Image not shown: ~6.0MB is past this provider's ~5.0MB limit per image (image/png).]",
    ],
    [
      'image truncated (issue 13)',
      imageTruncatedMarker('image/png', 8),
      '[Image not shown: declared image/png, but its data ends before the image does (~8B).]',
    ],
    ['image placeholder', imagePlaceholder('image/png', 3 * 1024, 640, 480), `[image: image/png, 640×480 px, ${formatSize(3 * 1024)}]`],
    [
      'link line',
      linkLine('Q3 report', 'https://files.example.com/q3.pdf', 'application/pdf'),
      '[resource link "Q3 report": https://files.example.com/q3.pdf, application/pdf; not fetched]',
    ],
    ['cut notice', blockCutNotice(2, 5, 218_004, 12_000), '[block 2 of 5 cut: 218,004 chars, 12,000 shown]'],
    ['cut notice > small numbers', blockCutNotice(1, 1, 999, 1), '[block 1 of 1 cut: 999 chars, 1 shown]'],
    ['cut notice > millions', blockCutNotice(7, 12, 5_000_000, 1_234_567), '[block 7 of 12 cut: 5,000,000 chars, 1,234,567 shown]'],
    ['left-out notice', blockCutNotice(3, 4, 1_000, 0), '[block 3 of 4 left out: 1,000 chars]'],
    ['texts left out, counted', omittedTextsNotice(3, 45_000), '[3 more text blocks left out: 45,000 chars]'],
    [
      'result not shown',
      UNCHECKED_RESULT_TEXT,
      "[Result not shown: the tool ran, but its result couldn't be read through, checked for references and shown, so this host withheld it.]",
    ],
  ])('%s', (_name, given, want) => {
    expect(given).toBe(want);
  });

  it('the audio size reads like ~3KB', () => {
    expect(audioMarker('audio/wav', 3 * 1024)).toMatch(/\(audio\/wav, ~3(?:\.0)?KB\)\.\]$/);
  });

  it('a link with no type says so', () => {
    expect(linkLine('n', 'https://x.example/', undefined)).toBe('[resource link "n": https://x.example/, unknown type; not fetched]');
  });

  it('gives each line its own type, however the types of the lines before it ran', () => {
    const types = ['text/csv', 'text/csv', 'application/pdf', undefined, 'text/csv', 'image/png', 'image/png', 'text/csv'];
    for (const [at, type] of types.entries()) {
      expect(linkLine(`f${at}`, `https://x.example/${at}`, type)).toBe(
        `[resource link "f${at}": https://x.example/${at}, ${type ?? 'unknown type'}; not fetched]`,
      );
    }
  });
});

describe(typeLabel.name, () => {
  it('strips controls, bidi and separators', () => {
    expect(typeLabel(DIRTY)).toBe('audio/wav');
  });

  it(`is bounded at ${TYPE_LABEL_MAX_CHARS} characters, \`…\` marking the cut`, () => {
    expect(typeLabel('t'.repeat(TYPE_LABEL_MAX_CHARS))).toBe('t'.repeat(TYPE_LABEL_MAX_CHARS));
    expect(typeLabel('t'.repeat(TYPE_LABEL_MAX_CHARS + 1))).toBe(`${'t'.repeat(TYPE_LABEL_MAX_CHARS - 1)}…`);
  });
});

describe('every marker is one line, its labels sanitized and bounded', () => {
  const long = `${DIRTY}${'z'.repeat(10_000)}`;
  it.each([
    ['audio', () => audioMarker(long, 10)],
    ['unknown type', () => unknownTypeMarker(long)],
    ['image missing data', () => imageMissingMarker('data', long)],
    ['image unsupported', () => imageUnsupportedMarker(long, 10)],
    ['image undecodable', () => imageUndecodableMarker(long)],
    ['image mismatch', () => imageMismatchMarker(long, 10)],
    ['image budget', () => imageBudgetMarker(long, 10, 100)],
    ['image placeholder', () => imagePlaceholder(long, 10, 1, 1)],
    ['image too large', () => imageTooLargeMarker(long, 10, 5)],
    ['image truncated', () => imageTruncatedMarker(long, 10)],
    ['image malformed', () => imageMalformedMarker(long, 10)],
    ['image dimensions', () => imageDimensionsMarker(9000, 300, 8000, long)],
    ['image pixels', () => imagePixelsMarker(2000, 2000, 1_150_000, long)],
    ['embedded blob', () => embeddedBlobMarker(long, 10)],
    ['embedded header', () => embeddedHeader(undefined, long)],
    ['invalid reference', () => invalidReferenceMarker(long)],
    ['incomplete result', () => incompleteResultText(long)],
    ['link line', () => linkLine(long, 'https://x.example/', long)],
  ])('%s', (_name, make) => {
    const text = make();
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    expect(text).toContain('audio/wav');
    expect(text).not.toContain('z'.repeat(TYPE_LABEL_MAX_CHARS + 60));
    expect(text.length).toBeLessThan(400);
  });
});

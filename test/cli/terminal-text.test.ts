import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { escapingSink, terminalSafe, visible } from '../../src/cli/terminal-text.js';
import { rawResultJson, RAW_DATA_KEEP, shortenedData } from '../../src/cli/raw-json.js';

const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe(terminalSafe.name, () => {
  test.prop([fc.string({ unit: 'binary' })])('leaves no control a terminal acts on, and keeps tab and newline', (text) => {
    const safe = terminalSafe(text);
    expect(safe).not.toMatch(TERMINAL_CONTROL);
    expect(safe.split('\n').length).toBe(text.split('\n').length);
  });

  it.each([
    ['an OSC title sequence', '\u001b]0;pwned\u0007', '\\u001b]0;pwned\\u0007'],
    ['a C1 CSI and a carriage return', 'a\u009b31m\rb', 'a\\u009b31m\\u000db'],
    ['tab and newline kept', 'a\tb\nc', 'a\tb\nc'],
    ['bidi overrides and isolates', 'a\u202eb\u2066c\u2069d\u200fe', 'a\\u202eb\\u2066c\\u2069d\\u200fe'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    ['zero-width space and byte-order mark', 'a\u200bb\ufeffc', 'a\\u200bb\\ufeffc'],
    ['a tag character, as its two surrogates', 'a\u{e0041}b', 'a\\udb40\\udc41b'],
    ['the zero-width joiner an emoji sequence needs kept', '\u{1f468}\u200d\u{1f469}', '\u{1f468}\u200d\u{1f469}'],
  ])('%s', (_name, given, want) => {
    expect(terminalSafe(given)).toBe(want);
  });

  it('escaped JSON stays JSON that decodes to the same text', () => {
    const text = 'x\u202ey\u2028z\u200b\u{e0041}\u001b';
    expect(JSON.parse(terminalSafe(JSON.stringify({ text })))).toEqual({ text });
  });

  it('visible also escapes newlines; the sink escapes what is written through it', () => {
    expect(visible('a\nb')).toBe('a\\u000ab');
    let written = '';
    escapingSink({ write: (text: string) => (written += text) }).write('x\u001by\n');
    expect(written).toBe('x\\u001by\n');
  });
});

describe(rawResultJson.name, () => {
  it('shortens long data and blob strings at any depth, and leaves the rest as it came', () => {
    const data = 'A'.repeat(500);
    const raw = {
      content: [
        { type: 'image', data, mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'x:1', blob: data } },
        { type: 'image', data: 'short' },
      ],
      data: 'top-level text',
    };
    expect(JSON.parse(rawResultJson(raw))).toEqual({
      content: [
        { type: 'image', data: shortenedData(data), mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'x:1', blob: shortenedData(data) } },
        { type: 'image', data: 'short' },
      ],
      data: 'top-level text',
    });
    expect(shortenedData(data)).toBe(`${'A'.repeat(RAW_DATA_KEEP)}… (500 chars)`);
  });

  it('shortens base64 runs in any other string: a data: URI in a link, base64 in a text', () => {
    const run = 'QUJD'.repeat(200);
    const raw = {
      content: [
        { type: 'resource_link', uri: `data:image/png;base64,${run}` },
        { type: 'text', text: `see ${run} here` },
      ],
      structuredContent: { [run]: 1 },
    };
    const printed = rawResultJson(raw);
    expect(printed).not.toContain(run.slice(0, 100));
    expect(printed).toContain('data:image/png;base64,…base64, 800 chars…');
    expect(printed).toContain('see …base64, 800 chars… here');
  });
});

/**
 * Issue 12: no secret and no base64 in any label or data the model reads — each finding, on
 * every lane that shows it.
 */
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { BASE64_RUN_MIN_CHARS } from '../../src/text/base64-run.js';
import { base64RunMarker, DATA_URI_NOT_SHOWN, UNNAMED_TYPE, URI_WITHHELD_WORDS } from '../../src/text/markers.js';
import { audioBlock, callResult, embeddedBlob, imageBlock, longestBase64Run, PNG_BASE64, resourceLink } from '../support/factories.js';

const TOKEN = 'ghp_Zq8XvT3kLm9Wn2Rb5Yc7Hd4Jf6Gs1Ap0Ue3K';
const SIGNATURE = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const SIGNED = `https://bucket.s3.amazonaws.com/q3.pdf?X-Amz-Credential=AKIAEXAMPLE&X-Amz-Signature=${SIGNATURE}`;
const BASE64 = Buffer.alloc(3000, 0x9c).toString('base64');

function host() {
  return createHost({ log: () => {} });
}

/** What every lane shows of `result`: the stored copy, the live copy, the push lane's, the script's. */
function everyLane(result: { content: unknown[] } & Record<string, unknown>): string[] {
  const h = host();
  const rendered = h.renderToolResult(result, { serverId: 'srv' });
  const live = rendered.live.kind === 'text' ? rendered.live.text : JSON.stringify(rendered.live.blocks);
  const push = JSON.stringify(h.convertBlocks(result.content, { serverId: 'srv' }));
  const script = JSON.stringify(h.scriptView(result, { serverId: 'srv' }));
  return [rendered.stored, live, push, script];
}

describe('labels: a type or media type that may carry a credential is a fixed word on every lane', () => {
  it.each([
    ['an unknown block’s type', { content: [{ type: `https://x.io/?token=${TOKEN}` }] }, UNNAMED_TYPE],
    ['an unknown block’s type, the token alone', { content: [{ type: TOKEN }] }, UNNAMED_TYPE],
    ['an audio marker’s media type', { content: [audioBlock({ mimeType: `audio/${TOKEN}` })] }, UNNAMED_TYPE],
    ['an image marker’s media type, in a parameter', { content: [imageBlock({ mimeType: `image/x;key=${TOKEN}` })] }, 'declared image/x,'],
    ['an embedded blob’s media type, in a parameter', { content: [embeddedBlob({ mimeType: `application/x;token=${TOKEN}` })] }, '(application/x,'],
  ])('%s', (_name, result, label) => {
    for (const shown of everyLane(result)) {
      expect(shown).not.toContain(TOKEN);
      expect(shown).not.toContain(TOKEN.slice(4, 20));
    }
    expect(everyLane(result)[0]).toContain(label);
  });

  it('a result type holding a token is a fixed word', () => {
    const stored = host().renderToolResult(callResult([], { resultType: `task?token=${TOKEN}` })).stored;
    expect(stored).not.toContain(TOKEN.slice(4, 20));
    expect(stored).toContain(UNNAMED_TYPE);
  });

  it('a link whose stub says its uri is not shown shows no signature through its media type (parameters dropped)', () => {
    const link = resourceLink({ uri: SIGNED, name: 'Q3', mimeType: `application/pdf;sig=${SIGNATURE}` });
    for (const shown of everyLane({ content: [link] })) {
      expect(shown).not.toContain(SIGNATURE.slice(0, 16));
    }
    const stored = host().renderToolResult({ content: [link] }).stored;
    expect(stored).toContain('application/pdf');
    expect(stored).toContain(URI_WITHHELD_WORDS.credential);
  });

  it('a type past its bound is shown cut (RFC-005 marks the cut) only where its shown part passes the checks', () => {
    const stored = (block: Record<string, unknown>) => host().renderToolResult({ content: [block] }).stored;
    expect(stored({ type: 't'.repeat(500) })).toContain(`"${'t'.repeat(63)}…"`);
    expect(stored({ type: 'k3Y9'.repeat(100) })).toContain(`"${UNNAMED_TYPE}"`);
    expect(stored(audioBlock({ mimeType: `audio/${'a'.repeat(100)}` }))).toContain(`(audio/${'a'.repeat(57)}…,`);
    expect(stored(audioBlock({ mimeType: `audio/${'k3Y9'.repeat(100)}` }))).toContain(`(${UNNAMED_TYPE},`);
    expect(stored(audioBlock({ mimeType: `audio/${'a b'.repeat(100)}` }))).toContain(`(${UNNAMED_TYPE},`);
  });

  it('a media type that doesn’t parse as type/subtype is a fixed word, an ordinary one is shown as it is', () => {
    const shown = (mimeType: string) => host().renderToolResult({ content: [resourceLink({ mimeType })] }).stored;
    expect(shown('text/csv; charset=utf-8')).toContain(', text/csv; not fetched]');
    expect(shown('not a type')).toContain(`, ${UNNAMED_TYPE}; not fetched]`);
    expect(shown('text/csv/extra')).toContain(`, ${UNNAMED_TYPE}; not fetched]`);
  });
});

describe('data and structuredContent: uris that may carry a credential and base64 runs are replaced', () => {
  it('a signed url in structuredContent is in neither copy, and the text stays valid JSON', () => {
    const result = { content: [], structuredContent: { url: SIGNED, count: 3, note: 'see https://docs.example.com/guide' } };
    const rendered = host().renderToolResult(result);
    for (const shown of [rendered.stored, rendered.live.kind === 'text' ? rendered.live.text : '']) {
      expect(shown).not.toContain(SIGNATURE);
      expect(JSON.parse(shown)).toEqual({ url: DATA_URI_NOT_SHOWN, count: 3, note: 'see https://docs.example.com/guide' });
    }
  });

  it.each([
    ['protocol-relative', `//bucket.s3.amazonaws.com/q3.pdf?X-Amz-Signature=${SIGNATURE}`],
    ['inside prose', `Download it from ${SIGNED} today.`],
    ['percent-encoded', encodeURIComponent(SIGNED)],
    ['base64-encoded', Buffer.from(SIGNED).toString('base64')],
    ['a password in userinfo', 'postgres://admin:s3cr3tPassw0rd@db.example.com:5432/app'],
  ])('a uri that may carry a credential, %s, is replaced in data at any depth', (_name, uri) => {
    const stored = host().renderToolResult({ data: { rows: [{ link: uri }] } }).stored;
    expect(JSON.parse(stored)).toEqual({ rows: [{ link: DATA_URI_NOT_SHOWN }] });
  });

  it('a key that reads as such a uri is replaced too, the data still valid JSON', () => {
    const stored = host().renderToolResult({ data: { [SIGNED]: 1, other: 2 } }).stored;
    expect(JSON.parse(stored)).toEqual({ [DATA_URI_NOT_SHOWN]: 1, other: 2 });
  });

  it('a nested block of an unknown type keeps no base64: the run is a marker naming its length', () => {
    const result = { content: [], structuredContent: { clip: { type: 'video', data: BASE64 } } };
    const stored = host().renderToolResult(result).stored;
    expect(longestBase64Run(stored)).toBeLessThan(BASE64_RUN_MIN_CHARS);
    expect(JSON.parse(stored)).toEqual({ clip: { type: 'video', data: base64RunMarker(BASE64.length) } });
  });

  it('in a long data result, the head a copy keeps is checked (the member past the cap included)', () => {
    const records = Array.from({ length: 500 }, (_, i) => ({ id: i, url: i === 3 ? SIGNED : `https://example.com/items/${i}`, blob: i === 4 ? BASE64 : 'x' }));
    const stored = host().renderToolResult({ data: records }, { cap: 2000 }).stored;
    expect(stored).not.toContain(SIGNATURE);
    expect(stored).toContain(DATA_URI_NOT_SHOWN);
    expect(stored).toContain(base64RunMarker(BASE64.length));
    expect(stored).toContain('https://example.com/items/2');
  });

  it('in a long data result of one long member, what a copy keeps is checked', () => {
    const items = Array.from({ length: 3000 }, (_, i) => (i === 40 ? SIGNED : `https://example.com/items/${i}`));
    const rendered = host().renderToolResult({ content: [], structuredContent: { items } }, { cap: 2000 });
    expect(rendered.stored).not.toContain(SIGNATURE);
    expect(rendered.stored).toContain(DATA_URI_NOT_SHOWN);
    expect(JSON.stringify(rendered.blocks)).not.toContain(SIGNATURE);
  });

  it('an ordinary base64 run under 200 characters and an ordinary uri are shown as sent', () => {
    const short = 'A'.repeat(BASE64_RUN_MIN_CHARS - 1);
    const stored = host().renderToolResult({ data: { short, link: 'https://example.com/a?page=2' } }).stored;
    expect(JSON.parse(stored)).toEqual({ short, link: 'https://example.com/a?page=2' });
  });
});

describe('the script lane: numbers and ordinary strings as sent, with the same replacements', () => {
  it('replaces a signed url and a base64 run in data, keeps numbers and ordinary strings', () => {
    const view = host().scriptView({ data: { url: SIGNED, total: 42, name: 'report', blob: BASE64 } });
    expect(view.ok && view.data).toEqual({ url: DATA_URI_NOT_SHOWN, total: 42, name: 'report', blob: base64RunMarker(BASE64.length) });
  });

  it('shows a nested image as its kind, type and size, never its base64, where the stored copy shows a marker', () => {
    const image = imageBlock();
    const view = host().scriptView({ data: { chart: image } });
    expect(view.ok && view.data).toEqual({ chart: { type: 'image', mimeType: 'image/png', size: Buffer.from(PNG_BASE64, 'base64').length } });
    expect(JSON.stringify(view)).not.toContain(PNG_BASE64.slice(0, 24));
  });

  it('structuredContent gets the same replacements', () => {
    const view = host().scriptView({ content: [], structuredContent: { url: SIGNED, n: 1 } });
    expect(view.ok && view.data).toEqual({ url: DATA_URI_NOT_SHOWN, n: 1 });
  });
});

describe('link lines carry no base64', () => {
  const B64 = Buffer.alloc(600, 0x5a).toString('base64');
  it.each([
    ['a percent-encoded data: scheme', `%64ata:text/plain;base64,${B64}`],
    ['a percent-encoded data: scheme, short', '%64ata:text/plain,hi'],
    ['base64 in a query value', `https://files.example.com/view?png=${B64}`],
    ['base64 in the path', `https://files.example.com/${B64}/view`],
    ['percent-encoded base64 in a query value', `https://files.example.com/view?png=${encodeURIComponent(Buffer.alloc(600, 0xfb).toString('base64'))}`],
  ])('%s is not shown as a line', (_name, uri) => {
    const rendered = host().renderToolResult({ content: [resourceLink({ uri, name: 'file' })] });
    expect(rendered.blocks[0]!.kind).toBe('stub');
    expect(rendered.stored).toContain(URI_WITHHELD_WORDS['data-uri']);
    expect(longestBase64Run(rendered.stored)).toBeLessThan(40);
  });
});

describe('a name shows no piece of its own uri’s credential', () => {
  it.each([
    ['a password under 6 characters', 'https://u:hX7qZ@files.example.com/r.pdf', 'login hX7qZ'],
    ['a signature dash-grouped', SIGNED, `sig ${SIGNATURE.match(/.{1,8}/g)!.join('-')}`],
    ['a signature upper-cased', SIGNED, `SIG ${SIGNATURE.toUpperCase()}`],
    ['a signature reversed', SIGNED, [...SIGNATURE].reverse().join('')],
    ['a signature base64-encoded', SIGNED, `sig ${Buffer.from(SIGNATURE).toString('base64')}`],
    ['a signature base64-encoded after a prefix', SIGNED, `x ${Buffer.from(`sig=${SIGNATURE}`).toString('base64')}`],
  ])('%s', (_name, uri, name) => {
    const h = host();
    const stored = h.renderToolResult({ content: [resourceLink({ uri, name })] }).stored;
    expect(stored).not.toContain(name);
    expect(stored).toContain('unnamed');
    const view = h.scriptView({ content: [resourceLink({ uri, name })] });
    expect(JSON.stringify(view)).not.toContain(name);
  });

  it('an ordinary name beside a credential-bearing uri is shown', () => {
    const stored = host().renderToolResult({ content: [resourceLink({ uri: SIGNED, name: 'Q3 report (PDF)' })] }).stored;
    expect(stored).toContain('Q3 report (PDF)');
  });
});

describe('data past a long replaced string', () => {
  it('is read where a copy shows it: a replacement counts by its own length, not the string it replaced', () => {
    const result = { content: [], structuredContent: { shot: imageBlock({ data: 'AAAA' }), raw: 'A'.repeat(30_000), page: 'https://docs.example.com/guide' } };
    const { stored } = host().renderToolResult(result, { serverId: 'srv' });
    expect(stored).toContain('"page":"https://docs.example.com/guide"');
    expect(stored).toContain(base64RunMarker(30_000));
  });
});

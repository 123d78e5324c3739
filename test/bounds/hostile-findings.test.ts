/**
 * Issue 12's findings, each held by what its cost leaves behind rather than by a clock: how
 * often `JSON.parse` is tried, how long a text NFKC is asked to fold, how much a cache holds,
 * how long the copies are and how many references a render registers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shownBudget } from '../../src/blocks/shown-budget.js';
import { createHost } from '../../src/host.js';
import { NO_CLAIMS } from '../../src/references/claims.js';
import { createRegistry } from '../../src/references/registry.js';
import { REFERENCE_STUB_MAX_CHARS } from '../../src/references/stub.js';
import { LABEL_MAX_CHARS } from '../../src/text/labels.js';
import { blockCutNotice, blocksNotShownNotice, omittedTextsNotice, stubsNotKeptNotice } from '../../src/text/markers.js';
import { LEFT_OUT_NAMED_MAX } from '../../src/lanes/copies.js';
import { uriMayCarryCredential } from '../../src/uri/credential.js';
import { jsonStringMembers } from '../../src/uri/jwt.js';
import { foldedCacheChars, foldName, FOLDED_NAME_MAX } from '../../src/uri/fold-name.js';
import { NAME_READ_MAX_CHARS, shownName } from '../../src/uri/shown-name.js';
import { judgedUriMayCarryCredential, shownUriText, URI_READ_MAX_CHARS } from '../../src/uri/shown-uri-text.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The lengths of the texts `String.prototype.normalize` is asked to fold while `run` runs. */
function normalizedLengths(run: () => void): number[] {
  const lengths: number[] = [];
  const original = String.prototype.normalize;
  vi.spyOn(String.prototype, 'normalize').mockImplementation(function (this: string, form?: string) {
    lengths.push(this.length);
    return original.call(this, form);
  });
  run();
  return lengths;
}

describe('JSON.parse is tried only where a piece can be JSON', () => {
  it('a link of "{?" pieces tries it not once', () => {
    const parse = vi.spyOn(JSON, 'parse');
    uriMayCarryCredential(`#${'{?'.repeat(2030)}`);
    uriMayCarryCredential(`https://example.com/?q=${'%7B%3F'.repeat(500)}`);
    expect(parse).not.toHaveBeenCalled();
  });

  it('an embedded resource uri of 100 KB of "{?" tries it not once, and shows no uri', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const host = createHost({ log: () => {} });
    const { stored } = host.renderToolResult({ content: [{ type: 'resource', resource: { uri: `#${'{?'.repeat(51_200)}`, text: 'body' } }] });
    expect(parse).not.toHaveBeenCalled();
    expect(stored).not.toContain('{?{?');
    expect(stored).toContain('body');
  });

  it('still reads a JSON object naming a credential, as written or in base64, spaces after it too', () => {
    expect(jsonStringMembers('{"token":"abc"}  ')).toEqual([['token', 'abc']]);
    expect(jsonStringMembers(Buffer.from('{"token":"abc"}').toString('base64'))).toEqual([['token', 'abc']]);
    expect(jsonStringMembers('{"token":"abc"')).toBeUndefined();
    expect(uriMayCarryCredential(`https://example.com/?h=${encodeURIComponent('{"password":"hunter2x"}')}`)).toBe(true);
  });
});

describe('a link name is judged within a bound, whatever NFKC makes of it', () => {
  it('folds no more of a name than its label shows', () => {
    const lengths = normalizedLengths(() => shownName('\ufdfa'.repeat(100_000), 'https://example.com/a', NO_CLAIMS));
    expect(lengths.length).toBeGreaterThan(0);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(LABEL_MAX_CHARS);
  });

  it('withholds a name that reads as far longer than it shows (U+FDFA grows 18×)', () => {
    expect('\ufdfa'.repeat(30).normalize('NFKC').length).toBeGreaterThan(NAME_READ_MAX_CHARS);
    expect(shownName('\ufdfa'.repeat(30), 'https://example.com/a', NO_CLAIMS)).toBeUndefined();
    expect(shownName('\ufdfa'.repeat(3), 'https://example.com/a', NO_CLAIMS)).toBe('\ufdfa'.repeat(3));
  });

  it('still finds a …~hmac= token body anywhere in a name, and no other', () => {
    const body = `st=1700000000~exp=1700003600~acl=/*~hmac=${'0123456789abcdef'.repeat(2)}`;
    expect(shownName(`token ${body} here`, 'https://example.com/a', NO_CLAIMS)).toBeUndefined();
    expect(shownName(`${'a~'.repeat(50)}hmac=zz`, 'https://example.com/a', NO_CLAIMS)).toBe(`${'a~'.repeat(50)}hmac=zz`);
  });

  it('judges the part a long name shows: a token past its label is never shown, so never judged', () => {
    const name = `${'report '.repeat(30)}ghp_${'a'.repeat(36)}`;
    expect(shownName(name, 'https://example.com/a', NO_CLAIMS)).toBe(name);
    expect(shownName(`ghp_${'a'.repeat(36)} ${'report '.repeat(30)}`, 'https://example.com/a', NO_CLAIMS)).toBeUndefined();
  });
});

describe('an embedded resource uri is read within a bound', () => {
  const long = '\ufdfa'.repeat(330_000);

  it('past 4,096 characters it fails closed unread, and is folded no further than the bound', () => {
    const lengths = normalizedLengths(() => {
      expect(judgedUriMayCarryCredential(long)).toBe(true);
      expect(shownUriText(long).length).toBeLessThanOrEqual(1024);
    });
    expect(Math.max(0, ...lengths)).toBeLessThanOrEqual(URI_READ_MAX_CHARS);
  });

  it('renders with the uri withheld on every lane', () => {
    const host = createHost({ log: () => {} });
    const result = { content: [{ type: 'resource', resource: { uri: `https://example.com/${long}`, text: 'body' } }] };
    const lengths = normalizedLengths(() => {
      expect(host.renderToolResult(result).stored).not.toContain('\ufdfa');
      expect(host.convertBlocks(result.content)).toHaveLength(1);
      const view = host.scriptView(result);
      expect(view.ok && (view.content?.[0] as { uri?: string }).uri).toBe(undefined);
    });
    expect(Math.max(0, ...lengths)).toBeLessThanOrEqual(URI_READ_MAX_CHARS);
  });
});

describe('an 8 MB hostile input renders', () => {
  it('an embedded uri of 7.8 MB of U+FDFA (which once exhausted the heap) renders on every lane, folded no further than the bound', () => {
    const host = createHost({ log: () => {} });
    const result = { content: [{ type: 'resource', resource: { uri: '\ufdfa'.repeat(2_600_000), text: 'body' } }] };
    const lengths = normalizedLengths(() => {
      expect(host.renderToolResult(result).stored).toMatch(/^\[embedded resource[^\ufdfa]*\nbody$/);
      expect(host.convertBlocks(result.content)).toHaveLength(1);
      expect(host.scriptView(result).ok).toBe(true);
    });
    expect(Math.max(0, ...lengths)).toBeLessThanOrEqual(URI_READ_MAX_CHARS);
  });
});

describe('the name-folding cache is bounded by bytes', () => {
  it('holds no long name, however many are folded', () => {
    for (let index = 0; index < 300; index += 1) foldName(`N${index}${'A'.repeat(32 * 1024)}`);
    expect(foldedCacheChars()).toBeLessThanOrEqual(512 * 2 * FOLDED_NAME_MAX);
    expect(foldName(`N1${'A'.repeat(100)}`)).toBe(`n1${'a'.repeat(100)}`);
  });
});

describe('the total output is bounded, and a render registers only what it shows', () => {
  const links = Array.from({ length: 26_000 }, (_, index) => ({ type: 'resource_link', name: 'f', uri: `https://s.example.com/${index}?sig=x` }));
  const cap = 24_000;

  it('26,000 links at cap 24,000: stubs share their budget, the rest counted in a notice', () => {
    const registry = createRegistry({ capacity: 100_000 });
    const host = createHost({ log: () => {}, registry });
    const { stored, live, blocks } = host.renderToolResult({ content: links }, { cap });
    const shown = blocks.filter((block) => block.kind === 'stub' || block.kind === 'link');
    const notice = blocks.at(-1)!;
    expect(notice).toEqual({ kind: 'marker', text: blocksNotShownNotice(26_000 - shown.length), reason: 'blocks-not-shown' });
    // Every reference registered is one the copies show.
    expect(registry.size).toBe(shown.length);
    for (const block of shown) expect(stored).toContain(block.text);
    expect(stored.length).toBeLessThanOrEqual(cap + blockCutNotice(1, 1, 10 ** 8, 10 ** 8).length + shownBudget(cap) + REFERENCE_STUB_MAX_CHARS + 200);
    expect(stored.endsWith(notice.text)).toBe(true);
    expect(live.kind === 'text' && live.text.length).toBe(stored.length);
  });

  it('stubs found in data share the same budget, the rest counted', () => {
    const registry = createRegistry({ capacity: 100_000 });
    const host = createHost({ log: () => {}, registry });
    const { stored } = host.renderToolResult({ data: { items: links.slice(0, 5000) } }, { cap });
    expect(registry.size).toBeLessThan(1000);
    expect(stored.length).toBeLessThanOrEqual(cap + 100 + shownBudget(cap) + REFERENCE_STUB_MAX_CHARS + 200);
    // Cut, its notice within the cap.
    expect(stored).toMatch(/\n\n\[block 1 of 1 cut: [\d,]+ chars, [\d,]+ shown\]$/);
    expect(stored.length).toBeGreaterThan(cap - 100);
  });

  it('the stored copy keeps stubs past the cut within their budget and counts the rest', () => {
    expect(stubsNotKeptNotice(3)).toBe('[3 more references past the cut not shown]');
  });

  it('[0,0,…] of 1 MB through the push lane is bounded, its rest one notice', () => {
    const host = createHost({ log: () => {} });
    const zeros = new Array<number>(512 * 1024).fill(0);
    const live = host.convertBlocks(zeros, { serverId: 's', cap });
    const total = live.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : 0), 0);
    expect(total).toBeLessThanOrEqual(shownBudget(cap) + 200);
    expect(live.at(-1)).toEqual({ type: 'text', text: blocksNotShownNotice(512 * 1024 - live.length + 1) });
  });

  it("the push lane's texts share the cap: each its piece and notice within it, those left out named, then counted", () => {
    const host = createHost({ log: () => {} });
    const texts = Array.from({ length: 50 }, () => ({ type: 'text', text: 'x'.repeat(1000) }));
    const live = host.convertBlocks(texts, { cap: 5_000 });
    // 5,001 shared at the floor (201 each) while it lasts: 24 of 201 and one of 177.
    const cut = live.filter((block) => block.type === 'text' && block.text.startsWith('x'));
    expect(cut).toHaveLength(25);
    const pieces = cut.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : 0), 0);
    expect(pieces).toBeLessThanOrEqual(5_000);
    expect(live.slice(25, 25 + LEFT_OUT_NAMED_MAX)).toEqual(
      Array.from({ length: LEFT_OUT_NAMED_MAX }, (_, index) => ({ type: 'text', text: blockCutNotice(26 + index, 50, 1000, 0) })),
    );
    expect(live.at(-1)).toEqual({ type: 'text', text: omittedTextsNotice(25 - LEFT_OUT_NAMED_MAX, 1000 * (25 - LEFT_OUT_NAMED_MAX)) });
    expect(live).toHaveLength(25 + LEFT_OUT_NAMED_MAX + 1);
  });

  it('the script lane shows a reference object only within the budget, the rest counted in one notice', () => {
    const registry = createRegistry({ capacity: 100_000 });
    const host = createHost({ log: () => {}, registry });
    const view = host.scriptView({ content: links }, { cap });
    expect(view.ok).toBe(true);
    if (!view.ok) return;
    const objects = view.content!.filter((item) => typeof item === 'object');
    expect(registry.size).toBe(objects.length);
    expect(objects.length).toBeLessThan(1000);
    // One notice counts every block past the budget: the view is no longer than what it shows.
    expect(view.content!.at(-1)).toBe(blocksNotShownNotice(links.length - view.content!.length + 1));
    expect(view.content!.filter((item) => typeof item === 'string' && item.includes('not shown: past what'))).toHaveLength(1);
  });

  it("the script lane's view of [0,0,…] is bounded by what one result may show, not by the input", () => {
    const view = createHost({ log: () => {} }).scriptView({ content: new Array(500_000).fill(0) }, { cap });
    expect(view.ok).toBe(true);
    if (!view.ok) return;
    expect(JSON.stringify(view).length).toBeLessThan(4 * shownBudget(cap));
  });
});

/**
 * Well-formedness checked only as far as a copy shows a text (issue 15): a lone surrogate a copy
 * can show becomes U+FFFD; past the cap the text is left as it is, so one non-Latin-1 character
 * in a long text costs what a copy keeps, not the text's length.
 */
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { wellFormedUpTo } from '../../src/text/well-formed.js';

describe(wellFormedUpTo.name, () => {
  it.each([
    ['no bound: the whole text', 'ab\uD800cd', undefined, 'ab\uFFFDcd'],
    ['within the bound', 'ab\uD800cd', 10, 'ab\uFFFDcd'],
    ['a lone surrogate before the bound', 'a\uD800bcdef', 3, 'a\uFFFDbcdef'],
    ['a lone surrogate past the bound is not read', 'abc\uD800def', 3, 'abc\uD800def'],
    ['a pair the bound splits is kept whole', 'ab😀cd', 3, 'ab😀cd'],
    ['a lone high surrogate at the bound is left to the part no copy shows', 'ab\uD800cd', 3, 'ab\uD800cd'],
  ])('%s', (_name, given, keep, want) => {
    expect(wellFormedUpTo(given, keep)).toBe(want);
  });

  it('gives back the text itself where what a copy shows is well formed', () => {
    const text = `${'—'.repeat(100)}\uD800`;
    expect(wellFormedUpTo(text, 50)).toBe(text);
  });
});

describe('a long text block on the tool-result lane', () => {
  const cap = 1_000;
  const render = (text: string) => createHost({ log: () => {}, cap }).renderToolResult({ content: [{ type: 'text', text }] }, { serverId: 's' });

  it('shows a lone surrogate within what the copies keep as U+FFFD in both copies', () => {
    const text = `ab\uD800${'—'.repeat(5_000)}`;
    const { stored, live, blocks } = render(text);
    expect(stored.startsWith('ab\uFFFD—')).toBe(true);
    expect(stored.isWellFormed()).toBe(true);
    expect(live.kind === 'text' ? live.text : '').toBe(stored);
    expect(blocks[0]!.text.slice(0, 3)).toBe('ab\uFFFD');
  });

  it('leaves a lone surrogate past the cap unread, and both copies well formed', () => {
    const text = `${'—'.repeat(5_000)}\uD800${'x'.repeat(10)}`;
    const { stored, blocks } = render(text);
    expect(blocks[0]!.text).toBe(text);
    expect(stored.isWellFormed()).toBe(true);
    expect(stored.length).toBeLessThanOrEqual(cap);
  });

  it('gives a script its texts whole and well formed', () => {
    const text = `${'—'.repeat(5_000)}\uD800`;
    const view = createHost({ log: () => {}, cap }).scriptView({ content: [{ type: 'text', text }] }, { serverId: 's' });
    expect(JSON.stringify(view)).toContain('\uFFFD');
  });
});

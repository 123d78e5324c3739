/**
 * The report page as text: every server string escaped, a strict CSP that pins the page's one
 * style sheet, data: URLs only for the images the live copy carries natively, totals that add up.
 * (The page in a real browser: html-report.browser.test.ts.)
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../../src/cli/html.js';
import { buildHtmlReport, PAGE_ARGUMENTS_MAX, reportTotals } from '../../src/cli/html-report.js';
import { main } from '../../src/cli/main.js';
import { captureIo } from './helpers.js';
import { hostileResult } from './report-fixtures.js';

async function renderReport(raw: unknown, flags: string[] = []): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'blockwise-report-'));
  const input = join(dir, 'in.json');
  const output = join(dir, 'report.html');
  writeFileSync(input, JSON.stringify(raw));
  const { io, err } = captureIo();
  expect(await main(['render', '--html', output, ...flags, input], io)).toBe(0);
  expect(err()).toBe('');
  return readFileSync(output, 'utf8');
}

describe(escapeHtml.name, () => {
  it.each([
    ['markup', '<b>&"\'', '&lt;b&gt;&amp;&quot;&#39;'],
    ['controls but tab and newline', 'a\u001b[0m\u0007\t\n\r\u009bz', 'a\\u001b[0m\\u0007\t\n\\u000d\\u009bz'],
    ['a lone surrogate', 'x\ud800y', 'x\\ud800y'],
    ['a surrogate pair kept', '😀', '😀'],
    ['bidi controls, separators, zero-width space, byte-order mark', 'a\u202eb\u2066c\u2028d\u200be\ufeff', 'a\\u202eb\\u2066c\\u2028d\\u200be\\ufeff'],
    ['the joiner of an emoji sequence kept', '👨\u200d👩', '👨\u200d👩'],
  ])('%s', (_name, given, want) => {
    expect(escapeHtml(given)).toBe(want);
  });

  it('the template escapes what it interpolates, and keeps what it built', () => {
    const inner = html`<i>${'<x>'}</i>`;
    expect(html`<p title="${'"'}">${inner}${['<', 1]}</p>`.markup).toBe('<p title="&quot;"><i>&lt;x&gt;</i>&lt;1</p>');
  });
});

describe('the report page', () => {
  it('escapes every server string: no script, no element or attribute a server wrote', async () => {
    const page = await renderReport(hostileResult());
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/<[a-z][^>]*\son\w+=/i);
    expect(page).not.toMatch(/src="http/i);
    expect(page).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=&quot;http://198.51.100.7/pixel.png&quot;');
    expect(page).toContain('\\u001b]0;pwned\\u0007 \\u009b31m');
    expect(page).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('has a strict CSP that allows only its own style sheet (by hash) and data: images', async () => {
    const page = await renderReport(hostileResult());
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1]?.replaceAll('&#39;', "'");
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toBe(`default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'`);
    expect(page.match(/<style>/g)).toHaveLength(1);
    expect(page).not.toMatch(/<link|@import|url\(/i);
  });

  it('shows as an image only the image the live copy carries natively, from a data: URL', async () => {
    const page = await renderReport(hostileResult());
    const sources = [...page.matchAll(/<img src="([^"]*)"/g)].map((match) => match[1] ?? '');
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  });

  it('gives each marker, stub, link line and withheld line its reason in words', async () => {
    const page = await renderReport(hostileResult());
    for (const words of [
      'An image type this host does not send (PNG, JPEG, GIF and WebP only).',
      'The image&#39;s bytes are not the format it declares.',
      'Audio: this host&#39;s tool results carry only text and images.',
      'Not fetchable: its server has no address this host can dial. Uri not shown: it may carry a credential.',
      'Not fetchable: its server has no address this host can dial; its line shows the uri.',
      'The block carried inline data together with a reference claim (a uri or a disposition), so neither was shown.',
    ]) {
      expect(page).toContain(words);
    }
  });

  it('counts calls, errors, characters and what was withheld', async () => {
    const page = await renderReport(hostileResult());
    expect(page).toMatch(/<li><b>1<\/b>call<\/li>/);
    expect(page).toMatch(/<li><b>1<\/b>native image<\/li>/);
    expect(page).toContain('withheld or stood in for: 3 markers, 1 stub, 1 link line, 1 withheld line');
  });
});

describe(reportTotals.name, () => {
  it('never holds the signed link of the hostile result, nor its signature', async () => {
    const page = await renderReport(hostileResult());
    expect(page).not.toContain('X-Amz-Signature');
    expect(page).not.toContain('abc123');
  });

  it('shows tool names sanitized and bounded, and arguments bounded', () => {
    const name = `t\u202e${'n'.repeat(1_000)}`;
    const page = buildHtmlReport({
      title: 'blockwise call',
      source: 'server',
      startedAt: new Date(0),
      totalMs: 1,
      entries: [
        { kind: 'failed', tool: name, args: { big: 'y'.repeat(100_000) }, error: 'e', ms: 1 },
        { kind: 'skipped', tool: name, reason: 'r' },
      ],
    });
    expect(page).not.toMatch(/[\u202e\u2066\u2028\u200b]/);
    expect(page).not.toContain('n'.repeat(200));
    expect(page).not.toContain('y'.repeat(PAGE_ARGUMENTS_MAX));
    expect(page).toContain(`… (${JSON.stringify({ big: 'y'.repeat(100_000) }, null, 2).length.toLocaleString('en-US')} chars)`);
  });

  it('counts skipped tools and failed calls as such', () => {
    expect(
      reportTotals([
        { kind: 'skipped', tool: 'a', reason: 'r' },
        { kind: 'failed', tool: 'b', error: 'e', ms: 1 },
      ]),
    ).toMatchObject({ calls: 1, errors: 1, skipped: 1, storedChars: 0 });
  });
});

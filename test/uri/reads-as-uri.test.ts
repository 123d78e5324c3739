import { describe, expect, it } from 'vitest';
import { mayReadAsUri, stringMayCarryCredential, URIS_READ_PER_STRING } from '../../src/uri/reads-as-uri.js';
import { URI_READ_MAX_CHARS } from '../../src/uri/shown-uri-text.js';

const SIGNED = 'https://bucket.s3.amazonaws.com/q3.pdf?X-Amz-Signature=9f86d081884c7d659a2feaa0c55ad015';
/** A Slack webhook's host and path: a credential on its host alone, so only a reading that finds the host withholds it. */
const HOOK = 'hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';

describe(stringMayCarryCredential.name, () => {
  it.each([
    ['an absolute uri', SIGNED],
    ['after white space and controls', `  \u0001${SIGNED}`],
    ['protocol-relative', '//bucket.s3.amazonaws.com/q3.pdf?X-Amz-Signature=9f86d081884c7d659a2feaa0c55ad015'],
    ['inside prose', `get it at ${SIGNED} now`],
    ['inside prose, in quotes', `url: "${SIGNED}"`],
    ['inside prose, protocol-relative after a space', 'at //h.example.com/x?token=abc123def456 now'],
    ['percent-encoded', encodeURIComponent(SIGNED)],
    ['base64-encoded', Buffer.from(SIGNED).toString('base64')],
    ['hex-encoded', Buffer.from(SIGNED).toString('hex')],
    ['userinfo', 'ftp://user:pw@files.example.com/'],
    ['an opaque scheme with a credential parameter', 'magnet:?xt=urn:btih:abc&token=s3cr3tvalue'],
    ['a second uri after an ordinary one', `https://example.com/a then ${SIGNED}`],
    ['in JSON text with escaped slashes', JSON.stringify({ url: SIGNED }).replaceAll('/', '\\/')],
    ['with escaped slashes escaped again', SIGNED.replaceAll('/', '\\\\\\\\/')],
    ...['url=', '(', '[', 'a,', 'a;', 'a|', '<'].map(
      (opener) =>
        [`protocol-relative after ${opener}`, `${opener}//bucket.s3.amazonaws.com/q3.pdf?X-Amz-Signature=9f86d081884c7d659a2feaa0c55ad015)`] as [
          string,
          string,
        ],
    ),
    ['fullwidth solidus, read as a reader reads it', 'https:／／u:p@h.example.com/'],
    ['written plainly in a proxy’s path, inside prose', 'see https://proxy.example/https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX now'],
    ['written plainly in a reader proxy’s path, in quotes', '"https://r.jina.ai/https://x.azurewebsites.net/api/f?code=abc123"'],
    // WHATWG's parser reads a backslash as a slash in a special scheme, a relative reference's included.
    ['protocol-relative with backslashes', `\\\\${HOOK}`],
    ['protocol-relative with backslashes, after a word', `see \\\\${HOOK} now`],
    ['protocol-relative with backslashes, after an opener', `url=\\\\${HOOK}`],
    ['protocol-relative with a backslash then a slash', `\\/${HOOK}`],
    ['protocol-relative with a slash then a backslash', `/\\${HOOK}`],
    ['a scheme and backslashes, after a word', `see https:\\\\${HOOK}`],
    ['a scheme, a backslash and a slash, after a word', `see https:\\/${HOOK}`],
    ['a listed host bare in prose, with no scheme and no //', `see ${HOOK} for alerts`],
    ['a listed host bare opening the string', HOOK],
    ['a listed host bare after a quote', `url: "${HOOK}"`],
    ['a listed host bare with its port', `see ${HOOK.replace('.com/', '.com:443/')}`],
  ])('is true for a uri that may carry a credential, %s', (_name, text) => {
    expect(stringMayCarryCredential(text)).toBe(true);
  });

  it.each([
    ['an ordinary uri', 'https://example.com/items/3?ref=listing&page=2'],
    ['prose', 'The quarterly report is ready.'],
    ['a code comment', '// see below'],
    ['a bare double slash', '//'],
    ['a path with a double slash', 'a//b'],
    ['an ordinary protocol-relative uri after an opener', 'see (//example.com/a?page=2) or url=//example.com/b'],
    ['a colon in prose', 'Note: the total is 3'],
    ['a time', '12:30'],
    ['an empty string', ''],
    ['an archived page, a uri written plainly in its path', 'archived at https://web.archive.org/web/2020/https://example.com/page'],
    ['a Windows share’s path', '\\\\server\\share\\file.txt'],
    ['a Windows path', 'C:\\Users\\ada\\report.csv'],
    ['a regular expression with escaped backslashes', '^\\\\d+\\\\.\\\\d+$'],
    ['an ordinary host after backslashes', 'see \\\\example.com/docs/page'],
    ['a listed host bare before an ordinary path', 'see hooks.slack.com/docs and google.com/maps/place/x'],
    ['a listed host bare with no path', 'write to hooks.slack.com or api.slack.com.'],
    ['a host that only ends like a listed one', 'see notslack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'],
    ['an ordinary host bare before a path', 'see example.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'],
  ])('is false for %s', (_name, text) => {
    expect(stringMayCarryCredential(text)).toBe(false);
  });
});

describe(mayReadAsUri.name, () => {
  it('is false for JSON text with no string that could read as a uri', () => {
    expect(mayReadAsUri(JSON.stringify({ id: 1, name: 'record one', tags: ['a', 'b'], score: 3.5 }))).toBe(false);
  });

  it.each(['https://x', '//x', '%2F', 'mailto:x', 'aHR0cHM6', 'Ly9ob3N0', '68747470', '2f2f', 'ｈttps', 'slack.com/', 'slack.com:443'])(
    'is true for text holding %s',
    (text) => {
      expect(mayReadAsUri(JSON.stringify({ value: text }))).toBe(true);
    },
  );

  it.each(['\\\\x', '\\/x', '/\\x'])('is true for a string holding %s, two slashes either of which is a backslash', (text) => {
    expect(mayReadAsUri(text)).toBe(true);
    expect(mayReadAsUri(`${'word '.repeat(300)}${text}`)).toBe(true);
  });
});

describe('a string of many uris', () => {
  it(`reads up to ${URIS_READ_PER_STRING} uris in one string, and counts one holding more as one that may carry a credential`, () => {
    const uris = (count: number) => Array.from({ length: count }, (_, i) => `https://example.com/${i}`).join(' ');
    expect(stringMayCarryCredential(uris(URIS_READ_PER_STRING))).toBe(false);
    expect(stringMayCarryCredential(uris(URIS_READ_PER_STRING + 1))).toBe(true);
  });

  it('counts the uri a string opens with (after white space, protocol-relative too) as one of them, and an opaque one (no `//`) as none', () => {
    const rest = (count: number) => Array.from({ length: count }, (_, i) => ` https://example.com/${i}`).join('');
    for (const opening of ['https://example.com/first', '  //example.com/first', '\t mailto:a@example.com']) {
      expect(stringMayCarryCredential(opening + rest(URIS_READ_PER_STRING - (opening.includes('//') ? 1 : 0)))).toBe(false);
      expect(stringMayCarryCredential(opening + rest(URIS_READ_PER_STRING + (opening.includes('//') ? 0 : 1)))).toBe(true);
    }
  });
});

describe('a uri past the read bound', () => {
  it(`judges a uri longer than ${URI_READ_MAX_CHARS} characters as one that may carry a credential, unread`, () => {
    const long = (length: number) => `https://x.io/#${'{?'.repeat(length)}`.slice(0, length);
    expect(stringMayCarryCredential(long(URI_READ_MAX_CHARS))).toBe(false);
    expect(stringMayCarryCredential(long(URI_READ_MAX_CHARS + 1))).toBe(true);
    expect(stringMayCarryCredential(`see ${long(URI_READ_MAX_CHARS + 1)} now`)).toBe(true);
    expect(stringMayCarryCredential(`https://example.com/${'a=1;b?c&'.repeat(600)}`)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { ClaimsReader, NO_CLAIMS, type ResultClaims } from '../../src/references/claims.js';
import { shownLinkUri } from '../../src/uri/shown-link-uri.js';
import { URI_DISPLAY_MAX_CHARS } from '../../src/uri/shown-uri-text.js';
import { BASE64_RUN_MIN_CHARS } from '../../src/text/base64-run.js';

const NOW = 0;

function neverOn(...uris: string[]): ResultClaims {
  const reader = new ClaimsReader();
  for (const uri of uris) reader.addTestimony({ uri, blockType: 'resource', fromLink: false, disposition: 'never' });
  return reader.finish(undefined);
}

describe(shownLinkUri.name, () => {
  it('shows an ordinary uri as its sanitized text', () => {
    expect(shownLinkUri({ uri: 'https://docs.example.org/guide?page=2#intro' }, NO_CLAIMS, NOW)).toEqual({
      shown: true,
      text: 'https://docs.example.org/guide?page=2#intro',
    });
  });

  it.each([
    ['lower case', 'data:text/plain;base64,SGk='],
    ['upper case', 'DATA:text/plain,hi'],
    ['mixed case', 'Data:image/png;base64,AAAA'],
    ['after leading spaces the URL parser trims', '  data:text/plain,hi'],
    ['after a leading control the URL parser trims', '\u0001data:text/plain,hi'],
    ['with a tab inside its scheme, which the URL parser removes', 'd\tata:text/plain;base64,U0VDUkVU'],
    ['with a newline before its colon', 'data\n:text/plain,hi'],
    ['with a carriage return between letters', 'da\rta:text/plain,hi'],
    ['with a tab before its last letter', 'dat\ta:text/plain,hi'],
    ['after a no-break space', '\u00a0data:text/plain;base64,U0VDUkVU'],
    ['with a zero-width space inside its scheme, which the display drops', 'da\u200bta:text/plain;base64,U0VDUkVU'],
    ['with a zero-width joiner inside its scheme, which a reader skips', 'd\u200data:image/png;base64,iVBORw0KGgo'],
    ['after a leading zero-width joiner', '\u200ddata:image/png;base64,iVBORw0KGgo'],
    ['with a variation selector inside its scheme', 'dat\ufe0fa:text/plain,hi'],
    ['with a Hangul filler inside its scheme', 'da\u3164ta:text/plain,hi'],
  ])('never shows a data: uri (%s)', (_name, uri) => {
    expect(shownLinkUri({ uri }, NO_CLAIMS, NOW)).toEqual({ shown: false, why: 'data-uri' });
  });

  it('shows a uri that only mentions data: past its scheme', () => {
    expect(shownLinkUri({ uri: 'https://x.example/data:stuff' }, NO_CLAIMS, NOW)).toMatchObject({ shown: true });
    expect(shownLinkUri({ uri: 'metadata:x' }, NO_CLAIMS, NOW)).toMatchObject({ shown: true });
  });

  it('never shows a uri a claim marks never, by its raw uri', () => {
    expect(shownLinkUri({ uri: 'https://x.example/a' }, neverOn('https://x.example/a'), NOW)).toEqual({ shown: false, why: 'never' });
  });

  it('never shows a uri whose shown text a never claim matches (a bidi control cut alike)', () => {
    expect(shownLinkUri({ uri: 'https://x.example/ab' }, neverOn('https://x.example/a\u202eb'), NOW)).toEqual({
      shown: false,
      why: 'never',
    });
  });

  it('shows a uri another uri’s never says nothing of', () => {
    expect(shownLinkUri({ uri: 'https://x.example/b' }, neverOn('https://x.example/a'), NOW)).toMatchObject({ shown: true });
  });

  it('reads a plain (not never) claim as no bar', () => {
    const reader = new ClaimsReader();
    reader.addTestimony({ uri: 'https://x.example/a', blockType: 'resource', fromLink: false, expiresAt: '2000-01-01T00:00:00Z' });
    expect(shownLinkUri({ uri: 'https://x.example/a' }, reader.finish(undefined), NOW)).toMatchObject({ shown: true });
  });

  it.each([
    ['presigned S3', 'https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abcdef0123456789'],
    ['userinfo', 'https://user:pass@git.example.com/repo.git'],
    ['a token in the fragment', 'https://app.example.com/cb#access_token=abc123def456ghi789'],
  ])('never shows a uri that may carry a credential (%s)', (_name, uri) => {
    expect(shownLinkUri({ uri }, NO_CLAIMS, NOW)).toEqual({ shown: false, why: 'credential' });
  });

  it.each([
    ['a zero-width space inside a credential name', 'https://x.example/a?to\u200bken=abcdef0123456789abcdef'],
    ['a bidi control inside a signature name', 'https://b.s3.amazonaws.com/k?X-Amz-Sig\u202enature=abcdef0123456789abcdef'],
    ['a zero-width space inside a token the raw value hides', 'https://x.example/a?x=ghp_\u200bEXAMPLE0123456789abcdefghijklmnopqrstu'],
    ['a soft hyphen inside a webhook path the raw path hides', 'https://hooks.slack.com/ser\u00advices/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'],
    ['a zero-width joiner inside a webhook path', 'https://hooks.slack.com/ser\u200dvices/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'],
    ['a combining grapheme joiner inside a webhook path', 'https://hooks.slack.com/servi\u034fces/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'],
    ['a fullwidth equals sign after a credential name', 'https://x.example/a?x=1&token\uff1dabcdef0123456789abcdef'],
    ['a word joiner inside a JWT', 'https://x.example/a?v=eyJhbGciOiJIUzI1NiJ9\u2060.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
  ])('judges the uri as its text shows it: never shows one whose shown text carries a credential (%s)', (_name, uri) => {
    expect(shownLinkUri({ uri }, NO_CLAIMS, NOW)).toEqual({ shown: false, why: 'credential' });
  });

  it('shows the text a control-laden uri shows as, where that text carries nothing', () => {
    expect(shownLinkUri({ uri: 'https://docs.exa\u0001mple.org/guide' }, NO_CLAIMS, NOW)).toEqual({ shown: true, text: 'https://docs.example.org/guide' });
  });

  it('checks never before the credential rule, and data: before both', () => {
    const presigned = 'https://x.example/a?token=abcdef0123456789';
    expect(shownLinkUri({ uri: presigned }, neverOn(presigned), NOW)).toEqual({ shown: false, why: 'never' });
    const dataUri = 'data:text/plain,token=abc';
    expect(shownLinkUri({ uri: dataUri }, neverOn(dataUri), NOW)).toEqual({ shown: false, why: 'data-uri' });
  });

  it.each([
    ['percent-encoded', '%64ata:text/plain;base64,U0VDUkVU'],
    ['percent-encoded, upper case', '%44%41%54%41:text/plain,hi'],
    ['percent-encoded after a leading space', ' %64ata:text/plain,hi'],
    ['after an encoded space', '%20data:text/plain,hi'],
    ['after many leading spaces', `${' '.repeat(100)}data:text/plain,hi`],
  ])('never shows a data: uri read once percent-decoded (%s)', (_name, uri) => {
    expect(shownLinkUri({ uri }, NO_CLAIMS, NOW)).toEqual({ shown: false, why: 'data-uri' });
  });

  it.each([
    ['in a query value', `https://x.example/view?png=${'A'.repeat(BASE64_RUN_MIN_CHARS)}`],
    ['in the path', `https://x.example/${'Qm9'.repeat(70)}/view`],
    ['percent-encoded', `https://x.example/view?png=${'ab%2Bcd%2F'.repeat(40)}`],
  ])('never shows a uri holding a base64 run (%s)', (_name, uri) => {
    expect(shownLinkUri({ uri }, NO_CLAIMS, NOW)).toEqual({ shown: false, why: 'data-uri' });
  });

  it('shows an ordinary uri naming data: after its scheme', () => {
    for (const uri of ['https://x.example/data:1', 'https://x.example/?q=data:text']) {
      expect(shownLinkUri({ uri }, NO_CLAIMS, NOW)).toEqual({ shown: true, text: uri });
    }
  });

  it('shows a uri whose longest run is a character under a base64 run', () => {
    // `/` is of the alphabet, so the run starts after the `.`.
    const uri = `https://x.example/a.${'A'.repeat(BASE64_RUN_MIN_CHARS - 1)}`;
    expect(shownLinkUri({ uri }, NO_CLAIMS, NOW)).toEqual({ shown: true, text: uri });
  });

  it('shows the text without controls, and bounded', () => {
    expect(shownLinkUri({ uri: 'https://x.example/a\u2028b' }, NO_CLAIMS, NOW)).toEqual({ shown: true, text: 'https://x.example/ab' });
    // Runs under a base64 run's length (200), so the uri is shown, cut at its bound.
    const long = `https://x.example/${`${'a'.repeat(99)}.`.repeat(30)}`;
    const result = shownLinkUri({ uri: long }, NO_CLAIMS, NOW);
    expect(result.shown && result.text.length).toBe(URI_DISPLAY_MAX_CHARS);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClaimsReader, NO_CLAIMS } from '../../src/references/claims.js';
import { foldedLengthAtMost, foldedPiece, isRunChar, NAME_RUN_CHAR, shownName } from '../../src/uri/shown-name.js';

const WEBHOOK = 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';
const PRESIGNED = 'https://b.s3.amazonaws.com/exports/q3.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=fedcba9876543210fedcba9876543210';
const GITHUB_TOKEN = 'ghp_EXAMPLE0123456789abcdefghijklmnopqrstu';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

describe(shownName.name, () => {
  it.each([
    ['the uri itself', WEBHOOK, WEBHOOK],
    ['the uri without its scheme', WEBHOOK.slice('https://'.length), WEBHOOK],
    ['the uri without its scheme, inside prose', `Alerts go to ${WEBHOOK.slice('https://'.length)} (team)`, 'https://example.com/other'],
    ['a host and path that carry a webhook secret', `Slack: ${WEBHOOK.slice('https://'.length)}`, 'https://example.com/other'],
    ['a relative path that carries a credential', 'see /bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe', 'https://example.com/x'],
    ['a host and path that carry a bot token', 'api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe', 'https://example.com/x'],
    ['a signature parameter among words', 'report.pdf X-Amz-Signature=fedcba9876543210fedcba9876543210', PRESIGNED],
    ['a credential parameter after a colon', 'link:token=abcdef0123456789abcdef', 'https://example.com/x'],
    ['a documented token alone', GITHUB_TOKEN, 'https://example.com/x'],
    ['a documented token among words', `deploy key (${GITHUB_TOKEN})`, 'https://example.com/x'],
    ['a JWT', JWT, 'https://example.com/x'],
    ['a token split by a zero-width space the display drops', `ghp_\u200bEXAMPLE0123456789abcdefghijklmnopqrstu`, 'https://example.com/x'],
    ['the location of a presigned uri (its host and path)', 'b.s3.amazonaws.com/exports/q3.csv', PRESIGNED],
    ['a presigned relative form', 'q3.csv?X-Amz-Signature=fedcba9876543210fedcba9876543210', PRESIGNED],
    ['a protocol-relative form', '//b.s3.amazonaws.com/exports/q3.csv', PRESIGNED],
    ['a data: uri after a no-break space', '\u00a0data:text/plain,hi', 'https://example.com/x'],
  ])('is not shown: %s', (_name, name, uri) => {
    expect(shownName(name, uri, NO_CLAIMS)).toBeUndefined();
  });

  it.each([
    'report.pdf',
    'Plan (Q3) v2.pdf',
    'quarterly-report-2025-final-v2.pdf',
    '2024/25 budget.xlsx',
    'docs/guide.md',
    'Meeting notes: budget=approved',
    'Blob Resource 1',
    'README',
    'a',
  ])('shows an ordinary name: %s', (name) => {
    expect(shownName(name, 'https://files.example.com/exports/r1/file.csv?page=2', NO_CLAIMS)).toBe(name);
  });

  it('shows a short name that a short uri is not (a one-letter uri is in every name)', () => {
    expect(shownName('a.txt', 'a', NO_CLAIMS)).toBe('a.txt');
    expect(shownName('a', 'a', NO_CLAIMS)).toBeUndefined();
  });

  it('hides a name that holds its uri without the scheme, whatever the claims', () => {
    const uri = 'https://internal.example.com/plans/secret-plan.pdf';
    expect(shownName('internal.example.com/plans/secret-plan.pdf', uri, NO_CLAIMS)).toBeUndefined();
    expect(shownName('secret-plan.pdf', uri, NO_CLAIMS)).toBe('secret-plan.pdf');
  });

  it('hides a name a never claim covers', () => {
    const reader = new ClaimsReader();
    reader.addTestimony({ uri: 'https://x.example/a', blockType: 'resource', fromLink: false, disposition: 'never' });
    expect(shownName('https://x.example/a', 'https://other.example/b', reader.finish(undefined))).toBeUndefined();
  });

  it('shows nothing for a missing or empty name', () => {
    expect(shownName(undefined, 'https://x.example/a', NO_CLAIMS)).toBeUndefined();
    expect(shownName('', 'https://x.example/a', NO_CLAIMS)).toBeUndefined();
  });
});

describe(`${shownName.name}, a short place`, () => {
  it('hides a name that holds the uri’s rest where its place alone is too short to count', () => {
    expect(shownName('see x.io?page=2', 'https://x.io?page=2', NO_CLAIMS)).toBeUndefined();
    expect(shownName('x.io', 'https://x.io?page=2', NO_CLAIMS)).toBe('x.io');
  });
});

describe(`${shownName.name}, a token among punctuation`, () => {
  const OTHER = 'https://example.com/x';
  it.each([
    ['after a colon, before a full stop', `key: ${GITHUB_TOKEN}.`],
    ['right after a colon', `key:${GITHUB_TOKEN}`],
    ['in bold', `**${GITHUB_TOKEN}**`],
    ['in curly quotes', `\u201c${GITHUB_TOKEN}\u201d`],
    ['in guillemets', `\u00ab${GITHUB_TOKEN}\u00bb`],
    ['after an arrow', `token\u2192${GITHUB_TOKEN}`],
    ['after a dotted prefix', `x.${GITHUB_TOKEN}`],
    ['a value ending a sentence', `k=${GITHUB_TOKEN}.`],
    ['a JWT after a colon', `jwt:${JWT}`],
    ['a JWT in brackets, before a full stop', `[${JWT}].`],
  ])('is not shown: %s', (_name, name) => {
    expect(shownName(name, OTHER, NO_CLAIMS)).toBeUndefined();
  });
});

describe(`${shownName.name}, a piece of its own withheld uri`, () => {
  const SLACK = 'https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/XyZsecretWebhook123abc';
  const LOGIN = 'https://alice:hunter2pass@db.example.com/backup.sql';
  const SIGNATURE = 'fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210';
  const SIGNED = `https://b.s3.amazonaws.com/exports/quarterly-report-2025.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=${SIGNATURE}`;
  it.each([
    ['its path alone', '/services/T0AAAAAAA/B0BBBBBBB/XyZsecretWebhook123abc', SLACK],
    ['its webhook secret alone', 'XyZsecretWebhook123abc', SLACK],
    ['its password and host', 'hunter2pass@db.example.com/backup.sql', LOGIN],
    ['its login in brackets', 'backup.sql (alice:hunter2pass)', LOGIN],
    ['its password alone', 'hunter2pass', LOGIN],
    ['its signature after a label', `quarterly-report-2025.csv X-Amz-Signature: ${SIGNATURE}`, SIGNED],
    ['its signature in words', `q3 (signature ${SIGNATURE})`, SIGNED],
  ])('is not shown: %s', (_name, name, uri) => {
    expect(shownName(name, uri, NO_CLAIMS)).toBeUndefined();
  });

  it.each([
    ['a presigned link named by its file', 'quarterly-report-2025.csv', SIGNED],
    ['a webhook named for its channel', '#alerts-2025', SLACK],
    ['a login link named by its file', 'backup.sql', LOGIN],
    ['a repository named owner/repo', 'octo-org/hello-world2', 'https://github.com/octo-org/hello-world2'],
  ])('shows an ordinary name: %s', (_name, name, uri) => {
    expect(shownName(name, uri, NO_CLAIMS)).toBe(name);
  });
});

describe(`${shownName.name}, a piece of its uri in a short name`, () => {
  // A signed uri whose only random piece is 12 characters, the shortest read in another form.
  const SIGNED = 'https://b.s3.amazonaws.com/x.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=9f8e7d6c5b4a';
  const UNSIGNED = 'https://example.com/files/9f8e7d6c5b4a';
  it.each([
    ['reversed, as long as the piece', 'a4b5c6d7e8f9'],
    ['dash-grouped', '9f8e-7d6c-5b4a'],
    ['dash-grouped and upper-cased', '9F8E-7D6C-5B4A'],
    ['in full-width letters and digits, which read as ASCII', '\uff19\uff46\uff18\uff45\uff17\uff44\uff16\uff43\uff15\uff42\uff14\uff41'],
    ['spaced, reversed', 'a4b5 c6d7 e8f9'],
  ])('is not shown: %s', (_name, name) => {
    expect(shownName(name, SIGNED, NO_CLAIMS)).toBeUndefined();
  });

  it.each([
    ['one character short of the piece', '9f8e-7d6c-5b4'],
    ['with a character past ASCII for a digit', '9f8e-7d6c-5b4\u00e9'],
  ])('is shown, holding less than a piece: %s', (_name, name) => {
    expect(shownName(name, SIGNED, NO_CLAIMS)).toBe(name);
  });

  it('shows a name holding a piece of a uri that carries nothing', () => {
    expect(shownName('a4b5c6d7e8f9', UNSIGNED, NO_CLAIMS)).toBe('a4b5c6d7e8f9');
  });
});

describe(isRunChar.name, () => {
  it('answers as NAME_RUN_CHAR for every UTF-16 code unit', () => {
    const differing: number[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (isRunChar(code) !== NAME_RUN_CHAR.test(String.fromCharCode(code))) differing.push(code);
    }
    expect(differing).toEqual([]);
  });
});

describe(foldedPiece.name, () => {
  it('folds no code point to more than one character, and counts at least that (foldedLengthAtMost)', () => {
    const longer: number[] = [];
    for (let point = 0; point <= 0x10ffff; point += 1) {
      const text = String.fromCodePoint(point);
      const length = foldedPiece(text).length;
      if (length > 1 || foldedLengthAtMost(text) < length) longer.push(point);
    }
    expect(longer).toEqual([]);
  });

  it('is counted exactly for ASCII text, and at most for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 24 }), fc.string({ maxLength: 24 }), (any, ascii) => {
        expect(foldedLengthAtMost(any)).toBeGreaterThanOrEqual(foldedPiece(any).length);
        expect(foldedLengthAtMost(ascii)).toBe(foldedPiece(ascii).length);
      }),
      { seed: 20_261_202, numRuns: 2_000 },
    );
  });
});

describe(`${shownName.name}, part of its uri's secret in another form`, () => {
  // issue 12 §2: a name holding any 12 characters of its uri's secret, in a form a reader would
  // still recognize, shows that much of it.
  const SIGNATURE = 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404';
  const SIGNED = `https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=${SIGNATURE}`;
  const TOKEN = 'SpYYo8RlHXKfODp7hRFhAxTfIrY';
  const TOKEN_URI = `https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=${TOKEN}`;
  const half = SIGNATURE.slice(0, 48);

  it.each([
    ['its first 48 characters', half, SIGNED],
    ['its first 48 characters dash-grouped', dashGrouped(half), SIGNED],
    ['its first 48 characters reversed', reversed(half), SIGNED],
    ['its first 48 characters upper-cased', half.toUpperCase(), SIGNED],
    ['the whole of it dash-grouped', dashGrouped(SIGNATURE), SIGNED],
    ['12 characters from its middle, dash-grouped and upper-cased, in words', `scan ${dashGrouped(SIGNATURE.slice(20, 32)).toUpperCase()} done`, SIGNED],
    ['a token percent-encoded in a file name', `report ${percentEncoded(TOKEN)}.pdf`, TOKEN_URI],
    ['a token hex-encoded in a file name', `report ${hexEncoded(TOKEN)}.pdf`, TOKEN_URI],
    ['a token’s 12 characters hex-encoded at an odd offset', `x${hexEncoded(TOKEN.slice(3, 15))}`, TOKEN_URI],
  ])('is not shown: %s', (_name, name, uri) => {
    expect(shownName(name, uri, NO_CLAIMS)).toBeUndefined();
  });

  it.each([
    ['a dated report', 'Q3 report 2025-11-04.pdf', SIGNED],
    ['a camera file name', 'IMG_20251104_123456.jpg', SIGNED],
    ['the uri’s file name', 'test.txt', SIGNED],
    ['a long file name in words', 'quarterly-report-2025-final-v2.pdf', TOKEN_URI],
    ['words alone', 'Meeting notes for the quarterly planning session', SIGNED],
    ['percent-encoded words', 'Q3%20report%202025.pdf', TOKEN_URI],
    ['a hex checksum unrelated to the uri', 'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', SIGNED],
    ['11 characters of the secret, dash-grouped', dashGrouped(SIGNATURE.slice(0, 11)), SIGNED],
  ])('is shown: %s', (_name, name, uri) => {
    expect(shownName(name, uri, NO_CLAIMS)).toBe(name);
  });

  it('shows a camera file name that is the uri’s own file name', () => {
    const uri = 'https://b.s3.amazonaws.com/photos/IMG_20251104_123456.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=' + SIGNATURE;
    expect(shownName('IMG_20251104_123456.jpg', uri, NO_CLAIMS)).toBe('IMG_20251104_123456.jpg');
  });

  const FORMS: readonly (readonly [string, (window: string) => string])[] = [
    ['plain', (window) => window],
    ['reversed', reversed],
    ['upper-cased', (window) => window.toUpperCase()],
    ['lower-cased', (window) => window.toLowerCase()],
    ['dash-grouped', dashGrouped],
    ['percent-encoded', percentEncoded],
    ['hex-encoded', hexEncoded],
    ['base64-encoded', (window) => Buffer.from(window).toString('base64')],
  ];

  it.each(FORMS)('withholds a name holding any 12 or more characters of the secret, %s, among words', (_form, encode) => {
    fc.assert(
      fc.property(
        fc.constantFrom([SIGNATURE, SIGNED] as const, [TOKEN, TOKEN_URI] as const),
        fc.nat(),
        fc.integer({ min: 12, max: 64 }),
        fc.constantFrom('', 'copy of ', 'x'),
        fc.constantFrom('', '.pdf', ' (final)'),
        ([secret, uri], at, length, before, after) => {
          const size = Math.min(length, secret.length);
          const start = at % (secret.length - size + 1);
          const name = `${before}${encode(secret.slice(start, start + size))}${after}`;
          expect(shownName(name, uri, NO_CLAIMS)).toBeUndefined();
        },
      ),
    );
  });
});

function reversed(text: string): string {
  return [...text].reverse().join('');
}

function dashGrouped(text: string): string {
  return text.match(/.{1,4}/g)?.join('-') ?? '';
}

function percentEncoded(text: string): string {
  return [...text].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join('');
}

function hexEncoded(text: string): string {
  return Buffer.from(text).toString('hex');
}

/**
 * Host names the credential lists name, nested anywhere in a path as a reader or a proxy takes
 * them (`https://r.jina.ai/x/hooks.slack.com/…`), and spelled as WHATWG's parser reads a host:
 * percent-encoded, with ideographic full stops, in fullwidth letters. `hostReading` must read a
 * run of a host's characters as the parser does, or a webhook spelled otherwise would show.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uriMayCarryCredential } from '../../src/uri/credential.js';
import { hostReading } from '../../src/uri/nested-uri.js';

const SEED = 20_261_202;
const SECRET = 'EXAMPLEhookSECRET0123456';
const HOOK_PATH = `/services/T00000000/B00000000/${SECRET}`;

/** The host name the URL parser reads in `https://<name>/`, or `undefined` where it reads none. */
function parsedHost(name: string): string | undefined {
  try {
    return new URL(`https://${name}/`).hostname;
  } catch {
    return undefined;
  }
}

describe(hostReading.name, () => {
  it('reads every code point the parser maps into a plain ASCII host name as the parser does, written and percent-encoded', () => {
    const differences: string[] = [];
    // The BMP, and the blocks past it whose characters the parser maps into ASCII (mathematical
    // and enclosed alphanumerics, segmented digits, variation selectors, …): every one, found once
    // by trying every code point.
    const beyond = [0x107a5, 0x1bca0, 0x1d400, 0x1f100, 0x1fbf0, 0xe0100].flatMap((from) => Array.from({ length: 0x400 }, (_, offset) => from + offset));
    for (const code of [...Array.from({ length: 0xff80 }, (_, offset) => 0x80 + offset), ...beyond]) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const name = `a${String.fromCodePoint(code)}b.com`;
      const host = parsedHost(name);
      // Only names the parser maps into ASCII can name a listed host (whose labels are ASCII).
      if (host === undefined || !/^[a-z0-9._-]*$/.test(host) || host.includes('xn--')) continue;
      if (hostReading(name) !== host) differences.push(`U+${code.toString(16)}: ${hostReading(name)} ≠ ${host}`);
      if (hostReading(encodeURIComponent(name)) !== host) differences.push(`U+${code.toString(16)} encoded`);
    }
    expect(differences).toEqual([]);
  });

  it('reads escapes encoded again as the host a proxy that decodes its path again fetches', () => {
    expect(hostReading('hooks%252Eslack%25252Ecom')).toBe('hooks.slack.com');
    expect(parsedHost(decodeURIComponent(decodeURIComponent('hooks%252Eslack%25252Ecom')))).toBe('hooks.slack.com');
  });

  it.each([
    ['ASCII, lower-cased', 'HOOKS.Slack.COM', 'hooks.slack.com'],
    ['encoded dots', 'hooks%2Eslack%2ecom', 'hooks.slack.com'],
    ['ideographic full stops, encoded', 'hooks%E3%80%82slack%E3%80%82com', 'hooks.slack.com'],
    ['halfwidth ideographic full stops', 'hooks\uff61slack\uff61com', 'hooks.slack.com'],
    ['fullwidth letters and full stops', '\uff48\uff4f\uff4f\uff4b\uff53\uff0eslack.com', 'hooks.slack.com'],
    ['a soft hyphen the parser drops', 'hoo\u00adks.slack.com', 'hooks.slack.com'],
  ])('reads %s as the parser does: %s', (_name, given, want) => {
    expect(hostReading(given)).toBe(want);
    expect(parsedHost(given)).toBe(want);
  });

  // The URL parser's mapping of U+1E9E differs by Node version: Node 20 and 22 map it to `ss`
  // (UTS #46 transitional), Node 24 keeps `ß` and encodes it (`xn--…`). The reading takes `ss`,
  // the ASCII one, the only one that can spell a listed host.
  it('reads a capital sharp s as ss, whichever way the parser of this Node maps it', () => {
    expect(hostReading('a\u1e9eb.com')).toBe('assb.com');
    expect(['assb.com', 'xn--ab-gia.com']).toContain(parsedHost('a\u1e9eb.com'));
  });
});

describe('a listed host nested anywhere in a path', () => {
  // Pieces a path may hold before the host: segments, openers, escapes, a reader's or an archive's prefix.
  const PREFIX = fc.array(fc.constantFrom('x', 'web/2020', 'a.b', 'docs', '%20', '%28', '(', '=', 'url=', '%3D', 'u@', 'a%2Fb', '~', 'jquery.min.js'), {
    maxLength: 4,
  });
  // What may stand between the prefix and the host: any form of slash a reader or a proxy splits on.
  const SEPARATOR = fc.constantFrom('/', '//', '///', '%2F', '%2f', '%5C', '\\', '%252F', '/ //', '/%20//', '/(%2F%2F', '/%28//', '=');
  // The host as the parser reads it, spelled otherwise.
  const SPELLING = fc.constantFrom(
    'hooks.slack.com',
    'HOOKS.SLACK.COM',
    'hooks%2Eslack%2Ecom',
    'hooks\u3002slack\u3002com',
    'hooks.slack.com.',
    'hooks.slack.com:443',
    'hooks.sl%61ck.com',
    '\uff48\uff4f\uff4f\uff4b\uff53.slack.com',
  );

  it('withholds the webhook behind any prefix and separator, however its host is spelled', () => {
    fc.assert(
      fc.property(PREFIX, SEPARATOR, SPELLING, (prefix, separator, spelling) => {
        const uri = `https://r.jina.ai/${prefix.join('/')}${separator}${spelling}${HOOK_PATH}`;
        expect(uriMayCarryCredential(uri), uri).toBe(true);
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });

  // A host with no dot before its last label written (`….co%6D`) is found by its escapes alone:
  // each kind of escape the parser reads as a letter, in either case, and one encoded again
  // (beside the same spelling of a host no list names, which shows).
  it.each([
    ['a lower-case letter', 'hooks.slack.co%6D'],
    ['an upper-case letter', 'HOOKS.SLACK.CO%4D'],
    ['an escape with lower-case digits', 'hooks.slack.co%6d'],
  ])('withholds the webhook where only %s spells its host: %s', (_name, spelling) => {
    expect(uriMayCarryCredential(`https://r.jina.ai/x/${spelling}${HOOK_PATH}`)).toBe(true);
    expect(uriMayCarryCredential(`https://r.jina.ai/x/${spelling}/docs/page`)).toBe(false);
  });

  it('withholds the webhook where only an escape encoded again spells its host', () => {
    expect(uriMayCarryCredential(`https://r.jina.ai/x/hooks.slack.co%256D${HOOK_PATH}`)).toBe(true);
    expect(uriMayCarryCredential(`https://r.jina.ai/x/hooks.slackx.co%256D${HOOK_PATH}`)).toBe(false);
  });

  // Letters past `o` (`%74`, `%54`) escape in `.net`: a Pipedream endpoint's host is its secret.
  it.each(['pipedream.ne%74', 'PIPEDREAM.NE%54', 'pipedream.n%65t'])('withholds a Pipedream endpoint whose host only escapes spell: %s', (spelling) => {
    expect(uriMayCarryCredential(`https://r.jina.ai/x/en1a2b3c4d5e6f7.m.${spelling}/`)).toBe(true);
    expect(uriMayCarryCredential(`https://r.jina.ai/x/docs.${spelling}/page`)).toBe(false);
  });

  it('shows an ordinary page behind the same prefixes and separators', () => {
    fc.assert(
      fc.property(PREFIX, SEPARATOR, (prefix, separator) => {
        const uri = `https://r.jina.ai/${prefix.join('/')}${separator}hooks.slack.com/docs/page`;
        expect(uriMayCarryCredential(uri), uri).toBe(false);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('a path of many host names', () => {
  const hosts = (count: number) => Array.from({ length: count }, (_, index) => `h${index}.example.com`).join('/');

  it.each([10, 20, 40, 60, 200])('withholds a webhook after %i host names no list names, each read one level down past those a level reads', (count) => {
    expect(uriMayCarryCredential(`https://r.jina.ai/${hosts(count)}${HOOK_PATH.replace('/services', '/hooks.slack.com/services')}`)).toBe(true);
  });

  it.each([10, 20, 40, 60])('shows an ordinary page after %i of them', (count) => {
    expect(uriMayCarryCredential(`https://r.jina.ai/${hosts(count)}/page`)).toBe(false);
  });

  it('withholds a path built of hundreds of them: its readings run out of levels', () => {
    expect(uriMayCarryCredential(`https://r.jina.ai/${hosts(200)}/page`)).toBe(true);
  });
});

// The parser reads an empty port (`hooks.slack.com:/…`) as the default one: the host is live,
// and a name with a dot before a colon is that host, never a scheme's name.
describe('a listed host with an empty port', () => {
  const HOOK = `hooks.slack.com:${HOOK_PATH}`;

  it.each([
    ['after a path opener', `https://x.example/p;//${HOOK}`],
    ['after an opening parenthesis', `https://x.example/a(//${HOOK}`],
    ['after an equals sign and a quote', `https://x.example/a="//${HOOK}`],
    ['after an encoded space', `https://x.example/a%20//${HOOK}`],
    ['after encoded slashes', `https://x.example/a=%2F%2F${HOOK}`],
    ['as a reader path', `https://r.jina.ai/${HOOK}`],
    ['later in a reader path', `https://r.jina.ai/x/${HOOK}`],
    ['with its port padded with zeros', `https://r.jina.ai/x/hooks.slack.com:00000443${HOOK_PATH}`],
    ['as a reader path, its port padded with zeros', `https://r.jina.ai/hooks.slack.com:00000443${HOOK_PATH}`],
  ])('withholds the webhook %s', (_name, uri) => {
    expect(new URL(`https://${HOOK}`).hostname).toBe('hooks.slack.com');
    expect(uriMayCarryCredential(uri)).toBe(true);
  });

  // A dotted name ending in a special scheme's name is that scheme's: the uri after it is read as
  // itself, and its credential path opens that uri's path.
  it.each(['(//x.https://', '(//x.http:/', ';//cdn.https:/', '=//x.ftp:/', '"//x.wss://', '=%2F%2Fx.https://', '(//x.https:\\'])(
    'withholds a signed path behind %s',
    (opening) => {
      expect(uriMayCarryCredential(`https://p.example/a${opening}media.example.com/202401011230/0f1e2d3c4b5a69788796a5b4c3d2e1f0/videos/intro.mp4`)).toBe(true);
    },
  );

  // A colon before two slashes opens a scheme's, never an empty port.
  it.each(['ahooks.slack.com://', 'hooks.slack.com:\\\\', 'a=//a.b://', 'a(//h.ttps://', 'a%20//a.b://'])('withholds a signed path after %s', (opening) => {
    expect(uriMayCarryCredential(`https://p.example/${opening}media.example.com/202401011230/0f1e2d3c4b5a69788796a5b4c3d2e1f0/videos/intro.mp4`)).toBe(true);
  });

  it.each([
    `https://x.example/p;//hooks.slack.com:/docs/page`,
    `https://r.jina.ai/hooks.slack.com:/docs/page`,
    `https://x.example/p;//com.example.app:/oauth2redirect?code=1`,
    `https://x.example/p;//https://example.com/page`,
    `https://example.com/main/(//hooks.slack.com%3A/docs`,
  ])('shows an ordinary page: %s', (uri) => {
    expect(uriMayCarryCredential(uri)).toBe(false);
  });
});

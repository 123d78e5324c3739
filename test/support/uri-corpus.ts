/**
 * A seeded corpus of links for differential tests of the credential rule and the name rule: every
 * example the credential lists carry, and generated uris — plain, presigned, webhooks, capability
 * and share paths, fragments, path parameters, nested, percent-, hex- and base64-encoded, with
 * listed, ending, ambiguous, host-scoped and ordinary names — each with a name a server might give
 * it. The same seed gives the same corpus, so verdicts recorded for it once can be compared later.
 */
import * as lists from '../../src/uri/credential-lists.js';

/** One link of the corpus: its uri and the name it is given. */
export interface CorpusLink {
  readonly uri: string;
  readonly name: string;
}

/** A small seeded generator (mulberry32): the corpus must not depend on `Math.random`. */
class Draw {
  private state: number;
  /** How often a part of a link is drawn from its interesting forms rather than its ordinary ones. */
  wildness = 1;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Whether this part is drawn from its interesting forms (`wildness`). */
  wild(): boolean {
    return this.next() < this.wildness;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }

  chars(alphabet: string, min: number, max: number): string {
    const length = min + this.below(max - min + 1);
    let text = '';
    for (let index = 0; index < length; index++) text += alphabet[this.below(alphabet.length)];
    return text;
  }
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';
const ALNUM = LOWER + UPPER + DIGITS;
const BASE64URL = `${ALNUM}-_`;
const HEX = '0123456789abcdef';

// Every string an exported list holds under `example` or `ordinary`, the lists taken by name in
// order (a module's namespace lists its names in order, a transpiled one as they were written).
function listExamples(): string[] {
  const examples: string[] = [];
  for (const key of Object.keys(lists).sort()) {
    const value = (lists as Record<string, unknown>)[key];
    if (!Array.isArray(value)) continue;
    for (const entry of value as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      for (const key of ['example', 'ordinary']) {
        const text = (entry as Record<string, unknown>)[key];
        if (typeof text === 'string') examples.push(text);
      }
    }
  }
  return examples;
}

function field<T>(entries: readonly object[], key: string): T[] {
  return entries.map((entry) => (entry as Record<string, unknown>)[key]).filter((value): value is T => value !== undefined);
}

const CAPABILITY_WORDS = field<string>(lists.CAPABILITY_PATH_WORDS, 'word');
const SHARE_WORDS = field<string>(lists.SHARE_PATH_WORDS, 'word');
const PAGE_WORDS = lists.CAPABILITY_PAGE_SEGMENTS;
const LISTED_NAMES = field<string>(lists.CREDENTIAL_PARAMETERS, 'name');
const ENDINGS = field<string>(lists.CREDENTIAL_NAME_ENDINGS, 'ending');
const NOT_LISTED = field<string>(lists.NOT_CREDENTIAL_PARAMETERS, 'name');
const AMBIGUOUS = field<string>(lists.AMBIGUOUS_PARAMETERS, 'name');
const COMPANIONS = lists.AMBIGUOUS_PARAMETERS.flatMap((entry) => entry.companions);
const SCOPED_NAMES = [...field<string>(lists.HOST_SCOPED_PARAMETERS, 'name'), ...field<string>(lists.HOST_EXEMPT_PARAMETERS, 'name')];
const DOMAINS = [
  ...field<string>(lists.HOST_SCOPED_PARAMETERS, 'domain'),
  ...field<string>(lists.HOST_EXEMPT_PARAMETERS, 'domain'),
  ...lists.CREDENTIAL_PATH_SHAPES.flatMap((shape) => shape.hosts ?? []),
  ...lists.FRAGMENT_KEY_HOSTS,
];
const ORDINARY_NAMES = [
  'page',
  'per_page',
  'sort',
  'q',
  'id',
  'lang',
  'utm_source',
  'utm_medium',
  'ref',
  'tab',
  'v',
  'format',
  'limit',
  'offset',
  'next',
  'url',
  'redirect_uri',
  'return_to',
  'src',
  'key',
  'sort_key',
  'code',
  's',
  't',
];
const PLAIN_SEGMENTS = [
  'exports',
  'r7',
  'file-3.csv',
  'docs',
  'api',
  'v1',
  'v2',
  'users',
  'index.php',
  'en-US',
  'guides',
  'getting-started',
  'repos',
  'acme',
  'widget',
  'issues',
  '42',
  'comments',
  'token',
  'auth',
  'u',
  'session',
  'services',
  'webhookb2',
  'bot',
  'rails',
  'active_storage',
  'blobs',
  'dashboard',
  'snapshot',
  'public-dashboards',
  'p',
  'n',
  'calendar',
  'ical',
  'owa',
];
const SETTINGS = lists.SETTING_VALUES;
const ORDINARY_VALUES = [
  '1',
  '42',
  'true',
  'en',
  'asc',
  'report.pdf',
  'USDC',
  'classic',
  'getting-started',
  'AWS4-HMAC-SHA256',
  '20260101T000000Z',
  '3600',
  'host',
  'abc',
  '',
];
const TOKENS = [
  'ghp_EXAMPLE0123456789abcdefghijklmnopqrstu',
  'sk_live_EXAMPLE0123456789abcdefghij',
  'xoxb-123456789012-1234567890123-EXAMPLEabcdefghijklmnop',
  'AKIAIOSFODNN7EXAMPLE',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  'glpat-EXAMPLE0123456789abc',
  'AIzaSyEXAMPLE0123456789abcdefghijklmno',
];

function cased(draw: Draw, word: string): string {
  switch (draw.below(4)) {
    case 0:
      return word.toUpperCase();
    case 1:
      return word[0]!.toUpperCase() + word.slice(1);
    default:
      return word;
  }
}

// A word as a path or a name may spell it: its dashes kept, made `_`, or dropped, in some case.
function spelled(draw: Draw, word: string): string {
  const separator = draw.pick(['-', '-', '_', '', '.']);
  return cased(draw, word.replaceAll('-', separator));
}

function escaped(draw: Draw, text: string): string {
  if (text === '') return text;
  const at = draw.below(text.length);
  const code = text.charCodeAt(at);
  return code > 0x7f ? text : `${text.slice(0, at)}%${code.toString(16).toUpperCase().padStart(2, '0')}${text.slice(at + 1)}`;
}

function randomToken(draw: Draw): string {
  switch (draw.below(7)) {
    case 0:
      return draw.chars(ALNUM, 20, 40);
    case 1:
      return draw.chars(BASE64URL, 16, 64);
    case 2:
      return draw.chars(HEX, 32, 64);
    case 3:
      return `${draw.chars(HEX, 8, 8)}-${draw.chars(HEX, 4, 4)}-4${draw.chars(HEX, 3, 3)}-a${draw.chars(HEX, 3, 3)}-${draw.chars(HEX, 12, 12)}`;
    case 4:
      return draw.chars(ALNUM, 15, 15);
    case 5:
      return draw.chars(LOWER + DIGITS, 20, 30);
    default:
      return draw.pick(TOKENS);
  }
}

function ordinarySegment(draw: Draw): string {
  switch (draw.below(6)) {
    case 0:
      return `${draw.pick(['Spring', 'spring', 'launch', 'Q3'])}-${draw.pick(['Product', 'plan', 'Launch'])}-${draw.below(3000)}`;
    case 1:
      return draw.pick(['useAuthenticationToken', 'iPhone15ProMaxReview', 'macOS14SonomaRelease', 'getUserById']);
    case 2:
      return `${draw.pick(['pre-commit', 'report', 'file', 'image'])}-${draw.below(100)}.${draw.pick(['sh', 'csv', 'png', 'json', 'tar.gz'])}`;
    case 3:
      return `${draw.pick(['we', 'prj', 'cus', 'acct'])}_${draw.chars(ALNUM, 8, 24)}`;
    case 4:
      return `0x${draw.chars(HEX, 40, 40)}`;
    default:
      return draw.pick(PLAIN_SEGMENTS);
  }
}

function host(draw: Draw): string {
  switch (draw.below(8)) {
    case 0:
    case 1:
      return draw.pick(['example.com', 'docs.example.org', 'api.github.com', 'bucket.s3.amazonaws.com', 'x.example']);
    case 2: {
      const domain = draw.pick(DOMAINS);
      return draw.chance(0.5) ? domain : `${draw.pick(['hooks', 'api', 'cdn', 'www', 'a1'])}.${domain}`;
    }
    case 3:
      return draw.pick(['hooks.slack.com', 'discord.com', 'outlook.office.com', 'hooks.zapier.com', 'mega.nz', 'send.bitwarden.com', 'fn.azurewebsites.net']);
    case 4:
      return draw.pick(['localhost', '127.0.0.1', 'EXAMPLE.COM', 'example.com.', 'xn--bcher-kva.example', 'example.com:8443', '[::1]']);
    case 5:
      return `${draw.pick(['teams.microsoft.com', 'cdn.discordapp.com'])}.${draw.pick(['mcas.ms', 'evil.test'])}`;
    default:
      return `${draw.chars(LOWER, 3, 10)}.${draw.pick(['com', 'org', 'io', 'net', 'dev'])}`;
  }
}

function segment(draw: Draw, depth: number): string {
  if (!draw.wild()) return draw.chance(0.1) ? spelled(draw, draw.pick([...CAPABILITY_WORDS, ...PAGE_WORDS, ...SHARE_WORDS])) : ordinarySegment(draw);
  switch (draw.below(14)) {
    case 0:
    case 1:
      return spelled(draw, draw.pick(CAPABILITY_WORDS));
    case 2:
      return draw.pick(SHARE_WORDS);
    case 3:
      return cased(draw, draw.pick(PAGE_WORDS));
    case 4:
    case 5:
      return randomToken(draw);
    case 6:
      return `${draw.chars(LOWER, 1, 8)}=${value(draw, depth)}`;
    case 7:
      return `${draw.pick(['a', 'file'])};${draw.pick(['jsessionid', 'token', 'v'])}=${value(draw, depth)}`;
    case 8:
      return depth > 0 ? `${draw.pick(['https://', 'https%3A%2F%2F', 'http:/', '%68ttps://'])}${innerUri(draw, depth - 1).replace(/^https?:\/\//, '')}` : 'x';
    case 9:
      return depth > 0 ? encoded(draw, innerUri(draw, depth - 1)) : 'y';
    case 10:
      return escaped(draw, ordinarySegment(draw));
    case 11:
      return draw.pick(['', '.', '..', '%2e', '~user', 'a:b', '(x)', 'hooks.slack.com']);
    default:
      return ordinarySegment(draw);
  }
}

function encoded(draw: Draw, uri: string): string {
  switch (draw.below(4)) {
    case 0:
      return Buffer.from(uri).toString('hex');
    case 1:
      return Buffer.from(uri).toString('base64url');
    case 2:
      return Buffer.from(uri).toString('base64');
    default:
      return encodeURIComponent(uri);
  }
}

function name(draw: Draw): string {
  if (!draw.wild()) return draw.pick(ORDINARY_NAMES);
  switch (draw.below(10)) {
    case 0:
    case 1:
      return spelled(draw, draw.pick(LISTED_NAMES));
    case 2:
      return `${draw.pick(['private', 'client', 'x', 'access', 'page', 'sort'])}${draw.pick(['_', '-', '', '['])}${draw.pick(ENDINGS)}${draw.pick(['', ']'])}`;
    case 3:
      return draw.pick(NOT_LISTED);
    case 4:
      return cased(draw, draw.pick(AMBIGUOUS));
    case 5:
      return draw.pick(COMPANIONS);
    case 6:
      return draw.pick(SCOPED_NAMES);
    case 7:
      return escaped(draw, draw.pick(ORDINARY_NAMES));
    default:
      return draw.pick(ORDINARY_NAMES);
  }
}

function value(draw: Draw, depth: number): string {
  if (!draw.wild()) return draw.chance(0.5) ? draw.pick(ORDINARY_VALUES) : String(draw.below(100000));
  switch (draw.below(9)) {
    case 0:
    case 1:
      return draw.pick(ORDINARY_VALUES);
    case 2:
      return draw.pick(SETTINGS);
    case 3:
    case 4:
      return randomToken(draw);
    case 5:
      return depth > 0 ? encodeURIComponent(innerUri(draw, depth - 1)) : String(draw.below(1000));
    case 6:
      return depth > 0 ? encoded(draw, innerUri(draw, depth - 1)) : 'z';
    case 7:
      return Buffer.from(JSON.stringify({ [draw.pick(['host', 'Authorization', 'token', 'x'])]: draw.pick(['a', randomToken(draw)]) })).toString('base64');
    default:
      return escaped(draw, draw.pick(ORDINARY_VALUES));
  }
}

function query(draw: Draw, depth: number): string {
  const count = draw.below(6);
  const pieces: string[] = [];
  for (let index = 0; index < count; index++) {
    const bare = draw.chance(0.08);
    pieces.push(bare ? value(draw, depth) || 'flag' : `${name(draw)}=${value(draw, depth)}`);
  }
  if (count === 0) return draw.chance(0.1) ? '?' : '';
  const separator = draw.chance(0.15) ? draw.pick([';', '&amp;', '?']) : '&';
  return `?${pieces.join(separator)}`;
}

function fragment(draw: Draw, depth: number): string {
  if (!draw.wild()) return draw.chance(0.1) ? `#${draw.pick(['top', 'section-2', 'L10-L20', 'install'])}` : '';
  switch (draw.below(12)) {
    case 0:
      return `#section-${draw.below(20)}`;
    case 1:
      return `#${draw.chars(BASE64URL, 20, 64)}`;
    case 2:
      return `#!${draw.chars(ALNUM, 8, 8)}!${draw.chars(BASE64URL, 16, 43)}`;
    case 3:
      return `#/send/${draw.chars(BASE64URL, 8, 22)}/${draw.chars(BASE64URL, 16, 43)}`;
    case 4:
      return `#/${draw.pick(['reset', 'swap', 'login'])}?${name(draw)}=${value(draw, depth)}`;
    case 5:
      return `#${name(draw)}=${value(draw, depth)}&state=${draw.below(100)}`;
    case 6:
      return `#${draw.pick(['code', 'NOTE', 'folders', 'cell-3'])}/${draw.chars(BASE64URL, 20, 40)}`;
    default:
      return '';
  }
}

function path(draw: Draw, depth: number): string {
  const count = draw.below(7);
  let text = '';
  for (let index = 0; index < count; index++) text += `/${segment(draw, depth)}`;
  if (draw.chance(0.1)) text += '/';
  return text === '' && draw.chance(0.5) ? '/' : text;
}

function innerUri(draw: Draw, depth: number): string {
  const roll = draw.below(20);
  if (roll === 0) return `${path(draw, depth)}${query(draw, depth)}`;
  if (roll === 1) return `//${host(draw)}${path(draw, depth)}${query(draw, depth)}`;
  if (roll === 2) return `${query(draw, depth) || '?a=1'}${fragment(draw, depth)}`;
  if (roll === 3)
    return draw.pick([
      `mailto:ada@example.com`,
      `sip:alice:pw@host.example`,
      `jdbc:oracle:thin:scott/tiger@db:1521:x`,
      `app://open/${draw.chars(ALNUM, 4, 30)}`,
      `urn:ietf:params:oauth:grant-type:jwt-bearer`,
    ]);
  const scheme = draw.pick(['https', 'https', 'https', 'http', 'wss', 'ftp', 'HTTPS']);
  const user = draw.chance(0.04) ? `${draw.pick(['admin', 'u'])}${draw.chance(0.5) ? `:${draw.chars(ALNUM, 4, 12)}` : ''}@` : '';
  return `${scheme}://${user}${host(draw)}${path(draw, depth)}${query(draw, depth)}${fragment(draw, depth)}`;
}

// A name a server gives a link: its file name, the uri or part of it, a piece of it, a token, a phrase.
function linkName(draw: Draw, uri: string): string {
  switch (draw.below(10)) {
    case 0:
      return uri;
    case 1:
      return uri.replace(/^[a-z]+:\/\//i, '');
    case 2: {
      const pieces = uri.split(/[/?#&;=]/).filter((piece) => piece.length > 0);
      return pieces.length === 0 ? 'x' : draw.pick(pieces);
    }
    case 3:
      return `${draw.pick(['see', 'Report', 'key:'])} ${draw.pick([...TOKENS, randomToken(draw)])}`;
    case 4:
      return `${name(draw)}=${value(draw, 0)}`;
    case 5:
      return `${host(draw)}/${segment(draw, 0)}/${segment(draw, 0)}`;
    default:
      return `${ordinarySegment(draw)}`;
  }
}

/** The corpus: the lists' examples, then `count` generated links, all from `seed`. */
export function uriCorpus(seed: number, count: number): CorpusLink[] {
  const draw = new Draw(seed);
  const links: CorpusLink[] = listExamples().map((uri) => ({ uri, name: linkName(draw, uri) }));
  for (let index = 0; index < count; index++) {
    draw.wildness = draw.pick([0.03, 0.1, 0.25, 0.6, 1]);
    const uri = innerUri(draw, draw.below(4));
    links.push({ uri: draw.chance(0.03) ? escaped(draw, uri) : uri, name: linkName(draw, uri) });
  }
  return links;
}

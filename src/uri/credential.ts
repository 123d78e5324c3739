/**
 * The credential policy for uris (docs/design.md §7): whether a link's uri may carry a credential, in
 * which case no copy a model reads may show it. Fail closed: what can't be read counts.
 */
import { ownCopy } from '../text/own-copy.js';
import { percentDecode } from '../text/percent-decode.js';
import {
  AMBIGUOUS_PARAMETERS,
  CAPABILITY_PAGE_SEGMENTS,
  CAPABILITY_PATH_WORDS,
  CAPABILITY_SEGMENT_SPAN,
  CREDENTIAL_NAME_ENDINGS,
  CREDENTIAL_PARAMETERS,
  CREDENTIAL_PATH_SHAPES,
  CREDENTIAL_VALUE_SHAPES,
  HOST_EXEMPT_PARAMETERS,
  HOST_SCOPED_PARAMETERS,
  NOT_CREDENTIAL_PARAMETERS,
  ORDINARY_PATH_SEGMENT,
  RANDOM_PATH_SEGMENT,
  SECRET_LOOKING_VALUES,
  SETTING_VALUES,
  SHARE_PATH_WORDS,
  SHARE_TOKEN_SEGMENT,
} from './credential-lists.js';
import { foldName } from './fold-name.js';
import { jsonStringMembers, looksLikeJwt } from './jwt.js';
import { NameMemo } from './name-memo.js';
import { embeddedUri, hostOpeningValue, isShortPlainValue, looksLikeNestedUri, mayStillHide, passwordHostIn, uriNestedIn } from './nested-uri.js';
import { hasSegment, SegmentedPath, segmentWords, someSegmentAfter, type SegmentTest } from './path-segments.js';
import { PathShapes } from './path-shapes.js';
import { fragmentHoldsKey } from './random-key.js';
import { QueryVerdicts } from './query-verdicts.js';
import type { TriedPieces } from './tried-pieces.js';
import { namesOneParameter, parameterNames, someParameterAnywhere, someQueryParameter, someUriParameter, type ParameterTests } from './uri-parameters.js';
import { keptUri, readUri, type UriParts } from './uri-parts.js';

/**
 * How deep nested uris are read (docs/design.md §7): each read of a value as a uri and each further
 * decoding of it is a level. A uri reached past this level, or a value that would still decode
 * there, counts as a credential, since a bound that let the next level through would be the
 * same gap one level down; text that no further reading could change (`mayStillHide`) doesn't.
 */
export const MAX_NESTING_LEVEL = 4;

// A relative reference is read against a base of its own, on a reserved name, so that it keeps
// its path, query and fragment and can never pick up a host-scoped family.
const RELATIVE_BASE = 'https://relative.invalid/';

// The schemes a proxy fetches, which the URL parser gives a host however their slashes are written.
const SPECIAL_SCHEME = /^(?:https?|wss?|ftp):/i;

const NEVER = /(?!)/;
const ANY = /(?:)/;
const SECRET_LOOKING = anyOf(SECRET_LOOKING_VALUES.map((shape) => shape.pattern));

// Each listed name, with the values that are no credential under it where there are some.
const LISTED = new Map(CREDENTIAL_PARAMETERS.map((entry) => [foldName(entry.name), entry.ordinaryValues]));
const ENDING = new RegExp(`(?:${CREDENTIAL_NAME_ENDINGS.map((entry) => entry.ending).join('|')})$`);
const SETTINGS = new Set(SETTING_VALUES);
const NOT_LISTED = new Set(NOT_CREDENTIAL_PARAMETERS.map((entry) => foldName(entry.name)));
// Whether a name no list holds ends in a credential word, pagination cursors aside: remembered,
// since links repeat a few names.
const ENDS_IN_CREDENTIAL_WORD = new NameMemo((name) => ENDING.test(name) && !NOT_LISTED.has(name));

// What a host decides of a name: each rule's domain written between dots, so that it matches
// whole labels at the end of a host (`.cdn.discordapp.com.` ends in `.discordapp.com.`, while
// `.cdn.discordapp.com.evil.test.` doesn't), exemptions first.
interface HostRule {
  readonly name: string;
  readonly domain: string;
  /** Path prefixes the rule holds under; every path when undefined. */
  readonly paths: readonly string[] | undefined;
  readonly carries: boolean;
}
const HOST_RULES: readonly HostRule[] = [
  ...HOST_EXEMPT_PARAMETERS.map((entry) => ({ name: foldName(entry.name), domain: `.${entry.domain}.`, paths: undefined, carries: false })),
  ...HOST_SCOPED_PARAMETERS.map((entry) => ({ name: foldName(entry.name), domain: `.${entry.domain}.`, paths: entry.paths, carries: true })),
];
const BY_HOST = new Map(HOST_RULES.map((rule) => [rule.name, HOST_RULES.filter((other) => other.name === rule.name)]));

// Each ambiguous name: what makes it count alone (a value's shape, an account flow's path) or in company.
interface AmbiguousRules {
  readonly values: RegExp;
  readonly paths: RegExp | undefined;
  readonly inCompany: RegExp;
  readonly companions: ReadonlySet<string>;
}
const AMBIGUOUS = new Map<string, AmbiguousRules>(
  AMBIGUOUS_PARAMETERS.map((entry) => [
    foldName(entry.name),
    {
      values: anyOf([...(entry.secretLooking === false ? [] : [SECRET_LOOKING]), ...(entry.values ?? [])]),
      paths: entry.paths,
      inCompany: entry.inCompany ?? ANY,
      companions: new Set(entry.companions.map(foldName)),
    },
  ]),
);

// What the lists hold of each name they name, so that a name is looked up once: the rules its
// host decides, its rules as an ambiguous name, and whether it is listed, with its ordinary values.
interface NameRules {
  readonly host: readonly HostRule[] | undefined;
  readonly ambiguous: AmbiguousRules | undefined;
  readonly listed: boolean;
  readonly ordinaryValues: RegExp | undefined;
}
const NAMED = new Map<string, NameRules>(
  [...BY_HOST.keys(), ...AMBIGUOUS.keys(), ...LISTED.keys()].map((name) => [
    name,
    { host: BY_HOST.get(name), ambiguous: AMBIGUOUS.get(name), listed: LISTED.has(name), ordinaryValues: LISTED.get(name) },
  ]),
);

const VALUE_SHAPE = anyOf(CREDENTIAL_VALUE_SHAPES.map((shape) => shape.pattern));
const PATH_SHAPES = new PathShapes(CREDENTIAL_PATH_SHAPES);
const CAPABILITY_WORD = segmentWords(CAPABILITY_PATH_WORDS.map((entry) => entry.word));
// The words that hold on any page, read again without the page test.
const TOKEN_WORD = segmentWords(CAPABILITY_PATH_WORDS.filter((entry) => entry.onAnyPage === true).map((entry) => entry.word));
const CAPABILITY_PAGE = segmentWords(CAPABILITY_PAGE_SEGMENTS);
const SECRET_SEGMENT: SegmentTest = {
  segment: (text) => RANDOM_PATH_SEGMENT.test(text) && !ORDINARY_PATH_SEGMENT.test(text),
};
const SHARE_WORD = segmentWords(SHARE_PATH_WORDS.map((entry) => entry.word));
const SHARE_SEGMENT: SegmentTest = {
  segment: (text) => SHARE_TOKEN_SEGMENT.test(text) && !ORDINARY_PATH_SEGMENT.test(text),
};

// One expression per list, so a value is tried once rather than once per entry.
function anyOf(patterns: readonly RegExp[]): RegExp {
  return patterns.length === 0 ? NEVER : new RegExp(patterns.map((pattern) => pattern.source).join('|'));
}

/**
 * Whether `uri` may carry a credential (docs/design.md §7), so that its text must not be shown. True when
 * the uri, or a uri nested in it no deeper than `MAX_NESTING_LEVEL`:
 * - doesn't parse, as an absolute uri or as a relative reference;
 * - has userinfo (a user name alone included), or a password in an opaque uri;
 * - has a credential-bearing path (`CREDENTIAL_PATH_SHAPES`: webhooks, bot tokens, signed CDN
 *   paths, cookieless sessions), or a random-looking segment after a capability word
 *   (`CAPABILITY_PATH_WORDS`: reset, activation and webhook tokens; a page word elsewhere in the
 *   path turns off all but the API token words), or a share token right after a share word
 *   (`SHARE_PATH_WORDS`: Nextcloud, Box), whatever page words the path holds;
 * - has a fragment that is an encrypted share's key (`fragmentHoldsKey`: MEGA, PrivateBin,
 *   Bitwarden Send), not an app's route or an anchor;
 * - has a query, fragment or path parameter with a value whose folded name the host decides
 *   (`HOST_SCOPED_PARAMETERS`, `HOST_EXEMPT_PARAMETERS`); is listed
 *   (`CREDENTIAL_PARAMETERS`); ends in a credential word (`CREDENTIAL_NAME_ENDINGS`) with a
 *   value that is no setting's flag (`SETTING_VALUES`), pagination cursors aside
 *   (`NOT_CREDENTIAL_PARAMETERS`); or is ambiguous (`AMBIGUOUS_PARAMETERS`) and keeps a signed
 *   link's company, sits on an account flow's page or has a secret-looking value;
 * - has a parameter or path segment whose value is shaped like a JWT or a documented token
 *   (`CREDENTIAL_VALUE_SHAPES`), or is a JSON object naming a credential, under any name;
 * - nests, in a value or path segment, a uri (as written, percent-encoded, or in hex or base64)
 *   that does, or one reached past the bound that may still hide one (it still decodes, has a
 *   scheme or an authority) or names a credential parameter;
 * - nests in its path or query's opening a uri (as a proxy takes it) whose scheme is none a
 *   proxy fetches (`http`, `https`, `ws`, `wss`, `ftp`) and which nests yet another after its
 *   `//` (`…/a://b/c://d`).
 * Never throws: what is no string (from a caller outside TypeScript) can't be read, so it
 * counts. A `data:` link is the caller's rule (`shownLinkUri`), not this one.
 */
export function uriMayCarryCredential(uri: string): boolean {
  if (typeof uri !== 'string') return true;
  if (uri === lastUri) return lastAnswer === true;
  nestedBudget = NESTED_BUDGET_PER_CHAR * uri.length;
  const answer = uriCarries(uri, 0);
  nestedVerdicts = undefined;
  if (uri.length <= REMEMBERED_MAX_CHARS) {
    lastUri = keptUri(uri) ?? ownCopy(uri);
    lastAnswer = answer;
  }
  return answer;
}

// The uri asked about last, and its answer, which depends on the uri's text alone: a link's name
// rule and its line rule ask about the same uri one after the other (`shownName`, then
// `shownLinkUri`), and the second is answered without reading it again. One entry, a uri no
// longer than a link's read bound, held as its own copy (`ownCopy`): a uri cut from a string of
// data would otherwise keep the whole string alive until the next asking. A link's uri, whose
// text reading keeps it (`keptUri`), is held as that text, with no copy made.
const REMEMBERED_MAX_CHARS = 4096;
let lastUri: string | undefined;
let lastAnswer: boolean | undefined;

// The verdicts on the uris read nested in the uri being asked about, by their text: a uri nested
// in a path as one percent-encoded segment (`…/fetch/https%3A%2F%2F…`) is the same text as that
// segment's value decoded, and each, read in turn at every level, would double the readings
// level by level. A uri already read whole at some level is answered alike at another. A map is
// made for each call that reads a nested uri, and dropped after it: most calls read none, and
// emptying one long-lived map (`clear`) would allocate its next table where the map lives, in
// the old generation, once per call (a few MB of garbage over data's thousands of uris).
let nestedVerdicts: Map<string, boolean> | undefined;

// The verdict given in this call on the nested uri `text`, or `undefined`.
function nestedVerdict(text: string): boolean | undefined {
  return nestedVerdicts?.get(text);
}

function keepNestedVerdict(text: string, carries: boolean): void {
  (nestedVerdicts ??= new Map()).set(text, carries);
}

function uriCarries(uri: string, level: number): boolean {
  if (level > MAX_NESTING_LEVEL) return mayStillHide(uri) || someParameterAnywhere(uri, PAST_THE_BOUND);
  const url = readUri(uri, RELATIVE_BASE);
  if (url === null || url.username !== '' || url.password !== '') return true;
  const nested = uriNestedIn(url.pathname, url.search, url.hash);
  // The uri nested in the path is read first, and its own in turn: a chain that runs past the
  // budget counts before any rule is tried at any of its levels, so a chain built to exhaust the
  // budget (`https://https://https://…`) costs a few parses and no rule's work.
  return nestedCarries(nested, level) || someUriParameter(url, new UriReading(url, level)) || pathCarries(url) || fragmentHoldsKey(url.hash, url.hostname);
}

/**
 * How many characters the uris read nested in a path may hold together, per character of the
 * uri asked about (docs/design.md §7); past it, the uri counts as a credential. Each nested uri
 * is the rest of the one it is nested in, so one nested up to three times, however long, always
 * fits (each reading is shorter than the uri), as do deeper chains of short tails behind long
 * proxies' prefixes; a chain built to be read again at every level
 * (`https://…/https://https://https://…`) runs out after three, in work linear in its length.
 */
export const NESTED_BUDGET_PER_CHAR = 3;

// What is left of the budget of the uri being asked about (set by `uriMayCarryCredential`).
let nestedBudget = 0;

// Whether the budget holds `nested` (spending it if so): the readings of uris nested in a path
// never hold more characters together than the budget allows (and their decoded readings, one
// each, as many again).
function spendOnNested(nested: string): boolean {
  if (nested.length > nestedBudget) return false;
  nestedBudget -= nested.length;
  return true;
}

// A uri written plainly in the path or opening the query (a proxy's, a reader's, an archive's
// `…/https://host/…`) is read at the next level with the outer uri's query and fragment, which the
// proxy passes on. Only the first is read: the rest of the path, later ones with it, is its own.
// It is read percent-decoded as well, once: a proxy that decodes the path it is given fetches
// `…/https://host/f%3Fcode%3D…` as `…/f?code=…`. That reading is tied to the one before it, which
// spent the budget, so it is not counted again; a uri with no escape is its own decoding, and
// has the verdict just given. Its verdict is kept too: the uri nested in it is most often the
// decoding of the one nested in the written uri, read already.
function nestedCarries(nested: string | undefined, level: number): boolean {
  if (nested === undefined) return false;
  // Both readings stand one level down: the decoded one is the same uri as a proxy reads it.
  const below = level + 1;
  if (proxiesAgain(nested) || nestedReadCarries(nested, below)) return true;
  const decoded = percentDecode(nested);
  let carries = nestedVerdict(decoded);
  if (carries === undefined) keepNestedVerdict(decoded, (carries = proxiesAgain(decoded) || uriCarries(decoded, below)));
  return carries;
}

// A nested uri not yet read spends its length of the budget, and counts once past it.
function nestedReadCarries(nested: string, level: number): boolean {
  const known = nestedVerdict(nested);
  if (known !== undefined) return known;
  const carries = !spendOnNested(nested) || uriCarries(nested, level);
  keepNestedVerdict(nested, carries);
  return carries;
}

// Whether `nested`, a uri nested in a path or opening a query, has a scheme the parser has no
// rules for (`a://b/…`) and holds, after that scheme's `//`, a segment opening yet another uri
// (`uriNestedIn`, its authority read as a segment too): such a uri counts, unread further. No
// proxy fetches such a chain, and one built to be parsed at every level
// (`…/a%3A%2F%2Fb/a%3A%2F%2Fb/…`, read by the URL parser alone) would cost a parse of its
// length per level. Such a uri is always nested with its `//`, which `uriNestedIn` requires of
// a scheme that isn't special.
function proxiesAgain(nested: string): boolean {
  return !SPECIAL_SCHEME.test(nested) && uriNestedIn(nested.slice(nested.indexOf('//') + 2)) !== undefined;
}

// A share token is read in the one segment after its word, a capability in the span after its;
// a page word turns off only the capability words a settings or docs page lists (`/settings/hooks/<id>`),
// not a share token or a token word, whose segment it doesn't govern (`/docs/index.php/s/<token>`).
// The path is read once for the words of all the lists (`SegmentedPath`).
function pathCarries(url: UriParts): boolean {
  const path = new SegmentedPath(url.pathname);
  return (
    PATH_SHAPES.holdOn(url) ||
    passwordHostIn(url.pathname) ||
    someSegmentAfter(path, SHARE_WORD, 1, SHARE_SEGMENT) ||
    someSegmentAfter(path, TOKEN_WORD, CAPABILITY_SEGMENT_SPAN, SECRET_SEGMENT) ||
    (someSegmentAfter(path, CAPABILITY_WORD, CAPABILITY_SEGMENT_SPAN, SECRET_SEGMENT) && !hasSegment(path, CAPABILITY_PAGE))
  );
}

// Past the bound, a uri is read no further, but a parameter it names and a token it holds are
// still counted, whatever separators lie before them (`#a=#b=…#token=…`).
const PAST_THE_BOUND: ParameterTests = {
  named: (name, value) => value !== '' && (isCredentialName(name, value) || isTokenShaped(value)),
  bare: isTokenShaped,
};

// A JWT or a documented token format, under any name.
function isTokenShaped(value: string): boolean {
  return looksLikeJwt(value) || VALUE_SHAPE.test(value);
}

// The verdicts on queries that drew on the host and the query alone: data's uris share a few.
const QUERY_VERDICTS = new QueryVerdicts();

// What each parameter of a uri read at `level` counts for: its name, then its value, read at
// the next level. What a rule asks of the uri as a whole (which host rule holds for a name,
// whether a path rule holds, whether a companion is there) is worked out once per reading, on
// the first parameter that asks: a name repeated through a uri (`?t=1&t=1&…`) would otherwise
// read the whole host, path or uri once per occurrence, quadratic in the uri's length.
class UriReading implements ParameterTests {
  // A parameter's answer depends on its name and value alone once the uri is fixed: a piece
  // repeated through the uri (`?a=1;b?c&a=1;b?c&…`, whose value is read as a nested uri each
  // time) is tried once per reading.
  readonly answersByText = true;
  // A bare value too short and plain to read holds nothing (`valueCarries`): a path's segments of
  // that shape, most links' segments, are passed over unasked, with no text cut out of the uri.
  readonly passesOverShortPlain = true;
  private names: ReadonlySet<string> | undefined;
  private host: string | undefined;
  // Per reading, each host rule's decision (keyed by the name) and each path rule's (keyed by
  // its expression): one map, made only once a rule is asked.
  private decided: Map<string | RegExp, HostRule | null | boolean> | undefined;
  // Whether a rule read the uri's path (a host rule's paths, an account flow's page): a verdict
  // on the query is then not the query's and host's alone, and isn't remembered.
  private pathRead = false;

  constructor(
    readonly url: UriParts,
    private readonly level: number,
  ) {}

  // Only a parameter with a value counts: a credential is always a value, so a docs anchor
  // such as `#token` shows. A value is decoded where it is read (decoding never empties one).
  named(name: string, value: string): boolean {
    return value !== '' && (nameCarries(name, value, this) || this.bare(value));
  }

  bare(value: string): boolean {
    return valueCarries(percentDecode(value), this.level + 1);
  }

  /**
   * Whether some parameter of the query holds: a verdict that drew on the host and the query
   * alone is remembered (`QueryVerdicts`, which keeps only those of uris naming parameters in
   * their query alone), and a uri with the same host and query at the same level is answered by it.
   */
  query(search: string, tried: TriedPieces | undefined): boolean {
    const remembered = QUERY_VERDICTS.get(this.url, this.level);
    if (remembered !== undefined) return remembered;
    const holds = someQueryParameter(search, this, tried);
    if (!this.pathRead) QUERY_VERDICTS.set(this.url, this.level, holds);
    return holds;
  }

  /**
   * Whether the uri has a parameter named one of `companions` (folded): its names are collected
   * once per reading, and never for an empty set, nor where the uri names one parameter alone
   * (the one asking, never its own companion: most short links, `…?sig=x`).
   */
  hasOneOf(companions: ReadonlySet<string>): boolean {
    if (companions.size === 0 || namesOneParameter(this.url)) return false;
    const names = (this.names ??= parameterNames(this.url));
    for (const companion of companions) if (names.has(companion)) return true;
    return false;
  }

  /** The rule the uri's host and path decide for a name, `null` for none: the first of `rules` (the name's) to hold. */
  hostRule(name: string, rules: readonly HostRule[]): HostRule | null {
    const decided = (this.decided ??= new Map()).get(name) as HostRule | null | undefined;
    if (decided !== undefined) return decided;
    // The host as `onHost` reads it, written once per reading, not once per rule tried.
    const host = (this.host ??= dotted(this.url.hostname));
    const rule = rules.find((candidate) => this.onHost(host, candidate)) ?? null;
    this.decided.set(name, rule);
    return rule;
  }

  // A host written with its trailing dot (`cdn.discordapp.com.`) is the same host. An exemption
  // holds on the host itself alone (`www.loom.com.evil.test` is not Loom); a credential rule holds
  // wherever the domain's labels are (a suffix proxy, `teams.microsoft.com.mcas.ms`, forwards the
  // credential with the link).
  private onHost(host: string, rule: HostRule): boolean {
    const onIt = rule.carries ? host.includes(rule.domain) : host.endsWith(rule.domain);
    if (!onIt || rule.paths === undefined) return onIt;
    this.pathRead = true;
    return rule.paths.some((path) => this.url.pathname.startsWith(path));
  }

  /** Whether `paths` matches the uri's path. */
  pathHolds(paths: RegExp): boolean {
    this.pathRead = true;
    const held = (this.decided ??= new Map()).get(paths) as boolean | undefined;
    if (held !== undefined) return held;
    const holds = paths.test(this.url.pathname);
    this.decided.set(paths, holds);
    return holds;
  }
}

// `written` is the value as written; the host decides first, then an ambiguous name's rules,
// then the lists.
function nameCarries(name: string, written: string, reading: UriReading): boolean {
  const rules = NAMED.get(name);
  const host = rules?.host === undefined ? null : reading.hostRule(name, rules.host);
  if (host !== null) return host.carries;
  const ambiguous = rules?.ambiguous;
  if (ambiguous !== undefined) {
    const value = percentDecode(written);
    return (
      ambiguous.values.test(value) ||
      (ambiguous.paths !== undefined && reading.pathHolds(ambiguous.paths)) ||
      (ambiguous.inCompany.test(value) && reading.hasOneOf(ambiguous.companions))
    );
  }
  return listsCarry(rules, name, written);
}

// A host name between dots (`.cdn.discordapp.com.`), as `onHost` matches rules' domains.
function dotted(hostname: string): string {
  return `.${hostname.endsWith('.') ? hostname : `${hostname}.`}`;
}

// Whether a folded name is a credential's by the lists alone, with its value as written.
function isCredentialName(name: string, written: string): boolean {
  return listsCarry(NAMED.get(name), name, written);
}

// `isCredentialName`, with what the lists hold of the name looked up already.
function listsCarry(rules: NameRules | undefined, name: string, written: string): boolean {
  if (rules?.listed === true) return rules.ordinaryValues?.test(percentDecode(written)) !== true;
  return ENDS_IN_CREDENTIAL_WORD.holds(name) && !SETTINGS.has(percentDecode(written).toLowerCase());
}

// `value` is at `level`: it has been taken from a uri read at the level before and decoded once,
// as a server reads it. A value with a uri's form is read as one at this level (its own values
// are decoded as they are read); one without is percent-decoded again, each decoding a level,
// and past the bound a value that still decodes counts. A uri it spells in hex or base64 is
// read at its level, as a percent-encoded one decoded once is.
function valueCarries(value: string, level: number): boolean {
  if (isShortPlainValue(value)) return false;
  if (isTokenShaped(value) || jsonCarries(value, level)) return true;
  if (looksLikeNestedUri(value)) {
    // A value that is a uri already read nested in the path (the same text) has its verdict.
    if (nestedVerdict(value) ?? uriCarries(value, level)) return true;
  } else {
    const decoded = percentDecode(value);
    if (decoded !== value) return level >= MAX_NESTING_LEVEL || valueCarries(decoded, level + 1);
  }
  const embedded = embeddedUri(value) ?? hostOpeningValue(value);
  return embedded !== undefined && uriCarries(embedded, level);
}

// A JSON object (AWS AppSync's base64 `header=`) carries one when a member's name is a
// credential's, or its value does at the next level.
function jsonCarries(value: string, level: number): boolean {
  return (
    jsonStringMembers(value)?.some(([name, member]) => member !== '' && (isCredentialName(foldName(name), member) || valueCarries(member, level + 1))) === true
  );
}

/**
 * The credential policy for uris (SPEC §7): whether a link's uri may carry a credential, in
 * which case no copy a model reads may show it. Fail closed: what can't be read counts.
 */
import {
  AMBIGUOUS_PARAMETERS,
  CREDENTIAL_NAME_ENDINGS,
  CREDENTIAL_PARAMETERS,
  CREDENTIAL_PATH_SHAPES,
  CREDENTIAL_VALUE_SHAPES,
  HOST_SCOPED_PARAMETERS,
  NOT_CREDENTIAL_PARAMETERS,
  SECRET_LOOKING_VALUES,
  SETTING_VALUES,
  type CredentialShape,
} from './credential-lists.js';
import { looksLikeJwt } from './jwt.js';
import { embeddedUri, isShortPlainValue, looksLikeNestedUri, percentDecode } from './nested-uri.js';
import { foldName, hasParameterNamed, readUri, someUriParameter, type ParameterTests, type UriParts } from './query-params.js';

/**
 * How deep nested uris are read (SPEC §7): each read of a value as a uri and each further
 * decoding of it is a level. A uri reached past this level, or a value that would still decode
 * there, counts as a credential, since a bound that let the next level through would be the
 * same gap one level down.
 */
export const MAX_NESTING_LEVEL = 4;

// A relative reference is read against a base of its own, on a reserved name, so that it keeps
// its path, query and fragment and can never pick up a host-scoped family.
const RELATIVE_BASE = 'https://relative.invalid/';

const LISTED = new Set(CREDENTIAL_PARAMETERS.map((entry) => foldName(entry.name)));
const ENDING = new RegExp(`(?:${CREDENTIAL_NAME_ENDINGS.map((entry) => entry.ending).join('|')})$`);
const SETTINGS = new Set(SETTING_VALUES);
const NOT_LISTED = new Set(NOT_CREDENTIAL_PARAMETERS.map((entry) => foldName(entry.name)));
// Each scoped name with the domains it is scoped to, written between dots so that a domain
// matches whole labels of a host (`.cdn.discordapp.com.` holds `.discordapp.com.`).
const SCOPED = new Map(
  HOST_SCOPED_PARAMETERS.map((entry) => [
    foldName(entry.name),
    HOST_SCOPED_PARAMETERS.filter((other) => other.name === entry.name).map((other) => `.${other.domain}.`),
  ]),
);
const PATH_SHAPE = anyOf(CREDENTIAL_PATH_SHAPES);
const VALUE_SHAPE = anyOf(CREDENTIAL_VALUE_SHAPES);
const SECRET_LOOKING = anyOf(SECRET_LOOKING_VALUES);
const AMBIGUOUS = new Map(
  AMBIGUOUS_PARAMETERS.map((entry) => [foldName(entry.name), new Set(entry.companions.map(foldName))]),
);

// One expression per list, so a value is tried once rather than once per entry.
function anyOf(shapes: readonly CredentialShape[]): RegExp {
  return new RegExp(shapes.map((shape) => shape.pattern.source).join('|'));
}

/**
 * Whether `uri` may carry a credential (SPEC §7), so that its text must not be shown. True when
 * the uri, or a uri nested in it no deeper than `MAX_NESTING_LEVEL`:
 * - doesn't parse, as an absolute uri or as a relative reference;
 * - has userinfo (a user name alone included);
 * - has a credential-bearing path (`CREDENTIAL_PATH_SHAPES`: webhooks, bot tokens, cookieless
 *   sessions);
 * - has a query, fragment or path parameter with a value whose folded name is listed
 *   (`CREDENTIAL_PARAMETERS`); ends in a credential word (`CREDENTIAL_NAME_ENDINGS`) with a
 *   value that is no setting's flag (`SETTING_VALUES`), pagination cursors aside
 *   (`NOT_CREDENTIAL_PARAMETERS`); is scoped to the uri's host (`HOST_SCOPED_PARAMETERS`); or is
 *   ambiguous (`AMBIGUOUS_PARAMETERS`) and keeps a signed link's company or has a
 *   secret-looking value (`SECRET_LOOKING_VALUES`);
 * - has a parameter or path segment whose value is shaped like a JWT or a documented token
 *   (`CREDENTIAL_VALUE_SHAPES`), under any name;
 * - nests, in a value or path segment, a uri (as written, percent-encoded, or in hex or base64)
 *   that does, or one reached past the bound.
 * Never throws. A `data:` link is the caller's rule (`shownLinkUri`), not this one.
 */
export function uriMayCarryCredential(uri: string): boolean {
  return uriCarries(uri, 0);
}

function uriCarries(uri: string, level: number): boolean {
  if (level > MAX_NESTING_LEVEL) return true;
  const url = readUri(uri, RELATIVE_BASE);
  if (url === null || url.username !== '' || url.password !== '') return true;
  return someUriParameter(url, new UriReading(url, level)) || PATH_SHAPE.test(url.hostPath);
}

// What each parameter of a uri read at `level` counts for: its name, then its value, read at
// the next level.
class UriReading implements ParameterTests {
  constructor(
    private readonly url: UriParts,
    private readonly level: number,
  ) {}

  // Only a parameter with a value counts: a credential is always a value, so a docs anchor
  // such as `#token` shows. A value is decoded where it is read (decoding never empties one).
  named(name: string, value: string): boolean {
    return value !== '' && (nameCarries(name, value, this.url) || this.bare(value));
  }

  bare(value: string): boolean {
    return valueCarries(percentDecode(value), this.level + 1);
  }
}

// `written` is the value as written; a scoped domain matches whole labels of the host.
function nameCarries(name: string, written: string, url: UriParts): boolean {
  if (SCOPED.get(name)?.some((domain) => `.${url.hostname}.`.includes(domain))) return true;
  const companions = AMBIGUOUS.get(name);
  if (companions !== undefined) {
    return SECRET_LOOKING.test(percentDecode(written)) || hasParameterNamed(url, companions);
  }
  return LISTED.has(name) || (ENDING.test(name) && !NOT_LISTED.has(name) && !SETTINGS.has(percentDecode(written).toLowerCase()));
}

// `value` is at `level`: it has been taken from a uri read at the level before and decoded once,
// as a server reads it. A value with a uri's form is read as one at this level (its own values
// are decoded as they are read); one without is percent-decoded again, each decoding a level,
// and past the bound a value that still decodes counts. A uri it spells in hex or base64 is
// read at its level, as a percent-encoded one decoded once is.
function valueCarries(value: string, level: number): boolean {
  if (isShortPlainValue(value)) return false;
  if (looksLikeJwt(value) || VALUE_SHAPE.test(value)) return true;
  if (looksLikeNestedUri(value)) {
    if (uriCarries(value, level)) return true;
  } else {
    const decoded = percentDecode(value);
    if (decoded !== value) return level >= MAX_NESTING_LEVEL || valueCarries(decoded, level + 1);
  }
  const embedded = embeddedUri(value);
  return embedded !== undefined && uriCarries(embedded, level);
}

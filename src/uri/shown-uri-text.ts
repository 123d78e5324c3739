/**
 * The text a link's uri shows as: sanitized like a label (no controls, bidi or separators),
 * well formed, and bounded. A `never` claim withholds every link that would show the same text,
 * and the uri's rules judge the text as it reads, uncut, rather than the raw uri: what a model
 * reads is what must carry no credential.
 */
import { TESTIMONY_LIMITS } from '../references/testimony.js';
import { asRead, CUT_MARK, isPrintableAscii, stripUnshowable } from '../text/labels.js';
import { cutAt } from '../text/well-formed.js';
import { uriMayCarryCredential } from './credential.js';
import { percentDecode } from './nested-uri.js';

/** The display bound for a uri in a link line. */
export const URI_DISPLAY_MAX_CHARS = 1024;

/**
 * The longest uri the rules read (RFC-005's bound on a reference's `uri`). A longer one — an
 * embedded resource's uri has no bound of its own — is judged as one that may carry a
 * credential without being read, and only its first `URI_READ_MAX_CHARS` characters are
 * sanitized or folded: `asRead`'s NFKC can grow a text 18×, so an unbounded uri would cost its
 * length many times over.
 */
export const URI_READ_MAX_CHARS = TESTIMONY_LIMITS.uri;

// The last uri asked about and its texts: one link's decisions ask for the same uri's text
// several times in a row (its name, its never claims, its credential check, its line).
let lastUri: string | undefined;
let lastJudged = '';
let lastText = '';
// The last uri judged for a credential, apart: a link's name is shown as text between its
// uri's questions, and would otherwise cost the uri its decision.
let lastJudgedUri: string | undefined;
let lastCarries = false;

function remember(uri: string): void {
  if (uri === lastUri) return;
  // Only what the rules may read is read; a longer uri isn't remembered (so no input's text is
  // held past its render beyond the bound).
  const read = uri.length > URI_READ_MAX_CHARS ? uri.slice(0, URI_READ_MAX_CHARS) : uri;
  // Most uris are printable ASCII: shown and judged as they are.
  const ascii = isPrintableAscii(read);
  const shown = ascii ? read : stripUnshowable(read);
  const cut = shown.length > URI_DISPLAY_MAX_CHARS || read.length < uri.length;
  lastText = cut ? `${cutAt(shown, URI_DISPLAY_MAX_CHARS - CUT_MARK.length)}${CUT_MARK}` : shown;
  lastJudged = ascii ? read : asRead(read);
  lastUri = read.length < uri.length ? undefined : uri;
}

/** How much of a uri's start is read, percent-decoded, for the scheme it opens with. */
const SCHEME_HEAD_CHARS = 64;

/**
 * The start of a uri's judged text (`judgedUriText`) as a reader reads its scheme: after any
 * white space, its first {@link SCHEME_HEAD_CHARS} characters percent-decoded (`%64ata:` reads
 * as `data:`). Only the start is decoded, since a scheme is all it is read for.
 */
export function judgedSchemeHead(uri: string): string {
  const judged = judgedUriText(uri).trimStart();
  // Trimmed again once decoded: an encoded space (`%20data:`) reads as a space too.
  return percentDecode(judged.length > SCHEME_HEAD_CHARS ? judged.slice(0, SCHEME_HEAD_CHARS) : judged).trimStart();
}

/**
 * The text `uri` shows as in a link line: its shown text, cut at the display bound (a uri past
 * `URI_READ_MAX_CHARS` is always cut, its cut marked).
 */
export function shownUriText(uri: string): string {
  remember(uri);
  return lastText;
}

/**
 * The text `uri` reads as, uncut below `URI_READ_MAX_CHARS` (past it, its first that many
 * characters): its shown text as a reader reads it (`asRead`: without the
 * characters no label may carry or a reader can't see, compatibility forms folded — a
 * zero-width space or joiner inside `to​ken=` reads as `token=`). A link's uri rules judge this
 * text, so that no character the display drops or a reader skips can hide what it shows.
 */
export function judgedUriText(uri: string): string {
  remember(uri);
  return lastJudged;
}

/**
 * Whether `uri`, as it reads ({@link judgedUriText}), may carry a credential: the credential
 * rule, asked once per uri however many of a link's decisions (its name, its line) need it.
 */
export function judgedUriMayCarryCredential(uri: string): boolean {
  // Past the read bound, fail closed: the uri isn't read, so nothing says it carries nothing.
  if (uri.length > URI_READ_MAX_CHARS) return true;
  if (uri !== lastJudgedUri) {
    lastCarries = uriMayCarryCredential(judgedUriText(uri));
    lastJudgedUri = uri;
  }
  return lastCarries;
}

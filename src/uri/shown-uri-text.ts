/**
 * The text a link's uri shows as: sanitized like a label (no controls, bidi or separators),
 * well formed, and bounded. A `never` claim withholds every link that would show the same text,
 * and the uri's rules judge the text as it reads, uncut, rather than the raw uri: what a model
 * reads is what must carry no credential. A uri is read once per link into a value
 * (`UriText`) that the link's rules are handed, so no rule depends on which asked first.
 */
import { SCHEMA_LIMITS } from '../generated/rfc005.generated.js';
import { asRead, CUT_MARK, isPrintableAscii, stripUnshowable } from '../text/labels.js';
import { cutAt } from '../text/well-formed.js';
import { uriMayCarryCredential } from './credential.js';
import { percentDecode } from '../text/percent-decode.js';
import { readAndKeepPlainHttpUri, readPlainHttpUri } from './uri-parts.js';

/** The display bound for a uri in a link line. */
export const URI_DISPLAY_MAX_CHARS = 1024;

/**
 * The longest uri the rules read: RFC-005's bound on a reference's `uri` (its testimony's
 * `TESTIMONY_LIMITS.uri` is this one). A longer one — an embedded resource's uri has no bound of
 * its own — is judged as one that may carry a credential without being read, and only its first
 * `URI_READ_MAX_CHARS` characters are sanitized or folded: `asRead`'s NFKC can grow a text 18×,
 * so an unbounded uri would cost its length many times over.
 */
export const URI_READ_MAX_CHARS: number = SCHEMA_LIMITS.Uri.maxLength;

/**
 * A uri as a link's rules read it: read once (`readUriText`), then passed to each rule that asks
 * about it — its name, its never claims, its credential check, its line — so one link's
 * decisions share one reading.
 */
export interface UriText {
  /** The uri as given. */
  readonly uri: string;
  /** The text it shows as in a link line: its shown text, cut at the display bound (a uri past `URI_READ_MAX_CHARS` always cut, its cut marked). */
  readonly shown: string;
  /**
   * The text it reads as, uncut below `URI_READ_MAX_CHARS` (past it, its first that many
   * characters): its shown text as a reader reads it (`asRead`: without the characters no label
   * may carry or a reader can't see, compatibility forms folded — a zero-width space or joiner
   * inside `to​ken=` reads as `token=`). A link's uri rules judge this text, so that no
   * character the display drops or a reader skips can hide what it shows.
   */
  readonly judged: string;
  /** True where the uri is longer than `URI_READ_MAX_CHARS`, and so was read only in part. */
  readonly pastReadBound: boolean;
}

/**
 * Reads `uri` as a link's rules read it ({@link UriText}). A link's name rule and its line rule
 * each read its uri (`shownName`, then `shownLinkUri`): the reading of the last uri read is kept
 * and handed to the second.
 */
export function readUriText(uri: string): UriText {
  if (uri === lastReading?.uri) return lastReading;
  // Only what the rules may read is read: a longer uri costs no more than the bound.
  const pastReadBound = uri.length > URI_READ_MAX_CHARS;
  const read = pastReadBound ? uri.slice(0, URI_READ_MAX_CHARS) : uri;
  // Most uris are printable ASCII: shown and judged as they are. A uri in the plain form is
  // (`readAndKeepPlainHttpUri` admits no other character), and reading it so here spares the credential
  // rule its own match of the same text. A uri past the read bound is read as its cut, which
  // isn't kept: the cut would keep the whole uri alive.
  const ascii = (pastReadBound ? readPlainHttpUri(read) : readAndKeepPlainHttpUri(read)) !== undefined || isPrintableAscii(read);
  const shown = ascii ? read : stripUnshowable(read);
  const cut = shown.length > URI_DISPLAY_MAX_CHARS || pastReadBound;
  const reading: UriText = {
    uri,
    shown: cut ? `${cutAt(shown, URI_DISPLAY_MAX_CHARS - CUT_MARK.length)}${CUT_MARK}` : shown,
    judged: ascii ? read : asRead(read),
    pastReadBound,
  };
  // Kept only where the reading is the uri itself (printable ASCII within the read bound; its
  // shown text the uri or a cut of it): so what is kept is one text of at most
  // `URI_READ_MAX_CHARS` characters and a display cut, whatever uris a result sends.
  lastReading = ascii && !pastReadBound ? reading : undefined;
  return reading;
}

// The last uri read, with its reading, which depends on the uri's text alone: compared by value,
// so a uri equal to the last one is read alike, and any other is read anew.
let lastReading: UriText | undefined;

/** The characters the reading kept by `readUriText` holds (its uri and shown text): at most `URI_READ_MAX_CHARS + URI_DISPLAY_MAX_CHARS`. */
export function keptReadingChars(): number {
  if (lastReading === undefined) return 0;
  return lastReading.uri.length + (lastReading.shown === lastReading.uri ? 0 : lastReading.shown.length);
}

/** How much of a uri's start is read, percent-decoded, for the scheme it opens with. */
const SCHEME_HEAD_CHARS = 64;

/**
 * The start of a uri's judged text (`UriText.judged`) as a reader reads its scheme: after any
 * white space, its first {@link SCHEME_HEAD_CHARS} characters percent-decoded (`%64ata:` reads
 * as `data:`). Only the start is decoded, since a scheme is all it is read for.
 */
export function judgedSchemeHead(text: UriText): string {
  const judged = text.judged.trimStart();
  // Trimmed again once decoded: an encoded space (`%20data:`) reads as a space too.
  return percentDecode(judged.length > SCHEME_HEAD_CHARS ? judged.slice(0, SCHEME_HEAD_CHARS) : judged).trimStart();
}

/** Whether a uri, as it reads (`UriText.judged`), may carry a credential: the credential rule on its judged text. */
export function uriTextMayCarryCredential(text: UriText): boolean {
  // Past the read bound, fail closed: the uri isn't read, so nothing says it carries nothing.
  return text.pastReadBound || uriMayCarryCredential(text.judged);
}

/** The text `uri` shows as in a link line (`UriText.shown`), for a caller with no other question about it. */
export function shownUriText(uri: string): string {
  return readUriText(uri).shown;
}

/** Whether `uri`, as it reads, may carry a credential (`uriTextMayCarryCredential`), for a caller with no other question about it. */
export function judgedUriMayCarryCredential(uri: string): boolean {
  return uriTextMayCarryCredential(readUriText(uri));
}

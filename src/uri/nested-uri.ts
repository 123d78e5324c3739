/**
 * Reading a parameter's value as a nested uri (SPEC §7): lenient percent-decoding, the forms a
 * value has when it is itself a uri, and uris carried in hex, base64 or base64url (camo,
 * imgproxy). Pure text mechanics: what counts as a credential is decided in `credential.ts`.
 */

const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * Percent-decodes `text` once, leniently: every run of `%XX` escapes becomes the UTF-8 text its
 * bytes spell (an invalid sequence becomes U+FFFD), and a stray `%` stays as written. Unlike
 * `decodeURIComponent`, it never throws.
 */
export function percentDecode(text: string): string {
  return text.includes('%')
    ? text.replace(ESCAPE_RUN, (run) => Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8'))
    : text;
}

const SHORT_PLAIN = /^[\w.~-]{1,16}$/;

/**
 * Whether a value is a short run of letters, digits and `_`, `.`, `~`, `-` (a word, a number, a
 * file name, an id such as a video id): it has no uri syntax, it is shorter than any JWT or
 * documented token format, and sixteen characters of hex or base64 can't spell a uri worth
 * reading, so it is read no further.
 */
export function isShortPlainValue(value: string): boolean {
  return SHORT_PLAIN.test(value);
}

// The URL parser drops tabs and newlines anywhere and trims C0 controls and spaces at the ends,
// so a value is judged as the parser would read it.
const TAB_OR_NEWLINE = /[\t\n\r]/;
const TAB_OR_NEWLINES = /[\t\n\r]/g;
const NESTED_URI_FORM = /^[\x00-\x20]*(?:[\\/]|(?:https?|wss?|ftp):.)|[\\/]{2}|[?#;=]/i;

const SCHEME = /^[\x00-\x20]*[a-z][a-z0-9+.-]*:/i;

/** Whether `text` opens with a scheme (`https:`, `mailto:`), as the URL parser reads it. */
export function hasScheme(text: string): boolean {
  return SCHEME.test(withoutTabsOrNewlines(text));
}

function withoutTabsOrNewlines(text: string): string {
  return TAB_OR_NEWLINE.test(text) ? text.replace(TAB_OR_NEWLINES, '') : text;
}

/**
 * Whether a (decoded) value has the form of a uri that can carry a credential (SPEC §7, nested
 * uris): one with an authority (`//` or `\\` anywhere, as in `https://…`, `jdbc:mysql://…` or
 * protocol-relative `//host`, or a special scheme such as `https:`, which the parser gives an
 * authority without slashes), a path reference (it opens with `/` or `\`), or one with a
 * query, a fragment or parameters (`?`, `#`, `;` or `=` anywhere). An opaque uri with none of
 * these, such as `urn:ietf:params:oauth:grant-type:jwt-bearer`, has nowhere to carry one.
 */
export function looksLikeNestedUri(value: string): boolean {
  return NESTED_URI_FORM.test(withoutTabsOrNewlines(value));
}

// `http` is 68747470 in hex and aHR0c… in base64; `//` is 2f2f in hex and Ly8 or Ly9 in base64.
const ENCODED_URI_AT = /(?:68747470|2[fF]2[fF]|aHR0c|Ly[89])/y;
const HEX_URI = /^(?:68747470|2f2f)[0-9a-f]*/i;
const BASE64_URI = /^(?:aHR0c|Ly[89])[\w+/=-]*/;
const PRINTABLE_URI = /^(?:https?:)?\/\/[^\x00-\x1f\x7f-\x9f\ufffd]*$/i;

/** Whether `text`, read from `index`, opens with hex or base64 of `http` or `//`: a candidate encoded uri. */
export function opensEncodedUriAt(text: string, index: number): boolean {
  ENCODED_URI_AT.lastIndex = index;
  return ENCODED_URI_AT.test(text);
}

/**
 * The uri that `text` encodes in hex, base64 or base64url (camo's hex path segment, imgproxy's
 * base64url source, a `?url=` in base64), or `undefined`. Only the leading run of the encoding's
 * alphabet is decoded (so an extension such as `.png` is left off), and the result counts only
 * when it is printable text opening with `http://`, `https://` or `//`: decoded noise, such as a
 * commit hash or a tracking id, is never taken for a uri.
 */
export function embeddedUri(text: string): string | undefined {
  if (!opensEncodedUriAt(text, 0)) return undefined;
  const hex = HEX_URI.exec(text);
  const bytes = hex !== null ? Buffer.from(hex[0], 'hex') : Buffer.from(BASE64_URI.exec(text)?.[0] ?? '', 'base64');
  const decoded = bytes.toString('utf8');
  return PRINTABLE_URI.test(decoded) ? decoded : undefined;
}

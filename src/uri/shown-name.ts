/**
 * A reference's or link's `name` as a stub, line or script object shows it. Servers often name
 * a link by its uri; a name that holds the uri, that is itself shaped like a uri, that may carry
 * a credential, or that a `never` claim covers would show what the uri rule withholds, so it
 * isn't shown.
 */
import type { ResultClaims } from '../references/claims.js';
import { uriMayCarryCredential } from './credential.js';
import { sanitizeLabel } from '../text/labels.js';
import { shownUriText, URI_DISPLAY_MAX_CHARS } from './shown-uri-text.js';

/** A name with an authority (`…://`, `//…`) or a `data:` scheme: a uri, not a label. */
const URI_SHAPED = /:\/\/|^[\u0000-\u0020]*\/\/|^[\u0000-\u0020]*data:/i;

/** Characters without which a name can't be a relative uri carrying a credential. */
const URI_LIKE = /[?#;@]/;

/** The name to show for a reference to `uri`, or undefined where none may be shown. */
export function shownName(name: string | undefined, uri: string, claims: ResultClaims): string | undefined {
  if (name === undefined || name === '') return undefined;
  if (URI_SHAPED.test(name) || holdsUri(name, uri)) return undefined;
  if (URI_LIKE.test(name) && uriMayCarryCredential(name)) return undefined;
  return claims.withholds(name) ? undefined : name;
}

/** The shortest uri a name is checked for holding (a one-letter relative uri is in every name). */
const HELD_URI_MIN_CHARS = 6;

function holdsUri(name: string, uri: string): boolean {
  if (uri.length < HELD_URI_MIN_CHARS) return name === uri;
  if (name.includes(uri)) return true;
  // The uri's text first: the name's own is computed last, so the link's next question about
  // its uri finds that text still at hand.
  const uriText = shownUriText(uri);
  return uriText.length <= name.length && sanitizeLabel(name, URI_DISPLAY_MAX_CHARS).includes(uriText);
}

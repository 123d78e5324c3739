/**
 * The text a link's uri shows as: sanitized like a label (no controls, bidi or separators),
 * well formed, and bounded. A `never` claim withholds every link that would show the same text,
 * and the uri's rules judge this text, uncut, rather than the raw uri: what a model reads is
 * what must carry no credential.
 */
import { CUT_MARK, stripUnshowable } from '../text/labels.js';
import { cutAt } from '../text/well-formed.js';

/** The display bound for a uri in a link line. */
export const URI_DISPLAY_MAX_CHARS = 1024;

// The last uri asked about and its texts: one link's decisions ask for the same uri's text
// several times in a row (its name, its never claims, its credential check, its line).
let lastUri: string | undefined;
let lastJudged = '';
let lastText = '';

function remember(uri: string): void {
  if (uri === lastUri) return;
  const judged = stripUnshowable(uri);
  lastText = judged.length <= URI_DISPLAY_MAX_CHARS ? judged : `${cutAt(judged, URI_DISPLAY_MAX_CHARS - CUT_MARK.length)}${CUT_MARK}`;
  lastJudged = judged;
  lastUri = uri;
}

/** The text `uri` shows as in a link line: {@link judgedUriText}, cut at the display bound. */
export function shownUriText(uri: string): string {
  remember(uri);
  return lastText;
}

/**
 * The text `uri` shows as before the display cut: the raw uri without the characters no label
 * may carry (a zero-width space inside `to​ken=` reads, once stripped, as `token=`). A link's
 * uri rules judge this text, so that no character the display drops can hide what it shows.
 */
export function judgedUriText(uri: string): string {
  remember(uri);
  return lastJudged;
}

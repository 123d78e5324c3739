/**
 * The text a link's uri shows as: sanitized like a label (no controls, bidi or separators),
 * well formed, and bounded. A `never` claim withholds every link that would show the same text.
 */
import { sanitizeLabel } from '../text/labels.js';

/** The display bound for a uri in a link line. */
export const URI_DISPLAY_MAX_CHARS = 1024;

// The last uri asked about and its text: one link's decisions ask for the same uri's text
// several times in a row (its name, its never claims, its line).
let lastUri: string | undefined;
let lastText = '';

/** The text `uri` shows as in a link line. */
export function shownUriText(uri: string): string {
  if (uri !== lastUri) {
    lastText = sanitizeLabel(uri, URI_DISPLAY_MAX_CHARS);
    lastUri = uri;
  }
  return lastText;
}

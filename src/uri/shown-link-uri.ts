/**
 * Whether a link's uri may be shown (docs/design.md §7): the one decision for the tool-result lane's link
 * line and a script's reference object, so the two can't drift into a credential hidden on one
 * lane and shown on the other.
 */
import { holdsBase64RunDecoded } from '../text/base64-run.js';
import type { NeverClaims } from './never-claims.js';
import { judgedSchemeHead, readUriText, uriTextMayCarryCredential } from './shown-uri-text.js';

/** Why a link's uri isn't shown. */
export type UriWithheld = 'data-uri' | 'never' | 'credential';

/** The decision: the text to show, or why there is none. */
export type ShownLinkUri = { readonly shown: true; readonly text: string } | { readonly shown: false; readonly why: UriWithheld };

/**
 * A `data:` uri, read from its scheme head (`judgedSchemeHead`): its text as shown and read,
 * white space trimmed and percent-decoded (`%64ata:`), so only the scheme itself is matched.
 */
const DATA_URI = /^data:/i;

/**
 * Decides whether `link`'s uri may be shown: never a `data:` uri, as written or percent-decoded
 * (`%64ata:`), nor one holding a base64 run (`?png=…`, a path segment of base64), decoded alike
 * (each is content, not a location), never a uri any claim marks `never` (matched as shown, so a uri that differs only
 * in what sanitizing cuts or the URL parser normalizes is withheld alike),
 * never one that may carry a credential. The data and credential rules judge the uri as its
 * text shows it (`UriText.judged`): a character the display drops can't hide what it shows.
 *
 * @param nowMs the one clock reading of the stub or object this decision belongs to; the rule
 *   itself is timeless, and takes it so that every check of one object reads one instant.
 */
export function shownLinkUri(link: { readonly uri: string }, claims: NeverClaims, nowMs: number): ShownLinkUri {
  void nowMs;
  const text = readUriText(link.uri);
  if (DATA_URI.test(judgedSchemeHead(text)) || holdsBase64RunDecoded(text.judged)) return { shown: false, why: 'data-uri' };
  if (claims.withholds(link.uri)) return { shown: false, why: 'never' };
  if (uriTextMayCarryCredential(text)) return { shown: false, why: 'credential' };
  return { shown: true, text: text.shown };
}

/**
 * Whether a link's uri may be shown (SPEC §7): the one decision for the tool-result lane's link
 * line and a script's reference object, so the two can't drift into a credential hidden on one
 * lane and shown on the other.
 */
import type { ResultClaims } from '../references/claims.js';
import { uriMayCarryCredential } from './credential.js';
import { shownUriText } from './shown-uri-text.js';

/** Why a link's uri isn't shown. */
export type UriWithheld = 'data-uri' | 'never' | 'credential';

/** The decision: the text to show, or why there is none. */
export type ShownLinkUri = { readonly shown: true; readonly text: string } | { readonly shown: false; readonly why: UriWithheld };

/** A `data:` uri (the URL parser trims leading C0 controls and spaces, so this does too). */
const DATA_URI = /^[\u0000-\u0020]*data:/i;

/**
 * Decides whether `link`'s uri may be shown: never a `data:` uri (it is content, not a
 * location), never a uri any claim marks `never` (matched by the text it would show, so a
 * uri that differs only in what sanitizing cuts is withheld alike),
 * never one that may carry a credential.
 *
 * @param nowMs the caller's one clock reading for this stub or object; the rule reads no time
 *   today, and takes it so every check one object makes reads the same instant.
 */
export function shownLinkUri(link: { readonly uri: string }, claims: ResultClaims, nowMs: number): ShownLinkUri {
  void nowMs;
  if (DATA_URI.test(link.uri)) return { shown: false, why: 'data-uri' };
  const text = shownUriText(link.uri);
  // Every never claim is held by the text its uri shows as, so a raw match is a text match too.
  if (claims.isNeverShown(text)) return { shown: false, why: 'never' };
  if (uriMayCarryCredential(link.uri)) return { shown: false, why: 'credential' };
  return { shown: true, text };
}

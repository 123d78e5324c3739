/**
 * Whether an embedded PDF or an audio clip can go to the host's provider natively: within what
 * the provider takes of its kind in one result — measured from the base64's length, before
 * anything is decoded — then well-formed base64, and for a PDF, bytes that start as one does
 * (`%PDF-`). A malformed block makes a provider refuse the whole request, so anything else stays
 * a marker.
 */
import { base64DecodedLength } from '../text/size.js';

/** The outcome of checking a PDF or an audio clip against what its kind has left in a result. */
export type MediaCheck =
  | { readonly ok: true; readonly bytes: number }
  /** `budget`: past what is left; `malformed`: not base64 of its declared kind. */
  | { readonly ok: false; readonly reason: 'budget' | 'malformed'; readonly bytes: number };

/** The bytes a PDF starts with (ISO 32000-1 §7.5.2, the file header). */
const PDF_SIGNATURE = '%PDF-';

/** Checks a PDF's base64 `data` against `bytesLeft`, then its form and its header. */
export function checkPdf(data: string, bytesLeft: number): MediaCheck {
  const bytes = base64DecodedLength(data);
  if (bytes > bytesLeft) return { ok: false, reason: 'budget', bytes };
  if (!isBase64(data)) return { ok: false, reason: 'malformed', bytes };
  // Eight characters decode to six bytes: the five of the header read whole.
  const head = Buffer.from(data.slice(0, 8), 'base64').toString('latin1');
  if (!head.startsWith(PDF_SIGNATURE)) return { ok: false, reason: 'malformed', bytes };
  return { ok: true, bytes };
}

/** Checks an audio clip's base64 `data` against `bytesLeft`, then its form. */
export function checkAudio(data: string, bytesLeft: number): MediaCheck {
  const bytes = base64DecodedLength(data);
  if (bytes > bytesLeft) return { ok: false, reason: 'budget', bytes };
  if (!isBase64(data)) return { ok: false, reason: 'malformed', bytes };
  return { ok: true, bytes };
}

/**
 * Whether `data` is non-empty standard base64 (RFC 4648 §4) in whole groups, padding only at
 * the end. One pass over character codes, no regex: a PDF can be tens of MB.
 */
export function isBase64(data: string): boolean {
  const length = data.length;
  if (length === 0 || length % 4 !== 0) return false;
  let end = length;
  if (data.charCodeAt(end - 1) === 0x3d) end -= 1;
  if (data.charCodeAt(end - 1) === 0x3d) end -= 1;
  for (let index = 0; index < end; index += 1) {
    const code = data.charCodeAt(index);
    // A–Z, a–z, 0–9, '+', '/'.
    const letter = (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
    if (!letter && !(code >= 0x30 && code <= 0x39) && code !== 0x2b && code !== 0x2f) return false;
  }
  return true;
}

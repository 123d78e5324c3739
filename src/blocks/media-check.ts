/**
 * Whether an embedded PDF or an audio clip can go to the host's provider natively: within what
 * the provider takes of its kind in one result — measured from the base64's length, before
 * anything is decoded — then well-formed base64, and for a PDF, bytes that start and end as one
 * does (`%PDF-`, `%%EOF`). A malformed block makes a provider refuse the whole request, so anything else stays
 * a marker.
 */
import { decodeStrictBase64 } from '../text/base64-decode.js';
import { base64DecodedLength } from '../text/size.js';

/** The outcome of checking a PDF or an audio clip against what its kind has left in a result. */
export type MediaCheck =
  | { readonly ok: true; readonly bytes: number }
  /** `budget`: past what is left; `malformed`: not base64 of its declared kind. */
  | { readonly ok: false; readonly reason: 'budget' | 'malformed'; readonly bytes: number };

/** The bytes a PDF starts with (ISO 32000-1 §7.5.2, the file header). */
const PDF_SIGNATURE = '%PDF-';
/** The end-of-file marker a PDF's trailer closes with (ISO 32000-1 §7.5.5). */
const PDF_END = '%%EOF';
/**
 * How far before the end `%%EOF` may be: a reader looks for it in the file's last 1,024 bytes
 * (the window PDF readers search, after the note to ISO 32000-1 §7.5.5's trailer; line ends and
 * a little trailing junk after it are common).
 */
const PDF_END_WINDOW = 1024;

/**
 * Checks a PDF's base64 `data` against `bytesLeft`, then its form: strict base64 (decoded
 * natively, no pass of JavaScript over its characters), `%PDF-` at the start and `%%EOF` within
 * its last 1,024 bytes, so neither a cut PDF nor a file that only opens as one goes.
 */
export function checkPdf(data: string, bytesLeft: number): MediaCheck {
  const bytes = base64DecodedLength(data);
  if (bytes > bytesLeft) return { ok: false, reason: 'budget', bytes };
  const decoded = decodeStrictBase64(data);
  if (decoded === undefined) return { ok: false, reason: 'malformed', bytes };
  const pdf = Buffer.from(decoded.buffer, decoded.byteOffset, decoded.length);
  if (!pdf.subarray(0, PDF_SIGNATURE.length).equals(Buffer.from(PDF_SIGNATURE, 'latin1'))) return { ok: false, reason: 'malformed', bytes };
  if (pdf.indexOf(PDF_END, Math.max(PDF_SIGNATURE.length, pdf.length - PDF_END_WINDOW), 'latin1') < 0) return { ok: false, reason: 'malformed', bytes };
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
 * the end: decoded by Node's native decoder with its leniencies checked natively
 * ({@link decodeStrictBase64}), since a per-character loop costs ~5 ns a character and a PDF
 * can be tens of MB.
 */
export function isBase64(data: string): boolean {
  return decodeStrictBase64(data) !== undefined;
}

/**
 * A `--http` address as every line and page of the command line shows it: as the library's copies
 * would show a link (`uriMayCarryCredential`), so a token in its query (`?api_key=…`) or its user
 * info never reaches a terminal, a log or a report.
 */
import { uriMayCarryCredential } from '../uri/credential.js';
import { sanitizeLabel } from '../text/labels.js';

/** The display bound of a shown address. */
const SHOWN_URL_MAX = 160;

/**
 * `url` without its user info (never shown); where it may still carry a credential, its origin and
 * path alone, or its origin alone where the path may carry one too. What can't be parsed shows up
 * to its first `?` or `#`, after its last `@`. Sanitized and bounded.
 */
export function shownServerUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    const head = url.split(/[?#]/, 1)[0] ?? '';
    return sanitizeLabel(head.slice(head.lastIndexOf('@') + 1), SHOWN_URL_MAX);
  }
  parsed.username = '';
  parsed.password = '';
  const whole = parsed.href;
  if (!uriMayCarryCredential(whole)) return sanitizeLabel(whole, SHOWN_URL_MAX);
  const path = `${parsed.origin}${parsed.pathname}`;
  return sanitizeLabel(uriMayCarryCredential(path) ? parsed.origin : path, SHOWN_URL_MAX);
}

/**
 * The parts of `url` no output may show, for the run's redaction (an error from `fetch` may quote
 * the address whole): the address as given and as parsed, its user info, and, where it may carry
 * a credential, each value of its query and fragment of four characters or more.
 */
export function serverUrlSecrets(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  if (parsed.username === '' && parsed.password === '' && !uriMayCarryCredential(parsed.href)) return [];
  const secrets = [url, parsed.href, parsed.username, parsed.password, decodeURIComponentSafe(parsed.password)];
  if (uriMayCarryCredential(parsed.href)) {
    for (const params of [parsed.searchParams, new URLSearchParams(parsed.hash.slice(1))]) {
      for (const value of params.values()) if (value.length >= 4) secrets.push(value, encodeURIComponent(value));
    }
  }
  return secrets.filter((secret) => secret !== '');
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

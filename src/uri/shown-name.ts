/**
 * A reference's or link's `name` as a stub, line or script object shows it. Servers often name
 * a link by its uri; a name that holds the uri, or that is itself a uri that may carry a
 * credential, would show what the uri rule withholds, so it isn't shown.
 */
import { uriMayCarryCredential } from './credential.js';

/** Characters without which a name can't be a uri carrying a credential. */
const URI_LIKE = /[?#;@]|:\/\/|^\/\//;

/** The name to show for a reference to `uri`, or undefined where none may be shown. */
export function shownName(name: string | undefined, uri: string): string | undefined {
  if (name === undefined || name === '') return undefined;
  if (name.includes(uri)) return undefined;
  if (URI_LIKE.test(name) && uriMayCarryCredential(name)) return undefined;
  return name;
}

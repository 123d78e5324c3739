/**
 * Reference stubs (docs/design.md §6): what the model sees of a reference — a host-made opaque id and
 * bounded, sanitized labels, never the uri:
 *
 *   [<refId>] <name> — <type>, <size> claimed — <provenance> — <ending>
 *
 * The ending is `fetch with fetch_reference` when the dial check passes, the refusal's clause
 * otherwise (in words that never name the uri's parts, and no remedy), or `saved: <path>` once
 * fetched. Every stub is within {@link REFERENCE_STUB_MAX_CHARS}, whatever its fields' lengths.
 */
import { CUT_MARK, LABEL_MAX_CHARS, sanitizeLabel } from '../text/labels.js';
import { mediaTypeLabel, TYPE_LABEL_MAX_CHARS, UNNAMED } from '../text/markers.js';
import { formatSize } from '../text/size.js';
import { cutAt } from '../text/well-formed.js';
import { REF_ID_PATTERN } from './ref-ids.js';
import type { Testimony } from './testimony.js';

/** The ending of a stub that offers a fetch. */
export const FETCHABLE_ENDING = 'fetch with fetch_reference';

/** The bound on a saved path shown in a stub's ending. */
const SAVED_PATH_MAX_CHARS = 160;

/** The bound on a server id in a stub's provenance. */
const SERVER_LABEL_MAX_CHARS = 64;

/** The bound on any stub's ending (the longest is a saved path). */
const STUB_ENDING_MAX_CHARS = SAVED_PATH_MAX_CHARS + 'saved: '.length;

/** The longest a reference stub can be, whatever its fields (RFC-005: stub size independent of field length). */
export const REFERENCE_STUB_MAX_CHARS =
  '[] '.length +
  48 /* refId */ +
  LABEL_MAX_CHARS +
  ' — '.length +
  TYPE_LABEL_MAX_CHARS +
  ', '.length +
  16 /* size */ +
  ' claimed — '.length +
  'from server ""'.length +
  SERVER_LABEL_MAX_CHARS +
  ' — '.length +
  STUB_ENDING_MAX_CHARS;

/** Whose the reference is, as the stub's provenance says. */
export type Provenance = { readonly serverId: string } | { readonly serverId?: undefined };

/** Builds a reference's stub line. */
export function buildReferenceStub(
  refId: string,
  testimony: Pick<Testimony, 'name' | 'mimeType' | 'sizeBytes'>,
  provenance: Provenance,
  ending: string,
): string {
  const name = testimony.name === undefined || testimony.name === '' ? UNNAMED : stubLabel(sanitizeLabel(testimony.name));
  const type = typePartOf(mediaTypeLabel(testimony.mimeType));
  const size = testimony.sizeBytes === undefined ? 'no size' : formatSize(testimony.sizeBytes);
  const from = provenance.serverId === undefined ? 'made by this host' : provenanceOf(provenance.serverId);
  const end = ending === lastEnding ? lastEnd : endingOf(ending);
  const tail = from === lastTailFrom && end === lastTailEnd ? lastTail : tailOf(from, end);
  // An id this host issued is its own label (printable ASCII, within the bound).
  const id = REF_ID_PATTERN.test(refId) ? refId : sanitizeLabel(refId, 48);
  // `[id] name — type, size claimed — provenance — ending`, its type's part and its tail each
  // made once for the stubs that share them: fewer strings joined per stub.
  const line = `[${id}] ${name}${type}${size}${tail}`;
  // The parts are bounded so this never cuts; the guard keeps the promise if a bound changes.
  return line.length <= REFERENCE_STUB_MAX_CHARS ? line : `${cutAt(line, REFERENCE_STUB_MAX_CHARS - 1)}${CUT_MARK}`;
}

// The last server and ending a stub showed, and their texts: a render's stubs share one server,
// and most share a few endings, so each is sanitized once rather than per stub.
let lastServerId: string | undefined;
let lastFrom = '';
let lastEnding: string | undefined;
let lastEnd = '';

/** A stub's provenance for a server (see {@link lastServerId}). */
function provenanceOf(serverId: string): string {
  if (serverId !== lastServerId) {
    lastFrom = `from server "${stubLabel(sanitizeLabel(serverId, SERVER_LABEL_MAX_CHARS))}"`;
    lastServerId = serverId;
  }
  return lastFrom;
}

/** The part of a stub around its type label, ` — <type>, `: made once for a run of stubs of one type. */
function typePartOf(type: string): string {
  if (type !== lastType) {
    lastTypePart = ` — ${type}, `;
    lastType = type;
  }
  return lastTypePart;
}

let lastType: string | undefined;
let lastTypePart = '';

/** A stub's tail after its size, ` claimed — <provenance> — <ending>`: made once for the stubs that share both. */
function tailOf(from: string, end: string): string {
  lastTail = ` claimed — ${from} — ${end}`;
  lastTailFrom = from;
  lastTailEnd = end;
  return lastTail;
}

let lastTailFrom: string | undefined;
let lastTailEnd: string | undefined;
let lastTail = '';

/** A stub's ending as shown (see {@link lastEnding}). */
function endingOf(ending: string): string {
  lastEnd = sanitizeLabel(ending, STUB_ENDING_MAX_CHARS);
  lastEnding = ending;
  return lastEnd;
}

/**
 * A server's label inside a stub, where ` — ` separates the stub's parts: its em dashes become en
 * dashes, so no name can forge a part (a fetch offer, a provenance) of its own.
 */
function stubLabel(label: string): string {
  return label.includes('—') ? label.replaceAll('—', '–') : label;
}

/** A saved copy's ending. */
export function savedEnding(path: string): string {
  return `saved: ${path}`;
}

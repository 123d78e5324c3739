/**
 * The script lane (docs/design.md §9): what a code-execution script receives from a tool call it makes.
 * A script's output comes back to the model, so it reads every block the way the model's line
 * does: a link's object carries its uri only where the model's line shows it (the same
 * `shownLinkUri`, the same claims, the same clock reading), and no stricter claim the view
 * reads is lost on the way. An object shaped like this lane's own reference object is read from
 * the record its id names, and only where a view of a result from the same origin issued that
 * id (see `script-issued.ts`); anything else in a block's place is what the tool-result lane
 * calls it.
 */
import { isBlockAtDepth } from '../blocks/at-depth.js';
import { dataChecker, dataCopyChecks, shownDataString } from '../blocks/data-strings.js';
import { blobText, isAppResource } from '../blocks/embedded-content.js';
import { copyPlainData, jsonCopyByRules, NOT_PLAIN, type PlainDataRules } from '../blocks/json-copy.js';
import { classifyBlock, textOfTextBlock, type BlockReading, type ClassifyContext } from '../blocks/classify.js';
import type { ShownBlock } from '../blocks/shown-block.js';
import { isSpent, spend } from '../blocks/shown-budget.js';
import { isContentArray, normalizeResult, type ResultOrigin } from '../inputs.js';
import { bothClaims, NO_CLAIMS, recordClaims, type ResultClaims } from '../references/claims.js';
import { decideReference } from '../references/decide.js';
import { fetchReference, type FetchOptions } from '../references/fetcher.js';
import { readContentClaims, readDataClaims } from '../blocks/read-claims.js';
import type { ReferenceRecord, RegistryJournal } from '../references/registry.js';
import { isReferenceForm, type Testimony } from '../references/testimony.js';
import { sanitizeLabel } from '../text/labels.js';
import { logSafely, thrownLine, toolLabel, withheldLogLine } from '../text/log-lines.js';
import { ANOTHER_SERVERS_ENDING, appMarker, BLOCK_NOT_SHOWN_TEXT, blocksNotShownNotice, mediaTypeLabel } from '../text/markers.js';
import { base64DecodedLength } from '../text/size.js';
import { wellFormed } from '../text/well-formed.js';
import { WalkError } from '../walk.js';
import { shownLinkUri } from '../uri/shown-link-uri.js';
import { shownName } from '../uri/shown-name.js';
import { classifyContext, type HostCore } from './host-core.js';
import { recordIssued, wasIssued } from './script-issued.js';

/**
 * A link or reference as a script receives it. Handed back to the lane (with the origin its
 * result had), it is read again from the record its id names: none of its own fields counts.
 */
export interface ReferenceObject {
  /** The id `fetch_reference` takes. */
  readonly refId: string;
  readonly name?: string;
  readonly mimeType?: string;
  /** The claimed size in bytes. */
  readonly size?: number;
  /** Present only where the model's line for the same result shows the uri. */
  readonly uri?: string;
  /** Why a fetch of `refId` would be refused, in the stub's own words. */
  readonly unfetchable?: string;
  /** The result's claims say it has expired. */
  readonly expired?: true;
  /** Where this host saved a fetched copy: only ever the record's, never a server's word. */
  readonly saved?: string;
}

/** Inline media as a script receives it: its kind, type and size, not its bytes. */
export interface ScriptMedia {
  readonly type: 'image' | 'audio';
  readonly mimeType: string;
  readonly size: number;
}

/** An embedded resource as a script receives it. */
export interface ScriptResource {
  readonly type: 'resource';
  readonly uri?: string;
  readonly mimeType?: string;
  readonly text?: string;
  readonly size?: number;
}

/** One block of a content array as a script receives it: text (or a marker's words) as a string. */
export type ScriptItem = string | ReferenceObject | ScriptMedia | ScriptResource;

/** What a script receives: the content array's items, or the data with its references as objects. */
export interface ScriptViewOk {
  readonly ok: true;
  readonly isError: boolean;
  /** An error result's message. */
  readonly error?: string;
  /** Present for a content array. */
  readonly content?: readonly ScriptItem[];
  /** Present for data (with references at depth as objects); absent for a content array. */
  readonly data?: unknown;
  /**
   * A content array's `structuredContent`, whole, under the data rules `data` follows: a script
   * computes on the value, whether or not the model's copies show it.
   */
  readonly structured?: unknown;
}

/** The view couldn't be read (a cycle, a getter that throws, data too deep): never a view with fewer claims. */
export interface ScriptViewFailure {
  readonly ok: false;
  /** The tool whose result couldn't be read. */
  readonly tool: string;
  readonly reason: string;
}

/** The script lane's answer. */
export type ScriptView = ScriptViewOk | ScriptViewFailure;

/** A view and the references it offers to fetch (for the demand fetch). */
interface BuiltView {
  readonly view: ScriptView;
  /** Ids of references (not links) the view offers: fetchable, not expired, not `never`. */
  readonly offers: readonly string[];
}

/** The script lane's view of a result. Synchronous; never throws. */
export function scriptView(core: HostCore, result: unknown, origin?: ResultOrigin): ScriptView {
  // Records as they stood before this lane registers anything for the result: the order of
  // blocks and evictions while the view is built can't change what a link shows.
  const journal = core.registry.openJournal();
  try {
    return buildView(core, result, origin, journal).view;
  } finally {
    journal.close();
  }
}

/**
 * Fetches the references the view offers — passing over links and anything the claims mark
 * expired or `never` — then returns the view, which shows where each was saved. Fetches nothing
 * when the view can't be read, or when no `save` is configured.
 */
export async function scriptViewFetched(
  core: HostCore,
  result: unknown,
  origin: ResultOrigin | undefined,
  options: FetchOptions | undefined,
): Promise<ScriptView> {
  // One journal for the whole demand fetch: the view after the fetches reads each record as it
  // stood before the first view registered anything, whatever those registrations evicted.
  const journal = core.registry.openJournal();
  try {
    const first = buildView(core, result, origin, journal);
    if (!first.view.ok || first.offers.length === 0) return first.view;
    if (options === undefined) {
      logSafely(core, () => `blockwise: script: no save configured; ${first.offers.length} reference(s) of ${toolLabel(origin?.toolName)} not fetched`);
      return first.view;
    }
    // Bound to the view's server: a record another server's result took over meanwhile isn't
    // what this view offered.
    const bound = typeof origin?.serverId === 'string' ? { ...options, fromServer: origin.serverId } : options;
    for (const refId of first.offers) {
      const outcome = await fetchReference(core, refId, bound);
      if (!outcome.ok) logSafely(core, () => `blockwise: script: fetch of ${refId} for ${toolLabel(origin?.toolName)} failed: ${outcome.code}`);
    }
    return buildView(core, result, origin, journal).view;
  } finally {
    journal.close();
  }
}

function buildView(core: HostCore, result: unknown, origin: ResultOrigin | undefined, journal: RegistryJournal): BuiltView {
  try {
    const { input, isError, asJson } = normalizeResult(result);
    // The data is read once: claims and view come from the same value.
    const data = input.data;
    const content = !asJson && isContentArray(data, input.dataIsContent);
    // Every claim the view shows, nested fields included; where this walk stops, no view.
    const structured = content ? input.structured : undefined;
    // Data the copy reads in one pass, meeting nothing the walk would note (`copyPlainData`),
    // claims nothing: that copy is its view, and the walk is spared. Anything else is walked,
    // then copied.
    const plainData = content ? NOT_PLAIN : copyPlainData(data, plainDataRules());
    const plainStructured = structured === undefined ? NOT_PLAIN : copyPlainData(structured, plainDataRules());
    const dataClaims = plainData === NOT_PLAIN ? readDataClaims(data, journal, isBlockAtDepth).claims : NO_CLAIMS;
    const structuredClaims = structured === undefined || plainStructured !== NOT_PLAIN ? NO_CLAIMS : readDataClaims(structured, journal, isBlockAtDepth).claims;
    const viewClaims = structured === undefined ? dataClaims : bothClaims(dataClaims, structuredClaims);
    const lineClaims = content ? readContentClaims(data, journal) : dataClaims;
    // The structured value's claims hold for the line too, as they do on the tool-result lane.
    const builder = new ViewBuilder(core, origin, structured === undefined ? lineClaims : bothClaims(lineClaims, viewClaims), viewClaims);
    const error = isError && typeof input.error === 'string' ? { error: wellFormed(input.error) } : {};
    const view: ScriptViewOk = content
      ? {
          ok: true,
          isError,
          ...error,
          content: itemsOf(data, builder),
          ...(structured === undefined ? {} : { structured: plainStructured === NOT_PLAIN ? builder.data(structured) : plainStructured }),
        }
      : { ok: true, isError, ...error, ...(data === undefined ? {} : { data: plainData === NOT_PLAIN ? builder.data(data) : plainData }) };
    // Only once the whole view is built: which objects this view reads from their records
    // can't depend on the order of its blocks.
    recordIssued(core, origin, builder.issued);
    return { view, offers: builder.offers };
  } catch (error) {
    logSafely(core, () => withheldLogLine('script', origin?.toolName, error));
    return { view: { ok: false, tool: toolName(origin), reason: shownReason(error) }, offers: [] };
  }
}

/**
 * Why a view was withheld, as a script may show it: the thrown line where the data rules leave
 * it as it is, else the walk's own words (a getter's or a `toJSON`'s message may quote the data,
 * a signed uri or base64 included), else the line as the data rules show it.
 */
function shownReason(error: unknown): string {
  const line = thrownLine(error);
  const shown = shownDataString(line);
  if (shown === line) return line;
  return error instanceof WalkError ? `${error.name}: ${error.message}` : shown;
}

/**
 * A content array's items, every index (a hole is read as `undefined`), read once, into an
 * array made at most at the array's length: a view grown element by element (`Array.from` of the
 * array) is copied as it grows, several times the array's size in peak heap for a long one. Past
 * the render's budget (`shown-budget.ts`) texts are still given, and the other blocks are counted
 * in one notice after the last item, as the tool-result lane counts them, never read: a view
 * holds no more references or markers than one result may show.
 */
function itemsOf(blocks: readonly unknown[], builder: ViewBuilder): ScriptItem[] {
  const items = new Array<ScriptItem>(blocks.length);
  let index = 0;
  for (; index < blocks.length && !builder.spent; index += 1) items[index] = builder.item(blocks[index]);
  if (index === blocks.length) return items;
  let kept = index;
  for (; index < blocks.length; index += 1) {
    const block = blocks[index];
    // A string is text as this lane gives it, as `item` reads it.
    const text = typeof block === 'string' ? wellFormed(block) : textOfTextBlock(block);
    if (text !== undefined) items[kept++] = text;
  }
  const notShown = blocks.length - kept;
  items.length = kept;
  if (notShown > 0) items.push(blocksNotShownNotice(notShown));
  return items;
}

/** The tool a failure names: its sanitized name, or a stand-in. */
function toolName(origin: ResultOrigin | undefined): string {
  const name: unknown = origin?.toolName;
  return typeof name === 'string' ? sanitizeLabel(name) : 'an unnamed tool';
}

/** Builds one view's items, with the line's claims and the view's claims in hand. */
class ViewBuilder {
  readonly offers: string[] = [];
  /** Every id this view hands out. */
  readonly issued: string[] = [];
  readonly #ctx: ClassifyContext;
  /** What the classifier read of the block it classifies now (`ClassifyContext.onRead`). */
  #read: BlockReading | undefined;
  /** Whether the block classified now was met in data. */
  #atDepth = false;

  constructor(
    private readonly core: HostCore,
    private readonly origin: ResultOrigin | undefined,
    private readonly lineClaims: ResultClaims,
    private readonly viewClaims: ResultClaims,
  ) {
    // Inline media and embedded content are taken before the classifier checks them for a
    // provider: nothing this lane gives goes natively, so no block spends a media allowance.
    this.#ctx = { ...classifyContext(core, 'script', viewClaims, origin), onRead: (reading) => this.#take(reading) };
  }

  /**
   * What this lane answers for a block the classifier has read: {@link TAKEN} where it gives the
   * block as an object (the reading kept for `#fromClassified`), so the classifier goes no
   * further; undefined where it gives the classifier's words (a reference that doesn't read; an
   * MCP App's view at the top, as its marker, since a script's output reaches the model).
   */
  #take(reading: BlockReading): ShownBlock | undefined {
    this.#read = reading;
    switch (reading.as) {
      case 'invalid-reference':
        return undefined;
      case 'embedded':
        return this.#atDepth || !isAppResource(reading.contents.uri, reading.contents.mimeType) ? TAKEN : undefined;
      case 'reference':
      case 'media':
        return TAKEN;
    }
  }

  /**
   * A top-level block of a content array: reference objects spend the render's stub budget,
   * markers its line budget (`shown-budget.ts`); `itemsOf` stops once either is spent.
   */
  item(block: unknown): ScriptItem {
    // A string is text as this lane gives it: a view handed back reads the same.
    if (typeof block === 'string') return wellFormed(block);
    return this.#item(block);
  }

  /** Whether the render's budget is spent: the blocks after this point are only counted. */
  get spent(): boolean {
    return isSpent(this.#ctx.shownLeft);
  }

  #item(block: unknown): ScriptItem {
    return this.#own(block) ?? this.#fromClassified(block, false);
  }

  /** A block as the classifier shows it, its words spent from the render's budget. */
  #classified(block: unknown): string {
    const shown = classifyBlock(block, this.#ctx);
    spend(this.#ctx.shownLeft, shown.kind, shown.text.length);
    return shown.text;
  }

  /**
   * A block (at the top of a content array, or met in data) as the one classification reads
   * it: a reference as its object, inline media as its kind, type and size, an embedded
   * resource's content as its object (an MCP App's view, at the top, as its marker); anything
   * else as the words the classifier shows for it, withheld data as its line. At the top, the
   * words of a marker or text spend the render's budget, as the tool-result lane spends them;
   * a withheld line, a reference that doesn't read, and the objects spend only as their own
   * rules say (a reference object as its stub would).
   */
  #fromClassified(block: unknown, atDepth: boolean): ScriptItem {
    this.#read = undefined;
    this.#atDepth = atDepth;
    const shown = classifyBlock(block, this.#ctx);
    const read = this.#read as BlockReading | undefined;
    this.#read = undefined;
    if (shown === TAKEN && read !== undefined) {
      switch (read.as) {
        case 'reference':
          return this.#objectFor(read.record, read.testimony, this.lineClaims, this.viewClaims);
        case 'media':
          return { type: read.media, mimeType: mediaTypeLabel(read.mimeType), size: base64DecodedLength(read.data) };
        case 'embedded':
          return this.#embedded(read.contents, atDepth);
        case 'invalid-reference':
          break;
      }
    }
    if (!atDepth && shown.kind !== 'withheld' && read?.as !== 'invalid-reference') spend(this.#ctx.shownLeft, shown.kind, shown.text.length);
    return shown.text;
  }

  /**
   * Data: numbers, flags and ordinary strings as sent, with the replacements the stored copy's
   * data gets (`dataChecker`: a string that reads as a uri which may carry a credential, a
   * base64 run, a key alike); references as objects, inline media as its kind, type and size
   * (never its bytes), embedded resources with their uri under the link rule, and contradictions
   * withheld, at any depth. An object shaped like this lane's reference object is read from its
   * record where this lane issued its id for this origin, and is otherwise the tool-result
   * lane's words for it in a block's place: no object in a view carries an id, name or saved
   * path the lane didn't give it.
   */
  data(value: unknown): unknown {
    // A script reads all of its data: every string is checked, however long the data.
    const checked = dataChecker();
    // What its JSON text would parse back to, built without the text (`json-copy.ts`): data that
    // is neither a block nor this lane's own is copied by the same rules without a call each.
    return jsonCopyByRules(value, plainDataRules(), (_key, member: unknown) => {
      if (typeof member !== 'object' || member === null || Array.isArray(member)) return checked(member);
      // With neither an id nor a string `type`, an object is none of this lane's and no block:
      // only data (most objects, passed over with two reads).
      const fields = member as { refId?: unknown; type?: unknown };
      if (typeof fields.refId !== 'string' && typeof fields.type !== 'string') return checked(member);
      const own = this.#own(member);
      if (own !== undefined) return own;
      if (!isBlockAtDepth(member)) return checked(member);
      // Past the render's budget a reference is its notice, never classified (so never registered).
      if (isReferenceForm(member) && isSpent(this.#ctx.shownLeft)) return BLOCK_NOT_SHOWN_TEXT;
      // A block at depth is what it is at the top (an embedded resource's uri under the link
      // rule, its text under the data rules), its words spending nothing.
      return this.#fromClassified(member, true);
    });
  }

  /**
   * One of this lane's own objects handed back (a script passing them on). A reference object
   * is read from the record its id names — where a view of a result from this origin issued the
   * id — and is otherwise what the tool-result lane calls it in a block's place. Inline media
   * and embedded resources carry no id: they are rebuilt from the fields this lane gives, each
   * checked as a block's would be, and nothing else. Undefined for anything else.
   */
  #own(value: unknown): ScriptItem | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    // Any object naming an id that isn't a block is read as this lane's own, whatever `type` it
    // adds: otherwise a `type` of its own would carry a forged id, name or saved path through.
    if (typeof record.refId === 'string' && !isBlockAtDepth(record)) {
      const held = this.core.registry.get(record.refId);
      if (held === undefined || !wasIssued(this.core, held.refId, this.origin)) return this.#classified(value);
      return this.#fromRecord(held);
    }
    const bare = !Object.hasOwn(record, 'data') && !Object.hasOwn(record, 'resource');
    const type = record.type;
    if (isOwnMediaType(type) && bare && !Object.hasOwn(record, 'uri') && isSize(record.size)) {
      return { type, mimeType: mediaTypeLabel(typeof record.mimeType === 'string' ? record.mimeType : undefined), size: record.size };
    }
    if (type === OWN_RESOURCE_TYPE && bare && (typeof record.text === 'string' || isSize(record.size))) {
      return this.#embedded(record, false);
    }
    return undefined;
  }

  /**
   * An object handed back, read from its record alone: its name, type, size and saved copy the
   * record's, and its own claims (`never`, expiry) in force beside this view's.
   */
  #fromRecord(record: ReferenceRecord): ReferenceObject {
    const own = recordClaims(record.testimony);
    const viewClaims = bothClaims(this.viewClaims, own);
    return this.#objectFor(record, record.testimony, this.lineClaims === this.viewClaims ? viewClaims : bothClaims(this.lineClaims, own), viewClaims);
  }

  /**
   * A reference object: one clock reading; `uri` only where the model's line shows it and no
   * claim the view reads marks it `never`; `unfetchable` and `expired` by the view's claims;
   * `saved` only from the record's fetched copy.
   */
  #objectFor(record: ReferenceRecord, testimony: Testimony, lineClaims: ResultClaims, viewClaims: ResultClaims): ReferenceObject {
    const nowMs = this.core.now();
    const name = shownName(testimony.name, testimony.uri, viewClaims);
    const view = decideReference(record, testimony, viewClaims, this.#ctx, nowMs);
    // The decision is pure: where the line reads the very claims the view does (both none, or
    // data, whose line is its view), it is the same decision, and isn't made twice.
    const line = lineClaims === viewClaims ? view : decideReference(record, testimony, lineClaims, this.#ctx, nowMs);
    const viewNever = viewClaims.withholds(testimony.uri);
    const shown = line.linkUri?.shown === true && !viewNever ? line.linkUri.text : undefined;
    // A record another server's reference left (a uri it fetched and saved, which this result
    // names too) is that server's: this view neither offers it, nor shows its saved copy under
    // this server's name, nor issues its id for this origin to hand back.
    const foreign = record.serverId !== this.origin?.serverId;
    if (!foreign && !testimony.fromLink && record.fetched === undefined && view.dial.ok && !view.expired && !viewNever) {
      this.offers.push(record.refId);
    }
    if (!foreign) this.issued.push(record.refId);
    // An object spends the stub budget as its stub would: by the length of what it shows.
    const label = name === undefined ? undefined : sanitizeLabel(name);
    const unfetchable = foreign ? ANOTHER_SERVERS_ENDING : record.fetched !== undefined || view.dial.ok ? undefined : view.dial.clause;
    spend(this.#ctx.shownLeft, 'stub', record.refId.length + (label?.length ?? 0) + (shown?.length ?? 0) + (unfetchable?.length ?? 0));
    return {
      refId: record.refId,
      ...(label === undefined ? {} : { name: label }),
      ...(testimony.mimeType === undefined ? {} : { mimeType: mediaTypeLabel(testimony.mimeType) }),
      ...(testimony.sizeBytes === undefined ? {} : { size: testimony.sizeBytes }),
      ...(shown === undefined ? {} : { uri: shown }),
      ...(unfetchable === undefined ? {} : { unfetchable }),
      ...(view.expired ? { expired: true as const } : {}),
      ...(record.fetched === undefined || foreign ? {} : { saved: record.fetched.path }),
    };
  }

  /**
   * An embedded resource: an MCP App's view as its marker (never its source); otherwise its uri
   * under the link rule, its text (at depth in data, under the data rules, as the copies show
   * it), a textual blob's text (always under them), or its size.
   */
  #embedded(contents: Record<string, unknown>, atDepth: boolean): ScriptResource | string {
    const uri = typeof contents.uri === 'string' ? shownUri(contents.uri, this.lineClaims, this.viewClaims, this.core.now()) : undefined;
    if (isAppResource(contents.uri, contents.mimeType)) return appMarker(uri);
    const mimeType = typeof contents.mimeType === 'string' ? mediaTypeLabel(contents.mimeType) : undefined;
    const base = { type: 'resource' as const, ...(uri === undefined ? {} : { uri }), ...(mimeType === undefined ? {} : { mimeType }) };
    if (typeof contents.text === 'string') return { ...base, text: atDepth ? shownDataString(wellFormed(contents.text)) : wellFormed(contents.text) };
    if (typeof contents.blob === 'string') {
      const text = blobText(contents.blob, contents.mimeType);
      return text === undefined ? { ...base, size: base64DecodedLength(contents.blob) } : { ...base, text };
    }
    return { ...base, ...(isSize(contents.size) ? { size: contents.size } : {}) };
  }
}

/**
 * The data rules as {@link ViewBuilder.data} applies them to an object that is neither a block
 * nor this lane's own: an object with a string `type` (every block, and all the walk reads
 * claims from) or a string `refId` (this lane's reference object) is left to it.
 */
function plainDataRules(): PlainDataRules {
  return { ...dataCopyChecks(), leaves: isLanesToRead };
}

function isLanesToRead(value: object): boolean {
  const fields = value as { refId?: unknown; type?: unknown };
  return typeof fields.refId === 'string' || typeof fields.type === 'string';
}

/** What the classifier returns for a block this lane gives as an object: never shown as words. */
const TAKEN: ShownBlock = { kind: 'text', text: '' };

/**
 * The `type` of this lane's own media and resource objects (`ScriptMedia`, `ScriptResource`):
 * the words of this lane's view, read back where a script hands its objects on. What an MCP
 * block of any kind is, is the classifier's to say.
 */
const OWN_MEDIA_TYPES: ReadonlySet<unknown> = new Set<ScriptMedia['type']>(['image', 'audio']);
const OWN_RESOURCE_TYPE: ScriptResource['type'] = 'resource';

function isOwnMediaType(type: unknown): type is ScriptMedia['type'] {
  return OWN_MEDIA_TYPES.has(type);
}

function isSize(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** A uri shown to a script only where both the line's and the view's claims let it be. */
function shownUri(uri: string, lineClaims: ResultClaims, viewClaims: ResultClaims, nowMs: number): string | undefined {
  const line = shownLinkUri({ uri }, lineClaims, nowMs);
  const view = lineClaims === viewClaims ? line : shownLinkUri({ uri }, viewClaims, nowMs);
  return line.shown && view.shown ? line.text : undefined;
}

/**
 * Patterns over a uri's host and path (docs/design.md §7), grouped so that a link is tried against
 * its own host family's shapes only, each reading a run of slashes as one.
 */
import { percentDecode } from '../text/percent-decode.js';
import type { UriParts } from './uri-parts.js';

/**
 * The last two labels of a host name (`slack.com` for `hooks.slack.com`, a trailing dot left
 * off): the key under which the shapes of a family's hosts are looked up.
 */
export function lastTwoLabels(hostname: string): string {
  const end = hostname.endsWith('.') ? hostname.length - 1 : hostname.length;
  const last = hostname.lastIndexOf('.', end - 1);
  return hostname.slice(hostname.lastIndexOf('.', last - 1) + 1, end);
}

/**
 * A pattern over a uri's host and path (`UriParts.hostPath`), tried on the given hosts only, or
 * on every uri; one that opens with `^/` is tried on the path alone, anchored at its start.
 */
export interface HostPathShape {
  readonly pattern: RegExp;
  /** Domains whose hosts (subdomains included) the pattern is tried on, `''` for a uri with no host. */
  readonly hosts?: readonly string[];
}

/**
 * Path shapes grouped for speed: those with hosts are looked up by the last two labels of each
 * (`lastTwoLabels`), once a host is known to end in one of them, so a link is tried against its
 * own family's shapes only; those anchored at the start of the path are one expression tried
 * on the path; the others are one expression tried on every uri's host and path. Each shape
 * reads a run of slashes as one (`mergingSlashes`).
 */
export class PathShapes {
  private readonly anyHost: RegExp;
  private readonly pathStart: RegExp;
  private readonly byHost: ReadonlyMap<string, RegExp>;
  // Whether a host name ends in a key of `byHost` (or is empty): most hosts are turned away here.
  private readonly shapedHost: RegExp;
  // The host name asked about last (a copy, if it was cut from a longer text) and its answer:
  // data's uris come in runs on one host.
  private lastHost: string | undefined;
  private lastShaped = false;

  constructor(shapes: readonly HostPathShape[]) {
    const sources = (chosen: readonly HostPathShape[]) => chosen.map((shape) => mergingSlashes(shape.pattern.source)).join('|') || '(?!)';
    const anyHost = shapes.filter((shape) => shape.hosts === undefined);
    const atPathStart = (shape: HostPathShape) => shape.pattern.source.startsWith('^\\/');
    this.anyHost = new RegExp(sources(anyHost.filter((shape) => !atPathStart(shape))));
    this.pathStart = new RegExp(sources(anyHost.filter(atPathStart)));
    const keys = [...new Set(shapes.flatMap((shape) => shape.hosts ?? []).map(lastTwoLabels))];
    this.byHost = new Map(keys.map((key) => [key, new RegExp(sources(shapes.filter((shape) => shape.hosts?.some((host) => lastTwoLabels(host) === key))))]));
    const named = keys.filter((key) => key !== '').map((key) => key.replaceAll('.', '\\.'));
    this.shapedHost = new RegExp(`(?:^|\\.)(?:${named.join('|') || '(?!)'})\\.?$|^$`);
  }

  /**
   * Whether a shape holds on a uri with these parts, its path read as written and as a server
   * reads it: percent-decoded once, and again where the decoding still holds an escape
   * (`/services%2FT…`, `/%73ervices/…`, `%252F`). Two decodings at most, each one pass over the path.
   */
  holdOn(parts: UriParts): boolean {
    const { hostname, pathname, hostPath } = parts;
    if (this.holdOnPath(hostname, hostPath, pathname)) return true;
    if (!pathname.includes('%')) return false;
    // What precedes the path in `hostPath`: the host, or a hostless uri's scheme.
    const before = hostPath.slice(0, hostPath.length - pathname.length);
    const once = percentDecode(pathname);
    if (once !== pathname && this.holdOnPath(hostname, before + once, once)) return true;
    const twice = once.includes('%') ? percentDecode(once) : once;
    return twice !== once && this.holdOnPath(hostname, before + twice, twice);
  }

  private holdOnPath(hostname: string, hostPath: string, pathname: string): boolean {
    if (this.anyHost.test(hostPath) || this.pathStart.test(pathname)) return true;
    if (!this.isShapedHost(hostname)) return false;
    return this.byHost.get(lastTwoLabels(hostname))?.test(hostPath) === true;
  }

  private isShapedHost(hostname: string): boolean {
    if (hostname === this.lastHost) return this.lastShaped;
    this.lastShaped = this.shapedHost.test(hostname);
    // Only a short name is kept, so what is held stays bounded whatever hosts pass.
    this.lastHost = hostname.length <= LAST_HOST_MAX_CHARS ? ` ${hostname}`.slice(1) : undefined;
    return this.lastShaped;
  }
}

/** The longest host name `PathShapes` keeps as the one asked about last (a DNS name is at most 253 characters). */
const LAST_HOST_MAX_CHARS = 255;

// In a pattern's source, a token read whole: `\/\/`, a character class, or an escape.
const SOURCE_TOKEN = /\\\/\\\/|\[(?:\\[^]|[^\]\\])*\]|\\[^]/g;
const QUANTIFIER = /^[?*+{]/;

/**
 * A pattern's source with each lone `\/` outside a character class and with no quantifier made
 * `\/+`, so that it reads a path whose slashes come in runs (`//services/…`) as a server that
 * merges them reads it (`/services/…`). A `\/\/` (an authority written into a path) is kept, and
 * so is a `\/` opening the source: a run before it changes nothing for a pattern that may match
 * anywhere, and `\/+` there would retry the run from each of its slashes.
 */
export function mergingSlashes(source: string): string {
  return source.replace(SOURCE_TOKEN, (token: string, at: number) =>
    token === '\\/' && at > 0 && !QUANTIFIER.test(source.slice(at + 2, at + 3)) ? '\\/+' : token,
  );
}

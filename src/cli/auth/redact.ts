/**
 * Secrets `call` holds (a bearer token, a client secret, the tokens the authorization flow
 * obtains, sensitive header values) and the rule that none of them is ever printed: every line
 * `call` writes goes through {@link redactingIo}, and the `--html` report through
 * {@link redactDeep}, so a server that echoes a token back in an error or a tool result can't
 * make the command line or the page show it.
 */
import type { CliIo, TextSink } from '../io.js';

/** What a secret is replaced with in output. */
export const REDACTED = '[redacted]';

/**
 * The shortest value matched as a substring: a shorter one would also match ordinary text and
 * corrupt it. `--bearer-env` and `--client-secret-env` refuse shorter values for that reason.
 */
export const MIN_SECRET_LENGTH = 8;

/** The mark a display bound leaves where it cut a value (`oneLine`, `sanitizeLabel`). */
const CUT_MARK = '…';

/** The shortest cut-off head of a secret redacted where a display bound cut it. */
const MIN_CUT_HEAD = 4;

/** Header names whose values are treated as secrets (redacted, and never sent in the clear). */
export const SENSITIVE_HEADER = /auth|cookie|token|secret|key|session|password|credential/i;

/** The secrets known so far; tokens join as the flow obtains them. */
export class SecretSet {
  private readonly values = new Set<string>();
  /** Every form of every secret, longest first, so a form that holds another is replaced whole. */
  private ordered: string[] = [];
  /**
   * For each character, the cut heads of the forms that end with it — `[length, form]`, longest
   * first, at least {@link MIN_CUT_HEAD} and shorter than the form.
   */
  private endings = new Map<number, [number, string][]>();

  /**
   * Adds a secret with the forms it may be printed in: as a JSON string holds it, URL-encoded,
   * and base64 (standard and URL-safe), as a server may echo it back inside a header or a URL.
   * Empty values and values shorter than {@link MIN_SECRET_LENGTH} are ignored.
   */
  add(value: string | undefined): void {
    if (value === undefined || value.length < MIN_SECRET_LENGTH || this.values.has(value)) return;
    this.values.add(value);
    this.ordered = [...new Set([...this.values].flatMap(secretForms))].sort((a, b) => b.length - a.length);
    this.endings = new Map();
    for (const form of this.ordered) {
      for (let length = MIN_CUT_HEAD; length < form.length; length += 1) {
        const last = form.charCodeAt(length - 1);
        const heads = this.endings.get(last) ?? [];
        heads.push([length, form]);
        this.endings.set(last, heads);
      }
    }
    for (const heads of this.endings.values()) heads.sort((a, b) => b[0] - a[0]);
  }

  /** Adds a header's value when its name reads as a credential's. */
  addHeader(name: string, value: string): void {
    if (SENSITIVE_HEADER.test(name)) this.add(value);
  }

  /**
   * `text` with every known secret replaced by {@link REDACTED}, and with the head of a secret
   * that a display bound cut short (`…` right after it) replaced as well.
   */
  redact(text: string): string {
    let out = text;
    for (const secret of this.ordered) if (out.includes(secret)) out = out.replaceAll(secret, REDACTED);
    return this.ordered.length === 0 ? out : this.redactCutHeads(out);
  }

  /**
   * One pass over the marks, the output built from pieces: linear in the text, however many
   * marks or cut heads a server's output holds.
   */
  private redactCutHeads(text: string): string {
    const pieces: string[] = [];
    let copied = 0;
    for (let at = text.indexOf(CUT_MARK); at !== -1; at = text.indexOf(CUT_MARK, at + CUT_MARK.length)) {
      const head = this.cutHeadLength(text, at, copied);
      if (head === 0) continue;
      pieces.push(text.slice(copied, at - head), REDACTED);
      copied = at;
    }
    if (copied === 0) return text;
    pieces.push(text.slice(copied));
    return pieces.join('');
  }

  /**
   * The length of the longest head of a secret form that ends `text` at `end` (and starts at or
   * after `from`), or 0. Only the lengths whose last character is the one before `end` are
   * tried (`endings`), so a mark costs a few comparisons, not one per length of every form.
   */
  private cutHeadLength(text: string, end: number, from: number): number {
    const lengths = this.endings.get(text.charCodeAt(end - 1));
    if (lengths === undefined) return 0;
    for (const [length, form] of lengths) {
      if (end - length >= from && text.startsWith(form.slice(0, length), end - length)) return length;
    }
    return 0;
  }
}

/** The forms a secret may appear in: raw, JSON-escaped, URL-encoded, base64 and base64url. */
function secretForms(value: string): string[] {
  const base64 = Buffer.from(value, 'utf8').toString('base64');
  const forms = [
    value,
    JSON.stringify(value).slice(1, -1),
    encodeURIComponent(value),
    base64,
    base64.replace(/=+$/, ''),
    Buffer.from(value, 'utf8').toString('base64url'),
  ];
  return forms.filter((form) => form.length >= MIN_SECRET_LENGTH);
}

/** `io` with stdout and stderr redacted through `secrets`. */
export function redactingIo(io: CliIo, secrets: SecretSet): CliIo {
  // Read through, not copied: the caller's fields may be opened only on first read (`main`).
  return Object.create(io, {
    stdout: { value: redactingSink(io.stdout, secrets), enumerable: true },
    stderr: { value: redactingSink(io.stderr, secrets), enumerable: true },
  }) as CliIo;
}

/**
 * A copy of `value` with every string in it (plain objects and arrays, walked) redacted through
 * `secrets`: what the `--html` report is built from, so redaction matches the raw values before
 * the page escapes them. Other objects (dates, byte arrays) are kept as they are.
 */
export function redactDeep<T>(value: T, secrets: SecretSet): T {
  return redactValue(value, secrets, 0) as T;
}

/** Deeper than this, a value is replaced whole: results nest a few levels, not hundreds. */
const MAX_REDACT_DEPTH = 64;

function redactValue(value: unknown, secrets: SecretSet, depth: number): unknown {
  if (typeof value === 'string') return secrets.redact(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_REDACT_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[secrets.redact(key)] = redactValue(item, secrets, depth + 1);
  return out;
}

function redactingSink(sink: TextSink, secrets: SecretSet): TextSink {
  return { write: (text: string) => sink.write(secrets.redact(text)) };
}

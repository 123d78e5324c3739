/**
 * Secrets `call` holds (a bearer token, a client secret, the tokens the authorization flow
 * obtains, sensitive header values) and the rule that none of them is ever printed: every line
 * `call` writes goes through {@link redactingIo}, so a server that echoes a token back in an
 * error or a tool result can't make the command line show it.
 */
import type { CliIo, TextSink } from '../io.js';

/** What a secret is replaced with in output. */
export const REDACTED = '[redacted]';

/** Header names whose values are treated as secrets. */
const SENSITIVE_HEADER = /auth|cookie|token|secret|key|session|password|credential/i;

/** The secrets known so far; tokens join as the flow obtains them. */
export class SecretSet {
  private readonly values = new Set<string>();
  /** Longest first, so a secret that holds another is replaced whole. */
  private ordered: string[] = [];

  /** Adds a secret (empty values are ignored). */
  add(value: string | undefined): void {
    if (value === undefined || value === '' || this.values.has(value)) return;
    this.values.add(value);
    this.ordered = [...this.values].sort((a, b) => b.length - a.length);
  }

  /** Adds a header's value when its name reads as a credential's. */
  addHeader(name: string, value: string): void {
    if (SENSITIVE_HEADER.test(name)) this.add(value);
  }

  /** `text` with every known secret replaced by {@link REDACTED}. */
  redact(text: string): string {
    let out = text;
    for (const secret of this.ordered) if (out.includes(secret)) out = out.replaceAll(secret, REDACTED);
    return out;
  }
}

/** `io` with stdout and stderr redacted through `secrets`. */
export function redactingIo(io: CliIo, secrets: SecretSet): CliIo {
  return { ...io, stdout: redactingSink(io.stdout, secrets), stderr: redactingSink(io.stderr, secrets) };
}

function redactingSink(sink: TextSink, secrets: SecretSet): TextSink {
  return { write: (text: string) => sink.write(secrets.redact(text)) };
}

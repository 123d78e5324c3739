/**
 * The command line's bad-usage error, apart from the option parsers that throw it so that the
 * auth options, which `options.ts` reads, need not import that module back.
 */

/** Bad usage: its message is the one line the command prints. */
export class UsageError extends Error {
  readonly code = 'usage';
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

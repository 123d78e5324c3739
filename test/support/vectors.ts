/**
 * The RFC-005 vector file's shape and its expansion rules ($ORIGIN, `{ $repeat, count }`),
 * as `../shared/rfc005/NOTES.md` states them.
 */

/** One case of `bulk-reference-vectors.json`. */
export interface VectorCase {
  readonly id: string;
  readonly rfc: number;
  readonly operation: 'render' | 'fetch' | 'registry';
  readonly blocks: unknown[];
  readonly schemaValid: boolean[];
  readonly expect: Record<string, unknown>;
  readonly response?: Record<string, unknown>;
  readonly maxBytes?: number;
  readonly registrations?: number;
  readonly [key: string]: unknown;
}

/** The vector file. */
export interface VectorFile {
  readonly format: string;
  readonly fixtures: { readonly token: string };
  readonly cases: VectorCase[];
}

/** Replaces `$ORIGIN` in every string and expands `{ $repeat, count }` objects. */
export function expandVectorValue(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.replaceAll('$ORIGIN', origin);
  if (Array.isArray(value)) return value.map((item) => expandVectorValue(item, origin));
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.$repeat === 'string' && typeof record.count === 'number') return record.$repeat.repeat(record.count);
    return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, expandVectorValue(item, origin)]));
  }
  return value;
}

/**
 * The RFC-005 vector file (`mcpl-bulk-references-1`, read from the shared folder, never copied)
 * and its expansion: `$ORIGIN` becomes the loopback fixture's origin, `{ $repeat, count }`
 * becomes the string repeated.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The vector format this runner reads. */
const VECTOR_FORMAT = 'mcpl-bulk-references-1';

/** The project's root folder. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A case's `response`: what the loopback origin answers. */
export interface VectorResponse {
  /** The identity octets, base64 (decoded before any gzip). */
  readonly bodyBase64?: string;
  /** Send the body gzip-coded on the wire. */
  readonly gzip?: boolean;
  readonly contentType?: string;
  /** A slow stream: `chunks` chunks of `chunkBytes` bytes, one every `intervalMs`. */
  readonly stream?: { readonly chunks: number; readonly chunkBytes: number; readonly intervalMs: number };
  /** Redirect to a second loopback origin. */
  readonly redirect?: boolean;
}

/** One case, as the file has it. */
export interface VectorCase {
  readonly id: string;
  readonly rfc: number;
  readonly operation: 'render' | 'fetch' | 'registry';
  readonly blocks: readonly unknown[];
  readonly schemaValid: readonly boolean[];
  readonly expect: Readonly<Record<string, unknown>>;
  readonly response?: VectorResponse;
  readonly maxBytes?: number;
  readonly registrations?: number;
}

/** The vector file. */
export interface VectorFile {
  readonly format: string;
  readonly fixtures: { readonly token: string };
  readonly cases: readonly VectorCase[];
}

/** The vector file is missing: the runner's one-line error, exit 2. */
export class VectorsMissing extends Error {
  override readonly name = 'VectorsMissing';
  /** @param path where the file was looked for */
  constructor(readonly path: string) {
    super(`RFC-005 vectors not found at ${path} (set BLOCKWISE_SHARED to the shared folder)`);
  }
}

/** The shared folder: `$BLOCKWISE_SHARED`, else `../shared` beside the project. */
export function sharedDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(PROJECT_ROOT, env.BLOCKWISE_SHARED ?? '../shared');
}

/** Reads the vector file under `shared`; throws {@link VectorsMissing} when it isn't there. */
export function readVectors(shared: string = sharedDir()): VectorFile {
  const path = resolve(shared, 'rfc005', 'bulk-reference-vectors.json');
  if (!existsSync(path)) throw new VectorsMissing(path);
  const file = JSON.parse(readFileSync(path, 'utf8')) as VectorFile;
  if (file.format !== VECTOR_FORMAT || !Array.isArray(file.cases)) {
    throw new Error(`RFC-005 vectors at ${path} are not ${VECTOR_FORMAT}`);
  }
  return file;
}

/** `value` with `$ORIGIN` replaced in every string and every `{ $repeat, count }` expanded. */
export function expandValue(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.replaceAll('$ORIGIN', origin);
  if (Array.isArray(value)) return value.map((item) => expandValue(item, origin));
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 2 && typeof record.$repeat === 'string' && Number.isSafeInteger(record.count)) {
      return record.$repeat.repeat(record.count as number);
    }
    return Object.fromEntries(keys.map((key) => [key, expandValue(record[key], origin)]));
  }
  return value;
}

/** A case with its blocks, expectations and response expanded for `origin`. */
export function expandCase(vector: VectorCase, origin: string): VectorCase {
  return expandValue(vector, origin) as VectorCase;
}

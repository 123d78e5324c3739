/**
 * Reading a fetched body under the byte ceiling (RFC-005 §7): decoded bytes are counted as they
 * arrive, and the request is aborted the moment they pass the ceiling, so a slow stream or a
 * compression bomb costs at most the ceiling and one chunk.
 */
import { discard, isDecodingFailure, type RequestBounds } from './fetch-request.js';

/** Why reading a body stopped: the fetch's failures (`FetchFailure`) a body can meet. */
type BodyFailure = 'too-large' | 'timeout' | 'encoding' | 'network';

/** The body's decoded bytes, or why reading stopped. */
export type BodyResult = { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly code: BodyFailure };

/**
 * Reads `response`'s body (decoded by the fetch implementation) while it stays within
 * `maxBytes`; calls `abort` (which aborts the request) the moment it passes, or when the
 * deadline does. An identity body whose `Content-Length` is already over the ceiling is refused
 * before a byte is read. A coded body whose bytes don't decode fails with `encoding`; a read the
 * connection broke, with `network`.
 */
export async function readWithinCeiling(response: Response, maxBytes: number, bounds: RequestBounds, abort: () => void): Promise<BodyResult> {
  const encoded = response.headers.get('content-encoding');
  const identity = encoded === null || encoded.trim() === '' || encoded.trim().toLowerCase() === 'identity';
  const declared = response.headers.get('content-length');
  // Only an identity body's length is its decoded length; a coded one is counted as it decodes.
  if (identity && declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > maxBytes) {
    abort();
    discard(response);
    return { ok: false, code: 'too-large' };
  }
  if (response.body === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const step = await bounds.within(reader.read());
      if (step === 'timeout') {
        abort();
        reader.cancel().catch(() => undefined);
        return { ok: false, code: 'timeout' };
      }
      if (step.done) break;
      total += step.value.byteLength;
      if (total > maxBytes) {
        abort();
        reader.cancel().catch(() => undefined);
        return { ok: false, code: 'too-large' };
      }
      chunks.push(step.value);
    }
  } catch (error) {
    if (bounds.timedOut()) return { ok: false, code: 'timeout' };
    // A coded body whose bytes don't decode fails in the read: the server sent the content in
    // a coding it isn't in, which is the encoding's failure, not the connection's.
    return { ok: false, code: !identity && isDecodingFailure(error) ? 'encoding' : 'network' };
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

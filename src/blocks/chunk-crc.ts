/**
 * CRC-32 (ISO 3309, the CRC PNG's chunks carry: PNG §5.5) over a range of bytes, without a
 * view per call where the range is short. `zlib.crc32` (native, ~2 GB/s) reads a long range;
 * its call and the view it needs of the range cost ~0.25 µs, more than a table in JavaScript
 * takes (~3 ns a byte) over the short chunks every PNG has (IHDR's 17 bytes, IEND's 4).
 */
import { crc32 } from 'node:zlib';

/** From this many bytes the range goes to `zlib.crc32`; below it, to the table (measured crossover ~150 bytes). */
export const NATIVE_CRC_MIN_BYTES = 128;

/** The CRC of each byte value (the reflected polynomial 0xEDB88320), as signed 32-bit numbers. */
const TABLE = (() => {
  const table = new Int32Array(256);
  for (let value = 0; value < 256; value += 1) {
    let crc = value;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    table[value] = crc;
  }
  return table;
})();

/** The CRC-32 of `bytes` from `from` up to `to` (exclusive), as an unsigned 32-bit number. */
export function crc32Of(bytes: Uint8Array, from: number, to: number): number {
  if (to - from >= NATIVE_CRC_MIN_BYTES) return crc32(new Uint8Array(bytes.buffer, bytes.byteOffset + from, to - from));
  let crc = -1;
  for (let index = from; index < to; index += 1) crc = TABLE[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

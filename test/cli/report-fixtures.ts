/** A hostile tool result for the report's tests: markup, escapes, every kind of line with a reason. */
import { makePng } from '../support/images.js';

/** Text a hostile server sends: markup, an attribute break-out, an OSC title sequence, a CSI. */
const HOSTILE_TEXT = 'Hi <script>alert(1)</script> "><img src="http://198.51.100.7/pixel.png" onerror="alert(2)"> \u001b]0;pwned\u0007 \u009b31m';

/** The size of the native image in {@link hostileResult}. */
export const NATIVE_IMAGE = { width: 96, height: 48 } as const;

/**
 * A result with a hostile text, one native PNG, a BMP (a marker: no native type), a PNG whose
 * bytes aren't PNG (a marker), audio (a marker), a credential-bearing link (a stub), a link
 * line, and an image with both data and a uri (withheld).
 */
export function hostileResult(): Record<string, unknown> {
  const png = makePng(NATIVE_IMAGE.width, NATIVE_IMAGE.height, 7).toString('base64');
  return {
    content: [
      { type: 'text', text: HOSTILE_TEXT },
      { type: 'image', data: png, mimeType: 'image/png' },
      { type: 'image', data: Buffer.from('BM not really a bitmap').toString('base64'), mimeType: 'image/bmp' },
      { type: 'image', data: Buffer.from('GIF89a but declared png').toString('base64'), mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRgAAAABXQVZF', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'https://files.example/report.pdf?X-Amz-Signature=abc123', name: 'report"><script>alert(3)</script>' },
      { type: 'resource_link', uri: 'https://other.example/readme.txt', name: 'readme', mimeType: 'text/plain' },
      { type: 'image', data: png, mimeType: 'image/png', uri: 'https://cdn.example/img.png' },
    ],
  };
}

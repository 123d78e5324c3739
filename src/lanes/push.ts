/**
 * The push lane (docs/design.md §9): pushed events, channel messages and injections. The tool-result
 * lane's classifier — text as text, images natively where that lane would send them, every
 * other block its marker, a reference or link its stub or why-stub — and never a uri.
 */
import { toolResultBlocks } from '../blocks/classify.js';
import type { LiveBlock } from '../blocks/shown-block.js';
import type { ResultOrigin } from '../inputs.js';
import { readContentClaims } from '../references/read-claims.js';
import { logSafely, withheldLogLine } from '../text/log-lines.js';
import { UNCHECKED_RESULT_TEXT } from '../text/markers.js';
import { liveBlocks } from './copies.js';
import { capFor, classifyContext, type HostCore } from './host-core.js';

/**
 * Converts pushed blocks to live blocks a provider takes. Never throws. The total text is
 * bounded: the texts share the cap as a tool result's do (`shareTexts`: short ones whole, long
 * ones cut or left out and named), and the other blocks share a second cap (the classifier's
 * budgets: past them, the rest are counted in one notice) — so at most twice the cap, one block
 * past it, and the notices, whatever was pushed.
 */
export function convertBlocks(core: HostCore, blocks: readonly unknown[], origin?: ResultOrigin): LiveBlock[] {
  try {
    const cap = capFor(core, origin);
    const list = Array.isArray(blocks) ? blocks : [blocks];
    const ctx = classifyContext(core, 'push', readContentClaims(list, core.registry), origin);
    return liveBlocks(toolResultBlocks(list, ctx), cap);
  } catch (error) {
    logSafely(core, () => withheldLogLine('push', origin?.toolName, error));
    return [{ type: 'text', text: UNCHECKED_RESULT_TEXT }];
  }
}

/**
 * The one classifier (docs/design.md §5.2): every lane turns a block into a {@link ShownBlock} here, and
 * nowhere else. What each block kind means is its entry in the kinds table (`kinds/`), typed by
 * the generated MCP interfaces, so a block kind a new MCP revision adds is a compile error
 * there until it is handled.
 */
import { blocksNotShownNotice, notABlockMarker } from '../text/markers.js';
import type { ClassifyContext } from './classify-context.js';
import { classifyOffSchema, classifyRecord, contradicts, KINDS, textOfText } from './kinds/index.js';
import type { BlockHandlers } from './mcp.js';
import { shownMarker, type ShownBlock } from './shown-block.js';
import { isSpent, spend } from './shown-budget.js';

export type { BlockReading, ClassifyContext, Lane } from './classify-context.js';

/**
 * Classifies each block of a content array for both copies (docs/design.md §5.2), in order. Once the
 * render's budgets are spent (`ctx.shownLeft`), text blocks are still shown — they register
 * nothing, and the copies' fair share bounds them — and every other block after that point is
 * counted in one notice after the last block kept, never classified. A hole in a sparse array
 * is an element like any other (not a block).
 */
export function toolResultBlocks(blocks: readonly unknown[], ctx: ClassifyContext, shown: ShownBlock[] = []): ShownBlock[] {
  const count = blocks.length;
  let index = 0;
  for (; index < count && !isSpent(ctx.shownLeft); index += 1) {
    const block = classifyBlock(blocks[index], ctx);
    spend(ctx.shownLeft, block.kind, block.text.length);
    shown.push(block);
  }
  // Past the budget the rest is only looked at for text, never read: no reference in it is
  // registered.
  let notShown = 0;
  for (; index < count; index += 1) {
    const text = textOfTextBlock(blocks[index], ctx.keepChars);
    if (text === undefined) notShown += 1;
    else shown.push({ kind: 'text', text });
  }
  if (notShown > 0) shown.push(shownMarker(blocksNotShownNotice(notShown), 'blocks-not-shown'));
  return shown;
}

/**
 * A text block's text, made well formed (as far as `keepChars`, where given): a record whose `type` is `'text'` and whose `text` is a
 * string (which no claim can contradict), as the classifier shows it; undefined for anything
 * else. Reads `type` and `text` once each. Throws only where reading them throws.
 */
export function textOfTextBlock(block: unknown, keepChars?: number): string | undefined {
  return isRecord(block) ? textOfText(block, keepChars) : undefined;
}

/** Classifies one block. Throws only where reading the block throws (a getter, a proxy). */
export function classifyBlock(block: unknown, ctx: ClassifyContext): ShownBlock {
  if (!isRecord(block)) return shownMarker(notABlockMarker(), 'not-a-block');
  const type = block.type;
  if (typeof type !== 'string') return shownMarker(notABlockMarker(), 'not-a-block');
  return classifyRecord(block, type, ctx);
}

/**
 * Inline data beside a `disposition` or a non-empty `uri` (RFC-005 vector 2): the block
 * contradicts itself, so its data is withheld. Beside `uri: ""` it is plain inline data. An
 * embedded resource (its content nested under `resource`) beside a top-level `uri` or a
 * `disposition`, at the top or nested, contradicts itself alike. Each kind says which of its
 * blocks do (`kinds/`).
 */
export function isContradiction(block: Readonly<Record<string, unknown>>): boolean {
  return contradicts(block);
}

/**
 * The generated visitor's handler per block kind: the kinds table itself (each kind's rules are
 * its handler), and for a value no kind's guard passes, its off-schema reading or marker.
 */
export const BLOCK_HANDLERS: BlockHandlers<ShownBlock, ClassifyContext> = {
  ...KINDS,
  unknown: (block, ctx) => {
    if (!isRecord(block)) return shownMarker(notABlockMarker(), 'not-a-block');
    const type = block.type;
    return typeof type === 'string' ? classifyOffSchema(block, type, ctx) : shownMarker(notABlockMarker(), 'not-a-block');
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

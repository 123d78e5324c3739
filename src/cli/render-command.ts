/**
 * `blockwise render <file|->`: a `CallToolResult` (or a bare content array) read from a file or
 * standard input, rendered as a host would (docs/design.md §10), printed as text or one JSON object.
 */
import { readFileSync, statSync } from 'node:fs';
import { textOfTextBlock } from '../blocks/classify.js';
import { createHost, DEFAULT_CAP } from '../host.js';
import { fromCallToolResult } from '../inputs.js';
import { EXIT, type CliIo } from './io.js';
import { writeHtmlReport } from './html-report.js';
import { RENDER_TEXT, errorLine, errorMessage, inputName } from './messages.js';
import { describeJson, isPlainObject, parseRenderOptions, UsageError, type RenderOptions } from './options.js';
import { formatRendered, summarizeRendered } from './print.js';
import { rawResultJson } from './raw-json.js';
import { dataReading, standInFor } from './data-stand-in.js';
import { NoStandIn, readJsonFile, type BlockTexts, type DataRead, type DataReading } from './streamed-json.js';
import { SharedTexts, TextSurvey } from './text-shares.js';

/** The server id a rendered result is attributed to. */
const CLI_SERVER_ID = 'cli';

/** Runs `render`; returns the exit code. */
export async function runRender(argv: readonly string[], io: CliIo): Promise<number> {
  let options: RenderOptions;
  let raw: Record<string, unknown>;
  try {
    options = parseRenderOptions(argv);
    raw = await readResult(options, io);
  } catch (error) {
    io.stderr.write(errorLine('render', errorMessage(error)));
    return EXIT.usage;
  }
  const startedAt = new Date();
  const started = performance.now();
  const host = createHost({ log: (line) => io.stderr.write(`${line}\n`), ...(options.provider === undefined ? {} : { provider: options.provider }) });
  // With --server-url its same-origin links become fetchable stubs; without, it is a stdio server.
  host.setServerAddress(CLI_SERVER_ID, options.serverUrl ?? null);
  const rendered = host.renderToolResult(fromCallToolResult(raw), {
    serverId: CLI_SERVER_ID,
    toolName: 'render',
    ...(options.cap === undefined ? {} : { cap: options.cap }),
  });
  const ms = performance.now() - started;
  io.stdout.write(options.json ? `${JSON.stringify(summarizeRendered(rendered, raw))}\n` : formatRendered(rendered, raw));
  if (options.raw && !options.json) io.stdout.write(`raw result:\n${rawResultJson(raw)}\n`);
  if (options.html !== undefined) {
    const entry = { kind: 'rendered', tool: 'render', rendered, raw, ms } as const;
    const source = `${inputName(options.input)}, rendered for ${rendered.provider}${options.serverUrl === undefined ? '' : ` as from ${options.serverUrl}`}`;
    const failed = await writeHtmlReport(options.html, { title: 'blockwise render', source, entries: [entry], startedAt, totalMs: ms });
    if (failed !== undefined) {
      io.stderr.write(errorLine('render', RENDER_TEXT.cantWriteHtml(options.html, failed)));
      return EXIT.failed;
    }
  }
  return EXIT.ok;
}

/**
 * The input as a result. A file is read piece by piece (`streamed-json.ts`), so its text and its
 * value are never both held; where only the copies and the summary are printed (no `--raw`, no
 * `--html`, which show the result whole), it is read only as far as the copies show it
 * (`shownResult`): a `structuredContent` shown as data as its stand-in (`data-stand-in.ts`), and
 * the texts of a result of text blocks only as far as their shares of the cap
 * (`text-shares.ts`). Any other input, and any file the streaming reader doesn't read, is read as
 * before, so the output and the errors are the same either way. A path that isn't a regular file
 * (a pipe) is read whole, once.
 */
async function readResult(options: RenderOptions, io: CliIo): Promise<Record<string, unknown>> {
  const { input } = options;
  // Only a regular file: a pipe (`/dev/stdin`, a FIFO, `<(…)`) can be read once, and the
  // streaming reader may read twice or hand over to the whole read.
  const size = input === '-' ? undefined : regularFileSize(input);
  if (size !== undefined) {
    if (size >= LARGE_FILE_BYTES) await keepYoungGenerationSmall();
    const streamed = options.raw || options.html !== undefined ? streamedResult(input) : shownResult(input, options.cap ?? DEFAULT_CAP);
    if (streamed !== undefined) return streamed;
  }
  return asCallToolResult(await readInput(input, io), input);
}

/** The size of the regular file `path` names; undefined for anything else, or anything it can't tell (left to the whole read, and its error). */
function regularFileSize(path: string): number | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
}

/** A file this large leaves garbage enough to grow V8's young generation (see {@link keepYoungGenerationSmall}). */
const LARGE_FILE_BYTES = 8 << 20;

/**
 * Keeps V8's young generation at the size it has (about a megabyte) rather than doubling up to
 * sixteen: reading a large file leaves garbage at the rate it reads, and a young generation
 * holds up to three times its size of it, which was a third of the peak of a 60 MB file's render.
 * Set only for a large file, and loaded only then: the engine's module costs start-up time.
 * (The size limit is fixed once the heap is set up; the growth is read whenever it grows.)
 */
async function keepYoungGenerationSmall(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--semi-space-growth-factor=1');
}

/** The file's result read piece by piece, or undefined where the streaming reader can't answer as the whole read would. */
function streamedResult(input: string, texts?: BlockTexts): Record<string, unknown> | undefined {
  return streamedRead(input, texts)?.raw;
}

/**
 * The file read piece by piece: its result, and its `structuredContent` as a data reading read it
 * (where one was asked for); undefined where the streaming reader can't answer as the whole read
 * would. Throws {@link NoStandIn} where the data reading can't stand in for the value.
 */
function streamedRead(input: string, texts?: BlockTexts, data?: DataReading): { raw: Record<string, unknown>; data: DataRead | undefined } | undefined {
  try {
    const read = readJsonFile(input, texts, undefined, data);
    // Not a result: the whole read says so, in its words.
    if (!Array.isArray(read.value) && !isPlainObject(read.value)) return undefined;
    return { raw: asCallToolResult(read.value, input), data: read.data };
  } catch (error) {
    if (error instanceof NoStandIn) throw error;
    return undefined;
  }
}

/**
 * The file's result read only as far as the copies at `cap` show it: a `structuredContent` shown
 * as data (no content beside it) as its stand-in (`data-stand-in.ts`), and the texts of a result
 * of texts only as far as their shares (`shownTexts`). Anything else is read whole. The file is
 * read at most twice: the first reading gives up (`NoStandIn`) as soon as what it met says the
 * result is to be read whole (data the stand-in can't stand for, a text cut beside anything
 * but texts), and every way on from it is one more reading.
 */
function shownResult(input: string, cap: number): Record<string, unknown> | undefined {
  const survey = new TextSurvey(cap);
  const reading: DataReading = { ...dataReading(cap), begin: () => survey.withData() };
  let read: ReturnType<typeof streamedRead>;
  try {
    read = streamedRead(input, survey, reading);
  } catch (error) {
    if (error instanceof NoStandIn) return streamedResult(input);
    throw error;
  }
  if (read === undefined) return undefined;
  const { raw, data } = read;
  if (data === undefined) return shownTexts(input, survey, raw);
  // The stand-in is only for a value the render shows as data (a cut text gave up already).
  if (fromCallToolResult(raw).data !== data.value) return streamedResult(input);
  return standInFor(data, reading, cap) === undefined ? streamedResult(input) : raw;
}

/**
 * The file's result with each text kept only as far as the copies show it, where it is
 * a result of texts only; read whole where it isn't. Texts were kept to the cap on the first
 * reading (`first`, surveyed by `survey`) while they stayed few; where that kept less than some
 * text's share needs, a second reading keeps each to its share.
 */
function shownTexts(input: string, survey: TextSurvey, first: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!survey.cut) return first;
  // The starts won't do: read again, whole texts and all.
  if (!isOnlyTexts(first, survey.count)) return streamedResult(input);
  const keep = survey.keepNeeded();
  if (keep === undefined) return first;
  const shared = new SharedTexts(survey, keep);
  const second = streamedResult(input, shared);
  // A third reading only for a file that changed between the two.
  return second !== undefined && shared.matched && isOnlyTexts(second, survey.count) ? second : streamedResult(input);
}

/**
 * True where a result's texts are rendered from their starts alone: a complete result with no
 * `structuredContent` whose content is the `count` text blocks the reader kept (a string `text`
 * each: no block the render's budgets could stop classifying, none read past its text, none
 * taking any of the cap from the texts).
 */
function isOnlyTexts(raw: Record<string, unknown>, count: number): boolean {
  if (raw.structuredContent !== undefined || (raw.resultType !== undefined && raw.resultType !== 'complete')) return false;
  const content = raw.content;
  if (!Array.isArray(content) || content.length !== count) return false;
  // Kept to none of its text (0): only whether it is a text block is asked.
  for (const block of content as unknown[]) if (textOfTextBlock(block, 0) === undefined) return false;
  return true;
}

/**
 * The input's JSON, parsed. A file is read by `readFileSync(path, 'utf8')`, which decodes in node's
 * own code and frees the bytes before it returns: a Buffer handed to JavaScript stays alive until
 * the collector runs, which it need not do before the parse, so the bytes, the text and the
 * parsed result were all held at once (issue 15: the peak of a 50 MB render was 4–5× the file).
 */
async function readInput(input: string, io: CliIo): Promise<unknown> {
  let text: string;
  try {
    text = input === '-' ? (await readAll(io.stdin ?? process.stdin)).toString('utf8') : readFileSync(input, 'utf8');
  } catch (error) {
    throw new UsageError(RENDER_TEXT.cantRead(input, readFailure(error)));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(RENDER_TEXT.notJson(input, errorMessage(error)));
  }
}

/** A `CallToolResult`, or a bare content array taken as `{ content: [...] }`. */
function asCallToolResult(value: unknown, input: string): Record<string, unknown> {
  if (Array.isArray(value)) return { content: value };
  if (isPlainObject(value)) return value;
  throw new UsageError(RENDER_TEXT.notAResult(input, describeJson(value)));
}

async function readAll(stream: AsyncIterable<string | Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

function readFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return errorMessage(error);
}

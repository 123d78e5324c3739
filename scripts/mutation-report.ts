/**
 * Reads a Stryker JSON report (mutation-testing-report-schema) and prints the score per module.
 *
 *   tsx scripts/mutation-report.ts <report.json> [--gate]
 *
 * A module's score is killed (or timed out) over the mutants that ran: survived and no-coverage
 * count against it; ignored mutants (static ones, where the run skips them) are listed apart.
 * With --gate, exits 1 unless every mutant was killed (or timed out): a survived, no-coverage,
 * ignored or pending mutant fails the gate, as does an empty report.
 */
import { readFileSync } from 'node:fs';

interface Mutant {
  readonly status: string;
  readonly mutatorName: string;
  readonly location: { readonly start: { readonly line: number } };
  readonly replacement?: string;
}
interface Report {
  readonly files: Record<string, { readonly mutants: readonly Mutant[] }>;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const INVALID = new Set(['CompileError', 'RuntimeError']);

const [path, flag] = process.argv.slice(2);
if (path === undefined) {
  process.stderr.write('usage: tsx scripts/mutation-report.ts <report.json> [--gate]\n');
  process.exit(2);
}
let report: Report;
try {
  report = JSON.parse(readFileSync(path, 'utf8')) as Report;
} catch (error) {
  process.stderr.write(`mutation-report: ${path}: ${(error as Error).message.split('\n')[0]}\n`);
  process.exit(2);
}

let total = 0;
let undetectedTotal = 0;
let ignoredTotal = 0;
const failures: string[] = [];
for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const valid = mutants.filter((m) => !INVALID.has(m.status));
  const ran = valid.filter((m) => m.status !== 'Ignored');
  const ignored = valid.length - ran.length;
  const detected = ran.filter((m) => DETECTED.has(m.status)).length;
  const counts = new Map<string, number>();
  for (const m of valid) counts.set(m.status, (counts.get(m.status) ?? 0) + 1);
  const score = ran.length === 0 ? 100 : (100 * detected) / ran.length;
  const detail = [...counts].map(([status, n]) => `${status} ${n}`).join(', ');
  process.stdout.write(`${score.toFixed(2).padStart(6)} %  ${file}  (${ran.length} mutants ran: ${detail})\n`);
  total += ran.length;
  undetectedTotal += ran.length - detected;
  ignoredTotal += ignored;
  for (const m of valid) {
    if (!DETECTED.has(m.status)) failures.push(`${file}:${m.location.start.line} ${m.status} ${m.mutatorName}${m.replacement ? ` → ${m.replacement}` : ''}`);
  }
}
const overall = total === 0 ? 0 : (100 * (total - undetectedTotal)) / total;
process.stdout.write(`${overall.toFixed(2).padStart(6)} %  all (${total} mutants ran, ${undetectedTotal} not killed; ${ignoredTotal} ignored)\n`);
if (flag === '--gate') {
  if (total === 0) {
    process.stdout.write('mutation gate: the report holds no mutants\n');
    process.exit(1);
  }
  if (failures.length > 0) {
    process.stdout.write(`mutation gate: ${failures.length} mutant(s) not killed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(`mutation gate: all ${total} mutants killed\n`);
}

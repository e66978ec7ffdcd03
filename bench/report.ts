/**
 * A bench's figures against their targets, with the date, the machine (`nproc` and CPU model) and the
 * load average before it ran. Printed always; with `--write` (or BENCH_WRITE=1, which
 * `npm run bench -- --write` sets for every bench) the bench's block in docs/performance.md's
 * "Latest run of each bench" section is replaced by this run: only the text between the bench's own
 * markers (`<!-- bench:<id>:begin -->` … `<!-- bench:<id>:end -->`) changes, so the rest of the file
 * is never touched. No best-of: the block is whatever the last run measured.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const DOC = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
const SECTION_END = '<!-- bench:latest:end -->';

const loadNow = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const machine = () => `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`;

const writeRequested = () => process.argv.includes('--write') || process.env.BENCH_WRITE === '1';

type Row = { figure: string; target: string; measured: string; met?: boolean };

export class BenchReport {
  private readonly rows: Row[] = [];
  private readonly notes: string[] = [];
  private readonly extra: string[] = [];
  private readonly startedAt = new Date();
  private readonly loadBefore = loadNow();

  /** `id` names the block in docs/performance.md; `title` heads it (what was run, how). */
  constructor(
    readonly id: string,
    readonly title: string,
  ) {
    console.log(`${title}\n  ${this.when()}`);
  }

  private when() {
    return `${this.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}, load average before ${this.loadBefore} (1, 5, 15 min)`;
  }

  /** One figure; `met` undefined when the figure has no target. Printed as it is added. */
  row(figure: string, target: string, measured: string, met?: boolean) {
    this.rows.push({ figure, target, measured, met });
    const verdict = met === undefined ? '' : met ? '  met' : '  NOT MET';
    console.log(`  ${figure}: ${measured}${target ? `   (target ${target})${verdict}` : ''}`);
  }

  note(text: string) {
    this.notes.push(text);
    console.log(`  ${text}`);
  }

  /** Markdown added after the figures (e.g. a bench's full table); not printed again. */
  appendMarkdown(md: string) {
    this.extra.push(md);
  }

  markdown() {
    const cell = (s: string) => s.replace(/\|/g, '\\|');
    const lines = [
      `### ${this.title}`,
      '',
      `${this.when()}; after: ${loadNow()}.`,
      '',
      '| figure | target | latest run | |',
      '| --- | --- | --- | --- |',
      ...this.rows.map(
        (r) =>
          `| ${cell(r.figure)} | ${cell(r.target || '—')} | ${cell(r.measured)} | ${r.met === undefined ? '' : r.met ? 'met' : '**not met**'} |`,
      ),
    ];
    if (this.notes.length) lines.push('', ...this.notes.map((n) => `- ${n}`));
    for (const md of this.extra) lines.push('', md);
    return lines.join('\n');
  }

  /** Prints the load after; writes the block when asked (see the file's comment). */
  finish() {
    console.log(`  load average after: ${loadNow()} (a shared machine: figures vary with its load)`);
    if (!writeRequested()) return;
    writeBlock(this.id, this.markdown());
    console.log(`  written to docs/performance.md (block bench:${this.id})`);
  }
}

/** Replaces (or adds, at the end of the latest-run section) the block of `id` in docs/performance.md. */
function writeBlock(id: string, markdown: string, doc = DOC) {
  const text = readFileSync(doc, 'utf8');
  const begin = `<!-- bench:${id}:begin -->`;
  const end = `<!-- bench:${id}:end -->`;
  const block = `${begin}\n${markdown}\n${end}`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  let next: string;
  if (from >= 0 && to > from) next = text.slice(0, from) + block + text.slice(to + end.length);
  else if (text.includes(SECTION_END)) next = text.replace(SECTION_END, `${block}\n\n${SECTION_END}`);
  else throw new Error(`docs/performance.md has no ${SECTION_END} marker to add the block of ${id} before`);
  writeFileSync(doc, next);
}

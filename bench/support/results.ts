import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = join(__dirname, '..', '..', '..', 'bench', 'RESULTS.md');

/** Prints a result table and puts it, dated, in bench/RESULTS.md in place of the same section's last run. */
export function recordResults(title: string, rows: [string, string][], machine: string): void {
  const table = ['| measure | result |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join(
    '\n',
  );
  console.log(`\n${title}\n${rows.map(([name, value]) => `  ${name}: ${value}`).join('\n')}\n`);
  const section = `## ${title}\n\n${new Date().toISOString().slice(0, 10)} · ${machine} · Node ${process.version}\n\n${table}\n`;
  const current = existsSync(FILE)
    ? readFileSync(FILE, 'utf8')
    : '# Benchmark results\n\nWritten by the benchmarks in bench/; each section is the latest run.\n';
  const sections = current.split(/(?=^## )/m);
  // The title whole: "only http,journey" must not replace "only http,journey,checkout".
  const kept = sections.filter((s) => !s.startsWith(`## ${title}\n`));
  writeFileSync(FILE, `${[...kept.map((s) => s.trimEnd()), section.trimEnd()].join('\n\n')}\n`);
}

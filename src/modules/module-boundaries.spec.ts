import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The rules that keep modules apart, read from the code itself: every table has one owning
 * module (the one whose entity maps it), only that module's code names the table in SQL, and
 * no two module folders import each other, however indirectly.
 */
const MODULES_DIR = __dirname;
const MIGRATIONS_DIR = resolve(__dirname, '../database/migrations');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });

const moduleOf = (file: string): string => relative(MODULES_DIR, file).split(sep)[0];
const files = sourceFiles(MODULES_DIR).filter((file) => dirname(file) !== MODULES_DIR);
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

/** table → the module whose entity maps it */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [file, source] of text) {
    for (const [, table] of source.matchAll(/@Entity\(\s*'([a-z_]+)'/g)) owners.set(table, moduleOf(file));
  }
  return owners;
}

function migratedTables(): string[] {
  const tables = readdirSync(MIGRATIONS_DIR).flatMap((name) =>
    [...readFileSync(join(MIGRATIONS_DIR, name), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_]+)/g)].map(
      ([, table]) => table,
    ),
  );
  return [...new Set(tables)].sort();
}

/** The module folders each module's files import from (through relative imports). */
function moduleImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, source] of text) {
    const from = moduleOf(file);
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(MODULES_DIR + sep)) continue;
      const to = moduleOf(target);
      if (to !== from) targets.add(to);
    }
  }
  return graph;
}

function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const visit = (node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = path.slice(at);
        const start = cycle.indexOf([...cycle].sort()[0]);
        found.add([...cycle.slice(start), ...cycle.slice(0, start), cycle[start]].join(' → '));
      } else {
        visit(next, [...path, next]);
      }
    }
  };
  for (const node of graph.keys()) visit(node, [node]);
  return [...found].sort();
}

describe('module boundaries', () => {
  const owners = tableOwners();

  it('maps every table the migrations create to an entity of one module', () => {
    expect(migratedTables().filter((table) => !owners.has(table))).toEqual([]);
  });

  it("lets no module name another module's table in its SQL", () => {
    const trespasses: string[] = [];
    for (const [file, source] of text) {
      for (const [table, owner] of owners) {
        if (owner === moduleOf(file)) continue;
        // SQL keywords are written in capitals here, which tells a query from prose.
        const sql = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+"?${table}\\b`);
        if (sql.test(source)) trespasses.push(`${relative(MODULES_DIR, file)} names ${table} (${owner})`);
      }
    }
    expect(trespasses).toEqual([]);
  });

  it('has no cycle between module folders', () => {
    expect(cycles(moduleImports())).toEqual([]);
  });

  it("matches docs/code-map.md's table of who imports whom", () => {
    const page = readFileSync(resolve(__dirname, '../../docs/code-map.md'), 'utf8');
    // The rows under the header of the table that follows "Who imports whom".
    const rows = page.indexOf('|---|---|', page.indexOf('| module | imports |'));
    const table = page.slice(rows, page.indexOf('The worker imports each module', rows));
    const documented = new Map<string, string[]>();
    for (const [, modules, imports] of table.matchAll(/^\s*\| ([a-z, -]+) \| ([^|]+) \|$/gm)) {
      // Notes in brackets, "auth (its guard)", say why; the names are what is checked.
      const targets = imports.trim() === '—' ? [] : imports.split(',').map((name) => name.replace(/\(.*\)/, '').trim());
      for (const module of modules.split(',')) documented.set(module.trim(), targets.sort());
    }
    const actual = new Map([...moduleImports()].map(([module, targets]) => [module, [...targets].sort()]));
    expect(Object.fromEntries([...documented].sort())).toEqual(Object.fromEntries([...actual].sort()));
  });

  it('finds a cycle when there is one, and sees imports between modules', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual(['a → b → c → a']);
    expect(moduleImports().get('checkout')).toContain('orders');
  });
});

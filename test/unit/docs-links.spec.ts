import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** README.md, CONTRIBUTING.md and every page under docs/. */
function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name));
  return [join(ROOT, 'README.md'), join(ROOT, 'CONTRIBUTING.md'), ...docs];
}

/** Markdown text outside code blocks and code spans, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const headings = prose(readFileSync(file, 'utf8')).match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((line) => anchorOf(line.replace(/^#+ /, ''))));
}

function relativeLinks(file: string): string[] {
  const links = [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
  return links.filter((target) => !/^[a-z]+:/i.test(target));
}

describe('documentation links', () => {
  it.each(documents().map((file) => [relative(ROOT, file), file]))('every relative link in %s resolves', (_, file) => {
    const broken = relativeLinks(file).filter((link) => {
      const [path, anchor] = link.split('#');
      const target = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
      if (!existsSync(target)) return true;
      if (!anchor) return false;
      return !statSync(target).isFile() || !target.endsWith('.md') || !anchorsIn(target).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});

import { StringDecoder } from 'node:string_decoder';

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value as PostgreSQL's COPY text format reads it back unchanged: backslashes, tabs and line breaks escaped. */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : value;
}

const COPY_UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' };

/** A field of COPY's text format as it was stored: escapes undone, `\N` null. */
export function fromCopyText(field: string): string | null {
  if (field === '\\N') return null;
  return field.includes('\\') ? field.replace(/\\(.)/g, (_, c: string) => COPY_UNESCAPES[c] ?? c) : field;
}

/**
 * The rows of a `COPY … TO STDOUT` in text format, each its fields (null for NULL), as they stream:
 * the rows of each chunk together, so a million rows cost a few thousand awaits, not a million. A
 * row's tabs and line breaks are escaped, so each line is one row and each tab ends a field.
 */
export async function* copyRowBatches(
  stream: AsyncIterable<Buffer> | Iterable<Buffer>,
): AsyncGenerator<(string | null)[][]> {
  const text = new StringDecoder('utf8'); // a character may be cut between chunks
  let rest = '';
  for await (const chunk of stream) {
    const lines = (rest + text.write(chunk)).split('\n');
    rest = lines.pop()!;
    if (lines.length) yield lines.map((line) => line.split('\t').map(fromCopyText));
  }
  if (rest) yield [rest.split('\t').map(fromCopyText)];
}

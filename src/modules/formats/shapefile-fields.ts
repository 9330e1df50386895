import type { FileKind } from '../../contracts/dataset-formats';
import { outputFields, OutputField } from './normalized-csv';

/** dBase (a Shapefile's .dbf) allows field names of at most 10 characters. */
export const DBF_NAME_LENGTH = 10;

/**
 * The Shapefile name of each field: the same for every county and release, so a script written for
 * one file reads every other. The rule, applied to the fields in schema order:
 * 1. a name of at most 10 characters stays as it is;
 * 2. otherwise its words (split at `_`) are shortened, the longest first (the last of equals), one
 *    letter at a time, keeping each word's first letter, until the name fits; if the words are all
 *    one letter and it still does not, the underscores go, then the end is cut at 10;
 * 3. a name taken already (letter case ignored, as dBase ignores it) keeps its first 8 characters
 *    and ends in the smallest two-digit number, from 01, that makes it unique.
 * The mapping ships inside every Shapefile zip as fields.csv.
 */
export function shapefileNames(fields: OutputField[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const field of fields) {
    let name = shorten(field.name);
    if (taken.has(name.toLowerCase())) {
      const stem = name.slice(0, DBF_NAME_LENGTH - 2);
      let n = 1;
      while (taken.has(`${stem}${String(n).padStart(2, '0')}`.toLowerCase())) n++;
      name = `${stem}${String(n).padStart(2, '0')}`;
    }
    taken.add(name.toLowerCase());
    names.set(field.name, name);
  }
  return names;
}

function shorten(name: string): string {
  if (name.length <= DBF_NAME_LENGTH) return name;
  const words = name.split('_');
  const length = () => words.join('_').length;
  while (length() > DBF_NAME_LENGTH) {
    let longest = -1;
    for (let i = 0; i < words.length; i++) {
      if (words[i].length > 1 && (longest === -1 || words[i].length >= words[longest].length)) longest = i;
    }
    if (longest === -1) break;
    words[longest] = words[longest].slice(0, -1);
  }
  const joined = words.join('_');
  return joined.length <= DBF_NAME_LENGTH ? joined : words.join('').slice(0, DBF_NAME_LENGTH);
}

/** fields.csv of a Shapefile zip: each field's full name, its name in the .dbf, and its type. */
export function shapefileFieldsCsv(kind: FileKind): string {
  const fields = outputFields(kind);
  const names = shapefileNames(fields);
  const lines = fields.map((field) => `${field.name},${names.get(field.name)!},${field.type}`);
  return `field,shapefile_field,type\n${lines.join('\n')}\n`;
}

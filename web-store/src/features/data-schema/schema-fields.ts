import type { FieldType } from './api/data-schema';

interface Field {
  name: string;
  category: string;
  description: string;
}

export interface FieldGroup<T extends Field> {
  category: string;
  /** The id of the category's section, for the page's links to it. */
  id: string;
  fields: T[];
}

/** What each type holds, in the terms of the API's field types (a new type fails to compile here until explained). */
export const TYPE_MEANINGS: Record<FieldType, string> = {
  text: 'Text',
  integer: 'Whole number',
  decimal: 'Number that may have decimals',
  money: 'Amount in US dollars',
  date: 'Date as YYYY-MM-DD',
  boolean: 'true or false',
  geometry: 'Shape as WKT in WGS 84; the file’s own geometry in GIS formats',
};

const wordsOf = (query: string) => query.trim().toLowerCase().split(/\s+/).filter(Boolean);

/** Whether the filter box holds anything to filter by (spaces alone do not). */
export function isFiltering(query: string): boolean {
  return wordsOf(query).length > 0;
}

/**
 * The fields whose name or description holds every word of the query, case aside, anywhere in them:
 * "owner name" finds owner_name as well as "Name of the first owner".
 */
export function filterFields<T extends Field>(fields: readonly T[], query: string): T[] {
  const words = wordsOf(query);
  if (words.length === 0) return [...fields];
  return fields.filter((field) => {
    const text = `${field.name} ${field.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The section id of a category: "Owner mailing address" → category-owner-mailing-address. */
export function categoryId(category: string): string {
  const slug = category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `category-${slug}`;
}

/** The fields by category, categories in the order their first field comes (the file's column order). */
export function groupByCategory<T extends Field>(fields: readonly T[]): FieldGroup<T>[] {
  const groups = new Map<string, FieldGroup<T>>();
  for (const field of fields) {
    let group = groups.get(field.category);
    if (!group) {
      group = { category: field.category, id: categoryId(field.category), fields: [] };
      groups.set(field.category, group);
    }
    group.fields.push(field);
  }
  return [...groups.values()];
}

/** The count line the filter announces: every field while nothing is typed, else how many match. */
export function fieldCountLabel(query: string, matching: number, total: number): string {
  if (!isFiltering(query)) return `${total.toLocaleString('en-US')} ${total === 1 ? 'field' : 'fields'}`;
  if (matching === 0) return 'No fields match';
  return matching === 1 ? '1 field matches' : `${matching.toLocaleString('en-US')} fields match`;
}

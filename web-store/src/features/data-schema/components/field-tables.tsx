import { useDeferredValue, useMemo, useState } from 'react';
import { countOf, formatDate } from '@web-shared/format';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import type { FieldType, SchemaField } from '../api/data-schema';
import { type FieldGroup, fieldCountLabel, filterFields, groupByCategory, TYPE_MEANINGS } from '../schema-fields';

/** Every field of the current version by category, one table each, narrowed by the filter box. */
export function FieldTables({ fields }: { fields: SchemaField[] }) {
  const [query, setQuery] = useState('');
  // Typing stays quick: the 272 rows follow the box a moment later when rendering lags.
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => filterFields(fields, deferredQuery), [fields, deferredQuery]);
  const groups = useMemo(() => groupByCategory(matches), [matches]);
  const categories = useMemo(() => new Set(fields.map((field) => field.category)).size, [fields]);

  return (
    <section className="schema-fields" aria-labelledby="schema-fields-title">
      <div className="schema-fields__head">
        <h2 id="schema-fields-title">Fields</h2>
        <p className="muted">
          {fields.length} fields in {categories} categories, in the files’ column order. Field availability varies by
          county.
        </p>
      </div>
      <TypeMeanings />
      <div className="schema-filter" role="search">
        <Label htmlFor="schema-filter-input">Filter fields</Label>
        <Input
          id="schema-filter-input"
          type="search"
          placeholder="e.g. owner, sale_price, boundary"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="schema-field-count"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p id="schema-field-count" className="schema-filter__count" role="status">
          {fieldCountLabel(deferredQuery, matches.length, fields.length)}
        </p>
      </div>
      {groups.length > 0 ? (
        <>
          <nav className="schema-categories" aria-label="Categories">
            <ul>
              {groups.map((group) => (
                <li key={group.id}>
                  <a href={`#${group.id}`}>
                    {group.category} <span className="schema-categories__count">{group.fields.length}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map((group) => (
            <CategoryTable key={group.id} group={group} />
          ))}
        </>
      ) : (
        <div className="card schema-empty">
          <p>No field’s name or description has “{deferredQuery.trim()}”.</p>
          <Button variant="outline" onClick={() => setQuery('')}>
            Clear filter
          </Button>
        </div>
      )}
    </section>
  );
}

function TypeMeanings() {
  return (
    <div className="schema-types">
      <h3 className="schema-types__title">What the types mean</h3>
      <dl className="schema-types__list">
        {(Object.entries(TYPE_MEANINGS) as [FieldType, string][]).map(([type, meaning]) => (
          <div key={type} className="schema-types__item">
            <dt>{type}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function CategoryTable({ group }: { group: FieldGroup<SchemaField> }) {
  const titleId = `${group.id}-title`;
  return (
    <div className="card schema-category" id={group.id}>
      <div className="schema-category__head">
        <h3 id={titleId}>{group.category}</h3>
        <span className="muted">{countOf(group.fields.length, 'field', 'fields')}</span>
      </div>
      {/* A phone scrolls the table inside this box, never the page; the keyboard can scroll it too. */}
      <div className="schema-table-scroll" role="group" aria-labelledby={titleId} tabIndex={0}>
        <table className="schema-table" aria-labelledby={titleId}>
          <colgroup>
            <col className="schema-table__field" />
            <col className="schema-table__type" />
            <col className="schema-table__since" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Since</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {group.fields.map((field) => (
              <FieldRow key={field.name} field={field} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function FieldRow({ field }: { field: SchemaField }) {
  const { deprecated } = field;
  return (
    <tr className={deprecated ? 'schema-row--deprecated' : undefined}>
      <th scope="row">
        <code className="schema-field-name">{field.name}</code>
        {deprecated && (
          <span className="schema-leaving">
            Deprecated: leaves on or after <time dateTime={deprecated.leavesOn}>{formatDate(deprecated.leavesOn)}</time>
          </span>
        )}
      </th>
      <td>{field.type}</td>
      <td>{field.since}</td>
      <td>
        {field.description}
        {deprecated && (
          <span className="schema-deprecation">
            Announced in {deprecated.version} ({formatDate(deprecated.announced)}). {deprecated.note}
          </span>
        )}
      </td>
    </tr>
  );
}

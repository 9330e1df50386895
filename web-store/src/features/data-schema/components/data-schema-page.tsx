import { formatDate } from '@web-shared/format';
import { DocumentPage } from '@/components/document-page';
import { Button, ButtonAnchor } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { DataSchema, useDataSchema } from '../api/data-schema';
import './data-schema-page.css';
import { FieldTables } from './field-tables';
import { SchemaChangelog } from './schema-changelog';

/** /schema: the fields of every county file and the promise on how they change, for whoever loads or reads them. */
export default function DataSchemaPage() {
  const schema = useDataSchema();
  return (
    <DocumentPage title="Data schema">
      <div className="schema-intro">
        <h1 className="schema-title">Data schema</h1>
        {schema.data ? (
          <VersionLine schema={schema.data} />
        ) : schema.isPending ? (
          <Skeleton className="schema-version-skeleton" />
        ) : null}
        <p className="schema-lead">
          The names, types and meanings of the fields in every county file, whatever its format, and how they may
          change.
        </p>
        <div className="schema-links">
          <ButtonAnchor href="/data-schema.pdf" download variant="outline" size="sm">
            Download the schema (PDF)
          </ButtonAnchor>
          <ButtonAnchor href="/api/schema" variant="outline" size="sm">
            Schema as JSON
          </ButtonAnchor>
        </div>
      </div>
      <div className="schema-overview">
        <SchemaPromise />
        {schema.data ? (
          <SchemaChangelog versions={schema.data.versions} current={schema.data.version} />
        ) : schema.isPending ? (
          <ChangelogSkeleton />
        ) : (
          <section className="card schema-card schema-error" role="alert">
            <h2 className="schema-card__title">The schema could not be loaded</h2>
            <p>Please check your connection and try again. The PDF above lists every field too.</p>
            <Button variant="outline" onClick={() => void schema.refetch()} disabled={schema.isFetching}>
              {schema.isFetching ? 'Retrying...' : 'Try again'}
            </Button>
          </section>
        )}
      </div>
      {schema.data ? <FieldTables fields={schema.data.fields} /> : schema.isPending ? <FieldsSkeleton /> : null}
    </DocumentPage>
  );
}

function VersionLine({ schema }: { schema: DataSchema }) {
  const published = schema.versions.find((version) => version.version === schema.version)?.date;
  return (
    <p className="schema-version">
      <strong className="schema-version__number">Schema version {schema.version}</strong>
      {published && (
        <span className="muted">
          Published <time dateTime={published}>{formatDate(published)}</time>
        </span>
      )}
    </p>
  );
}

/** The promise GET /api/schema's description makes, in the same terms: both are the contract customers build on. */
function SchemaPromise() {
  return (
    <section className="card schema-card" aria-labelledby="schema-promise-title">
      <h2 id="schema-promise-title" className="schema-card__title">
        Our promise
      </h2>
      <ul className="schema-promise">
        <li>
          <strong>Fields are never renamed and never change type.</strong>
        </li>
        <li>
          <strong>A new field arrives in a new minor version.</strong>
        </li>
        <li>
          <strong>A field leaves only in a new major version</strong>, at least 90 days after its deprecation is
          announced here, in release emails and in webhooks.
        </li>
        <li>
          <strong>Every file carries its schema version:</strong> in the GeoPackage and Parquet metadata, as{' '}
          <code>schema_version.txt</code> in the Shapefile zip, and in the release manifest for every format.
        </li>
      </ul>
    </section>
  );
}

function ChangelogSkeleton() {
  return (
    <div className="card schema-card" aria-busy="true">
      <span className="visually-hidden">Loading the changelog</span>
      <div aria-hidden="true" className="schema-skeleton">
        <Skeleton style={{ width: '8rem', height: '1.5rem' }} />
        <Skeleton style={{ width: '60%', height: '1.25rem' }} />
        <Skeleton style={{ width: '100%', height: '3rem' }} />
        <Skeleton style={{ width: '60%', height: '1.25rem' }} />
        <Skeleton style={{ width: '100%', height: '3rem' }} />
      </div>
    </div>
  );
}

function FieldsSkeleton() {
  return (
    <div className="schema-fields" aria-busy="true">
      <span className="visually-hidden">Loading the fields</span>
      <div aria-hidden="true" className="schema-skeleton">
        <Skeleton style={{ width: '6rem', height: '1.75rem' }} />
        <Skeleton style={{ width: '100%', height: '2.5rem' }} />
        <Skeleton className="card" style={{ height: '24rem' }} />
      </div>
    </div>
  );
}

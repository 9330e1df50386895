import { formatDate } from '@web-shared/format';
import { Badge } from '@/components/ui/badge';
import type { SchemaVersion } from '../api/data-schema';

/** The schema's versions, newest first: when each came, why, and which fields it added, announced to leave or removed. */
export function SchemaChangelog({ versions, current }: { versions: SchemaVersion[]; current: string }) {
  return (
    <section className="card schema-card" aria-labelledby="schema-changelog-title">
      <h2 id="schema-changelog-title" className="schema-card__title">
        Changelog
      </h2>
      <ol className="schema-changelog">
        {versions.map((version) => (
          <li key={version.version} className="schema-release">
            <div className="schema-release__head">
              <h3 className="schema-release__version">Version {version.version}</h3>
              <time className="muted" dateTime={version.date}>
                {formatDate(version.date)}
              </time>
              {version.version === current && <Badge variant="secondary">Current</Badge>}
            </div>
            <p className="schema-release__summary">{version.summary}</p>
            {version.added.length > 0 && <FieldNames label="Added" names={version.added} />}
            {version.deprecated.length > 0 && (
              <div className="schema-change">
                <span className="schema-change__label">Deprecated</span>
                <ul className="schema-change__notices">
                  {version.deprecated.map((notice) => (
                    <li key={notice.field}>
                      <code>{notice.field}</code> leaves on or after{' '}
                      <time dateTime={notice.leavesOn}>{formatDate(notice.leavesOn)}</time>. {notice.note}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {version.removed.length > 0 && <FieldNames label="Removed" names={version.removed} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

function FieldNames({ label, names }: { label: string; names: string[] }) {
  return (
    <p className="schema-change">
      <span className="schema-change__label">{label}</span>{' '}
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 && ', '}
          <code>{name}</code>
        </span>
      ))}
    </p>
  );
}

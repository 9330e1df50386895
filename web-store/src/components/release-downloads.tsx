import { formatInfo, type DatasetFormat } from '@contracts/dataset-formats';
import { useId, useState } from 'react';
import { formatFileSize, formatRelease } from '@web-shared/format';
import { usePreparedDownload } from '../lib/prepared-download';
import type { DownloadChoice, DownloadLink, DownloadableRelease } from '../lib/subscriptions';
import { DownloadWaiting } from './download-waiting';
import { FormatSelect } from './format-select';
import { Button } from './ui/button';
import './release-downloads.css';

interface ReleaseDownloadsProps {
  /** A County Tracker subscription's releases, newest first (the API lists at most 12). */
  releases: DownloadableRelease[];
  /** Asks the API for a fresh short-lived link to one release's full file or change file. */
  requestLink: (choice: DownloadChoice) => Promise<DownloadLink>;
  /** Takes a refusal over (answering true); otherwise the server's words are shown below the list. */
  onError?: (error: unknown) => boolean;
}

/** "+12 added, 3 removed, 41 changed", or why there is nothing to count. */
function changeLine(release: DownloadableRelease): string {
  if (release.added === null || release.removed === null || release.changed === null)
    return release.hasChangeFile ? 'Changes since the previous release' : 'First release';
  const n = (count: number) => count.toLocaleString('en-US');
  return `${n(release.added)} added, ${n(release.removed)} removed, ${n(release.changed)} changed`;
}

/**
 * County Tracker: each release the subscription includes, with its full file and, where the release
 * has one, its change file (the parcels added, removed or changed since the county's previous
 * release). Beside the Download Data button, which stays the way to the current full file.
 */
export function ReleaseDownloads({ releases, requestLink, onError }: ReleaseDownloadsProps) {
  const titleId = useId();
  // One format for the list: the full and change files of every release come in it.
  const [format, setFormat] = useState<DatasetFormat>('csv');
  const { state, download, cancel, busy } = usePreparedDownload(requestLink, onError);
  if (releases.length === 0) return null;

  const pending = (choice: DownloadChoice) =>
    state.kind === 'requesting' && state.choice.release === choice.release && state.choice.kind === choice.kind;
  const started = state.kind === 'started' ? state : null;

  return (
    <section className="release-downloads" aria-labelledby={titleId}>
      <h4 id={titleId} className="release-downloads__title">
        Monthly releases
      </h4>
      <FormatSelect value={format} onChange={setFormat} label="Format of release files" disabled={busy} />
      <ul className="release-downloads__list">
        {releases.map((release) => {
          const month = formatRelease(release.release);
          const full: DownloadChoice = { release: release.release, kind: 'full', format };
          const changes: DownloadChoice = { release: release.release, kind: 'changes', format };
          return (
            <li key={release.release} className="release-downloads__item">
              <div className="release-downloads__what">
                <span className="release-downloads__month">{month}</span>
                <span className="release-downloads__counts">{changeLine(release)}</span>
              </div>
              <div className="release-downloads__actions">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Full file, ${month}`}
                  disabled={busy}
                  onClick={() => download(full)}
                >
                  {pending(full) ? 'Preparing...' : 'Full file'}
                </Button>
                {release.hasChangeFile && (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Changes, ${month}`}
                    disabled={busy}
                    onClick={() => download(changes)}
                  >
                    {pending(changes) ? 'Preparing...' : 'Changes'}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="release-downloads__status" role="status">
        {started &&
          `Your ${started.choice.kind === 'changes' ? 'change file' : 'file'} of ${formatRelease(started.answer.release)} ` +
            `has started downloading: ${formatInfo(started.choice.format ?? 'csv').name}, ${formatFileSize(started.answer.bytes)}, ` +
            `${started.answer.records.toLocaleString('en-US')} records.`}
        {state.kind === 'preparing' && (
          <DownloadWaiting state={state} onCheck={() => download(state.choice)} onCancel={cancel} />
        )}
      </div>
      {state.kind === 'refused' && (
        <p className="release-downloads__error" role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}

import { formatInfo, type DatasetFormat } from '@contracts/dataset-formats';
import { useState } from 'react';
import { formatFileSize, formatRelease } from '@web-shared/format';
import { usePreparedDownload } from '../lib/prepared-download';
import type { DownloadChoice, DownloadLink } from '../lib/subscriptions';
import { DownloadWaiting } from './download-waiting';
import { FormatSelect } from './format-select';
import { Button, ButtonVariant } from './ui/button';
import './download-button.css';

interface DownloadButtonProps {
  /** The release the subscription includes now, shown before the first click. */
  release: string;
  /** Asks the API for a fresh short-lived link (links expire in 15 minutes, so never one made earlier). */
  requestLink: (choice: DownloadChoice) => Promise<DownloadLink>;
  /** Takes a refusal over (answering true); otherwise the server's words are shown beside the button. */
  onError?: (error: unknown) => boolean;
  variant?: ButtonVariant;
  /** The format chosen first: an order-page link from an email may name one. */
  initialFormat?: DatasetFormat;
}

/**
 * The file a subscription includes now, in the format the buyer picks (CSV unless they choose).
 * Going to the signed link makes the browser save the file (the server answers it as an attachment),
 * so the page stays open; a format still being made is waited for, and then downloaded.
 */
export function DownloadButton({
  release,
  requestLink,
  onError,
  variant = 'default',
  initialFormat = 'csv',
}: DownloadButtonProps) {
  const [format, setFormat] = useState<DatasetFormat>(initialFormat);
  const { state, download, cancel, busy } = usePreparedDownload(requestLink, onError);
  const started = state.kind === 'started' ? state.answer : null;
  const startedFormat = state.kind === 'started' ? (state.choice.format ?? 'csv') : 'csv';

  return (
    <div className="download">
      <p className="download__release">
        Data release: <strong>{formatRelease(started?.release ?? release)}</strong>
      </p>
      <FormatSelect value={format} onChange={setFormat} disabled={busy} />
      <Button variant={variant} onClick={() => download({ kind: 'full', format })} disabled={busy}>
        <span aria-hidden="true">⬇</span> {busy ? 'Preparing...' : 'Download Data'}
      </Button>
      <div className="download__status" role="status">
        {started &&
          `Your download has started: ${formatInfo(startedFormat).name}, ` +
            `${formatFileSize(started.bytes)}, ${started.records.toLocaleString('en-US')} records.`}
        {state.kind === 'preparing' && (
          <DownloadWaiting state={state} onCheck={() => download(state.choice)} onCancel={cancel} />
        )}
      </div>
      {state.kind === 'refused' && (
        <p className="download__error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { formatFileSize, formatRelease } from '@web-shared/format';
import { messageOf } from '../lib/http';
import type { DownloadLink } from '../lib/subscriptions';
import { Button, ButtonVariant } from './ui/button';
import './download-button.css';

interface DownloadButtonProps {
  /** The release the subscription includes now, shown before the first click. */
  release: string;
  /** Asks the API for a fresh short-lived link (links expire in 15 minutes, so never one made earlier). */
  requestLink: () => Promise<DownloadLink>;
  /** Takes a refusal over (answering true); otherwise the server's words are shown beside the button. */
  onError?: (error: unknown) => boolean;
  variant?: ButtonVariant;
}

/**
 * The file a subscription includes now. Going to the signed link makes the browser save the file
 * (the server answers it as an attachment), so the page stays open.
 */
export function DownloadButton({ release, requestLink, onError, variant = 'default' }: DownloadButtonProps) {
  const link = useMutation({ mutationFn: requestLink });
  const [started, setStarted] = useState<DownloadLink | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const download = () => {
    setStarted(null);
    setRefusal(null);
    link.mutate(undefined, {
      onSuccess: (answer) => {
        setStarted(answer);
        window.location.assign(answer.url);
      },
      onError: (error) => {
        if (!onError?.(error)) setRefusal(messageOf(error, 'The download could not be started. Please try again.'));
      },
    });
  };

  return (
    <div className="download">
      <p className="download__release">
        Data release: <strong>{formatRelease(started?.release ?? release)}</strong>
      </p>
      <Button variant={variant} onClick={download} disabled={link.isPending}>
        <span aria-hidden="true">⬇</span> {link.isPending ? 'Preparing...' : 'Download Data'}
      </Button>
      <p className="download__status" role="status">
        {started &&
          `Your download has started: ${formatFileSize(started.bytes)}, ${started.records.toLocaleString('en-US')} records.`}
      </p>
      {refusal && (
        <p className="download__error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}

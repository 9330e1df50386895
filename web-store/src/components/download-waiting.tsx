import type { DownloadState } from '../lib/prepared-download';
import { Button } from './ui/button';

/**
 * The calm note shown while the chosen format is prepared: what is happening, that the download will
 * start by itself, and a button to check at once. A status, not an alert: waiting is not an error.
 */
export function DownloadWaiting({
  state,
  onCheck,
  onCancel,
}: {
  state: Extract<DownloadState, { kind: 'preparing' }>;
  onCheck: () => void;
  onCancel: () => void;
}) {
  const wait =
    state.retryInSeconds >= 60 ? `${Math.round(state.retryInSeconds / 60)} min` : `${state.retryInSeconds} s`;
  return (
    <div className="download-waiting">
      <p className="download-waiting__message">
        {state.message} We will check again in about {wait} and start your download as soon as it is ready.
      </p>
      <div className="download-waiting__actions">
        <Button size="sm" variant="outline" onClick={onCheck}>
          Check again now
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Stop waiting
        </Button>
      </div>
    </div>
  );
}

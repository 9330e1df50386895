import { formatInfo } from '@contracts/dataset-formats';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError, messageOf } from './http';
import type { DownloadChoice, DownloadLink } from './subscriptions';

/** Where one download stands: asked for, waiting while the server prepares its format, started, or refused. */
export type DownloadState =
  | { kind: 'idle' }
  | { kind: 'requesting'; choice: DownloadChoice }
  | { kind: 'preparing'; choice: DownloadChoice; message: string; retryInSeconds: number }
  | { kind: 'started'; choice: DownloadChoice; answer: DownloadLink }
  | { kind: 'refused'; message: string };

/**
 * A 409 for a format other than CSV: that format of the file is being made by the worker (a CSV is
 * never prepared, so its 409, the county's data not available yet, is a refusal like any other).
 */
function preparingWait(error: unknown, choice: DownloadChoice): number | null {
  const converted = (choice.format ?? 'csv') !== 'csv';
  return converted && error instanceof HttpError && error.status === 409 ? (error.retryAfterSeconds ?? 60) : null;
}

/**
 * When to ask again: most counties' files are converted in a second or two, while the server's
 * Retry-After allows for the largest, so the page asks soon and then less and less often (2, 4, 8…
 * seconds), never later than the server said.
 */
function nextCheckSeconds(serverWait: number, checksSoFar: number): number {
  return Math.min(serverWait, 2 ** (checksSoFar + 1));
}

/**
 * What the wait is: our own words for a format being made (the server's "try again in a minute" is
 * what this page does for the buyer), the server's for a long wait (a conversion that failed, to be
 * tried again later), which tells the buyer what to do meanwhile.
 */
function preparingMessage(error: unknown, choice: DownloadChoice): string {
  const wait = preparingWait(error, choice) ?? 0;
  if (wait > 300) return messageOf(error, 'This format of the file could not be prepared yet.');
  return `The ${formatInfo(choice.format ?? 'csv').name} of this file is being prepared.`;
}

/**
 * Asks for a download link and goes to it. When the chosen format is still being prepared (409 with
 * Retry-After) it says so calmly and asks again by itself, soon at first and never later than the
 * server's wait (or at once when the buyer presses "Check again"), so a wait is one quiet message, never a string of errors;
 * the download starts when the file is ready.
 */
export function usePreparedDownload(
  requestLink: (choice: DownloadChoice) => Promise<DownloadLink>,
  onError?: (error: unknown) => boolean,
) {
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Each request's number: an answer to a request the buyer has since replaced is dropped.
  const attempt = useRef(0);
  // How often the page has asked again by itself for the file it is waiting for.
  const checks = useRef(0);

  const stopWaiting = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => stopWaiting, []);

  const download = useCallback(
    (choice: DownloadChoice, recheck = false) => {
      stopWaiting();
      checks.current = recheck ? checks.current + 1 : 0;
      const mine = ++attempt.current;
      setState({ kind: 'requesting', choice });
      requestLink(choice).then(
        (answer) => {
          if (mine !== attempt.current) return;
          setState({ kind: 'started', choice, answer });
          window.location.assign(answer.url);
        },
        (error: unknown) => {
          if (mine !== attempt.current) return;
          const serverWait = preparingWait(error, choice);
          if (serverWait !== null) {
            const wait = nextCheckSeconds(serverWait, checks.current);
            setState({
              kind: 'preparing',
              choice,
              message: preparingMessage(error, choice),
              retryInSeconds: wait,
            });
            timer.current = setTimeout(() => download(choice, true), wait * 1000);
            return;
          }
          if (onError?.(error)) setState({ kind: 'idle' });
          else
            setState({
              kind: 'refused',
              message: messageOf(error, 'The download could not be started. Please try again.'),
            });
        },
      );
    },
    [requestLink, onError],
  );

  const cancel = () => {
    stopWaiting();
    attempt.current++;
    setState({ kind: 'idle' });
  };

  return { state, download, cancel, busy: state.kind === 'requesting' };
}

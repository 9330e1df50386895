import { FILE_KINDS, FORMAT_IDS, formatInfo, type DatasetFormat, type FileKind } from '@contracts/dataset-formats';
import { formatFileSize, formatRelease } from '@web-shared/format';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DownloadWaiting } from '@/components/download-waiting';
import { usePreparedDownload } from '@/lib/prepared-download';
import type { DownloadChoice } from '@/lib/subscriptions';
import { requestOrderDownloadLink, type Order } from '../api/order';

/** The file an email's link asked for (?subscription=&release=&kind=&format=), when it names one of the order's. */
function requested(params: URLSearchParams, order: Order): { subscriptionId: string; choice: DownloadChoice } | null {
  const subscriptionId = params.get('subscription');
  const format = params.get('format') as DatasetFormat | null;
  const kind = (params.get('kind') ?? 'full') as FileKind;
  const release = params.get('release');
  if (!subscriptionId || !order.subscriptions.some((s) => s.id === subscriptionId)) return null;
  if (!format || !FORMAT_IDS.includes(format) || !FILE_KINDS.includes(kind)) return null;
  if (release !== null && !/^\d{4}-\d{2}$/.test(release)) return null;
  return { subscriptionId, choice: { kind, format, ...(release && { release }) } };
}

/**
 * Where an email's link for a format still being prepared lands: the page says the file is on its
 * way, asks again after the server's Retry-After, and starts the download once it is ready.
 */
export function RequestedDownload({ token, order }: { token: string; order: Order }) {
  const [params] = useSearchParams();
  const wanted = requested(params, order);
  const { state, download, cancel } = usePreparedDownload((choice) =>
    requestOrderDownloadLink(token, wanted!.subscriptionId, choice),
  );
  const key = wanted && JSON.stringify(wanted);
  useEffect(() => {
    if (wanted) download(wanted.choice);
    // Once per requested file: the page's own refetches must not ask again.
  }, [key]);
  if (!wanted) return null;

  const { county } = order.subscriptions.find((s) => s.id === wanted.subscriptionId)!;
  const what =
    `${wanted.choice.kind === 'changes' ? 'change file' : 'full file'} of ${county.name}, ${county.state}` +
    (wanted.choice.release ? `, ${formatRelease(wanted.choice.release)}` : '') +
    ` as ${formatInfo(wanted.choice.format ?? 'csv').name}`;
  return (
    <section className="card requested-download" aria-label="Your requested file">
      <p className="requested-download__what">The {what}</p>
      <div role="status">
        {state.kind === 'requesting' && 'Asking for your file...'}
        {state.kind === 'started' &&
          `Your download has started: ${formatFileSize(state.answer.bytes)}, ${state.answer.records.toLocaleString('en-US')} records.`}
        {state.kind === 'preparing' && (
          <DownloadWaiting state={state} onCheck={() => download(state.choice)} onCancel={cancel} />
        )}
      </div>
      {state.kind === 'refused' && (
        <p className="download__error" role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}

import { formatDate } from '@web-shared/format';
import { FormEvent, useId, useRef, useState } from 'react';
import { Button, ButtonAnchor } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { handleUnauthorized } from '@/lib/auth';
import { HttpError, isUnauthorized, messageOf } from '@/lib/http';
import { batchResultPath, ParcelBatch, useParcelBatches, useSendBatch } from '../api/parcel-batches';
import './parcel-batches.css';

/** As the server takes them (MAX_BATCH_ROWS, MAX_BATCH_BYTES). */
const MAX_ROWS = '100,000';
const MAX_MB = 32;

const STATUS_LABELS: Record<ParcelBatch['status'], string> = {
  queued: 'Queued',
  running: 'Matching',
  done: 'Done',
  failed: 'Failed',
};

/**
 * Batch append comes with County Tracker: the server answers the list 403 to a customer without
 * one (its rule, expiry and disputes included), and the section is then not shown.
 */
const isNoTracker = (error: unknown) => error instanceof HttpError && error.status === 403;

/** What a batch's line says of its rows: how many matched, or why it failed. */
function countsOf(batch: ParcelBatch): string {
  if (batch.status === 'failed') return batch.error ?? 'It could not be matched: send it again.';
  const matched = `${batch.matched.toLocaleString('en-US')} of ${batch.processed.toLocaleString('en-US')} rows matched`;
  return batch.status === 'done' ? matched : `${matched} so far`;
}

/** One batch: when it was sent, how far matching has come, and its result once done. */
function BatchRow({ batch }: { batch: ParcelBatch }) {
  const titleId = useId();
  const percent = batch.rows ? Math.round((batch.processed / batch.rows) * 100) : 100;
  return (
    <li className="batch" aria-labelledby={titleId}>
      <div className="batch__facts">
        <span id={titleId} className="batch__title">
          {batch.rows.toLocaleString('en-US')} {batch.rows === 1 ? 'row' : 'rows'}, sent {formatDate(batch.createdAt)}
        </span>
        <span className={`batch__status batch__status--${batch.status}`}>{STATUS_LABELS[batch.status]}</span>
        {batch.status === 'queued' || batch.status === 'running' ? (
          <progress
            className="batch__progress"
            max={batch.rows || 1}
            value={batch.processed}
            aria-label={`Matched so far: ${percent}%`}
          />
        ) : null}
        <span className="batch__counts">{countsOf(batch)}</span>
      </div>
      {batch.status === 'done' ? (
        <ButtonAnchor variant="outline" size="sm" className="batch__download" href={batchResultPath(batch)} download>
          Download result<span className="visually-hidden"> of the batch sent {formatDate(batch.createdAt)}</span>
        </ButtonAnchor>
      ) : null}
    </li>
  );
}

/**
 * "Batch append" (docs/data-api.md): for a County Tracker subscriber, a CSV of addresses, points or
 * parcel numbers matched to their counties' parcels, and back with the parcels' fields.
 */
export function ParcelBatchSection({ signedIn }: { signedIn: boolean }) {
  const batches = useParcelBatches(signedIn);
  const send = useSendBatch();
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState('');
  const fileId = useId();
  const fieldsId = useId();
  const fileRef = useRef<HTMLInputElement>(null);

  if (!signedIn || batches.isPending || isUnauthorized(batches.error) || isNoTracker(batches.error)) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    send.mutate(
      { file, fields },
      {
        onSuccess: (batch) => {
          toast({
            title: 'Batch Sent',
            description: `${batch.rows.toLocaleString('en-US')} rows are being matched: the list below shows how far.`,
          });
          setFile(null);
          if (fileRef.current) fileRef.current.value = '';
        },
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          toast({ title: 'Error', description: messageOf(error, 'Failed to send the batch.'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <section className="dash-batches" aria-labelledby="dash-batches-title">
      <h2 id="dash-batches-title" className="dash-section-title">
        Batch append
      </h2>
      <div className="card batches">
        <p className="batches__intro">
          Send a CSV of up to {MAX_ROWS} rows ({MAX_MB} MB) with an <code>id</code> column and an <code>address</code>{' '}
          column, <code>lat</code> and <code>lon</code>, or <code>county</code> (FIPS) and <code>parcel</code>. Each row
          comes back with the parcel it matches in your County Tracker counties: its <code>parcel_key</code>, how it
          matched, and the fields you choose. Results are kept 7 days.
        </p>
        <form className="batches__form" onSubmit={submit}>
          <div className="batches__field">
            <Label htmlFor={fileId}>CSV file</Label>
            <Input
              id={fileId}
              ref={fileRef}
              type="file"
              accept=".csv,text/csv"
              required
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <div className="batches__field">
            <Label htmlFor={fieldsId}>Fields to append (optional)</Label>
            <Input
              id={fieldsId}
              value={fields}
              placeholder="e.g. owner_name,site_address,assessed_total_value"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${fieldsId}-hint`}
              onChange={(event) => setFields(event.target.value)}
            />
            <span id={`${fieldsId}-hint`} className="batches__hint">
              Field names of the <a href="/data-schema.pdf">data schema</a>, separated by commas. Left empty: owner,
              addresses, location, value and last sale.
            </span>
          </div>
          <Button type="submit" disabled={send.isPending || !file}>
            {send.isPending ? 'Sending...' : 'Send batch'}
          </Button>
        </form>
        {batches.isError ? (
          <p className="batches__error" role="alert">
            Your batches could not be loaded.{' '}
            <Button variant="outline" size="sm" onClick={() => void batches.refetch()}>
              Try again
            </Button>
          </p>
        ) : batches.data.length === 0 ? (
          <p className="batches__empty">No batches in the last 7 days.</p>
        ) : (
          <ul className="batches__list" aria-label="Your batches" aria-live="polite">
            {batches.data.map((batch) => (
              <BatchRow key={batch.id} batch={batch} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

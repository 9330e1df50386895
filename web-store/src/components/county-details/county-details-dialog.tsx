import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { FILL_RATE_FIELDS, SAMPLE_RECORDS } from '@contracts/county-dataset';
import { formatInfo } from '@contracts/dataset-formats';
import { PLANS } from '@contracts/plans';
import { formatDate, formatFileSize, formatRelease } from '@web-shared/format';
import {
  isDataPending,
  keyFieldsView,
  releaseLine,
  shapesLine,
  useCountyDataset,
  type CountyDatasetSummary,
} from '@/lib/county-dataset';
import { changeCounts, RELEASES_SHOWN, useCountyReleases } from '@/lib/county-releases';
import { messageOf } from '@/lib/http';
import { PLAN_OFFERS } from '@/lib/plan-offers';
import { Button, ButtonAnchor, ButtonLink } from '../ui/button';
import { CloseIcon } from '../ui/close-icon';
import { Skeleton } from '../ui/skeleton';
import { CountyParcelPreview } from './county-parcel-preview';
import type { DetailsCounty, PlanChoice } from './plan-choice';
import './county-details.css';

export interface CountyDetailsDialogProps {
  county: DetailsCounty;
  plans: PlanChoice;
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * "What you get" for one county before buying: a modal sheet (beside the page on wide screens,
 * from the bottom on phones). The native modal dialog makes the page behind it inert and closes on
 * Escape; Tab is kept inside it explicitly, since browsers let it leave for their own toolbar.
 */
export default function CountyDetailsDialog({ county, plans, onClose }: CountyDetailsDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const summary = useCountyDataset(county.id);
  const place = `${county.name}, ${county.state}`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Opening twice (React's development double effects) is harmless: an open modal stays as it is.
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
  }, []);

  const keepTabInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // The sheet fills the dialog box, so a click that lands on the dialog itself is on its backdrop.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <dialog
      ref={dialogRef}
      className="county-details"
      aria-labelledby={titleId}
      // Escape closes the native dialog; React then removes it.
      onClose={onClose}
      onKeyDown={keepTabInside}
      onClick={closeOnBackdrop}
    >
      <div className="county-details__sheet">
        <header className="county-details__header">
          <h2 id={titleId} className="county-details__title">
            What you get: {place}
          </h2>
          <Button
            ref={closeRef}
            variant="ghost"
            size="icon"
            className="county-details__close"
            aria-label="Close"
            onClick={() => onClose()}
          >
            <CloseIcon />
          </Button>
        </header>

        <div className="county-details__body">
          {summary.isPending ? (
            <SummaryLoading />
          ) : summary.isError ? (
            isDataPending(summary.error) ? (
              <DataPending place={place} />
            ) : (
              <SummaryError
                message={messageOf(summary.error, 'Check your connection and try again.')}
                retrying={summary.isFetching}
                onRetry={() => void summary.refetch()}
              />
            )
          ) : (
            <SummaryDetails countyId={county.id} summary={summary.data} />
          )}
          <CountyParcelPreview countyId={county.id} place={place} />
        </div>

        <footer className="county-details__plans">
          <h3 className="county-details__plans-title">
            {plans.kind === 'cart' ? 'Add to your cart' : 'Buy this county'}
          </h3>
          <div className="county-details__plan-buttons">
            {PLAN_OFFERS.map(({ plan, price, variant }) =>
              plans.kind === 'cart' ? (
                <Button
                  key={plan.type}
                  variant={variant}
                  className="btn--plan"
                  onClick={() => {
                    onClose();
                    plans.choose(plan.type);
                  }}
                >
                  <PlanLabel name={plan.name} price={price} />
                </Button>
              ) : (
                <ButtonLink key={plan.type} variant={variant} className="btn--plan" to={plans.href(plan.type)}>
                  <PlanLabel name={plan.name} price={price} />
                </ButtonLink>
              ),
            )}
          </div>
          <p className="county-details__plans-note">
            With {PLANS.annual.name}: {PLANS.annual.parcelService}.
          </p>
        </footer>
      </div>
    </dialog>,
    document.body,
  );
}

function PlanLabel({ name, price }: { name: string; price: string }) {
  return (
    <>
      <span>{name}</span> <span className="btn__plan-price">{price}</span>
    </>
  );
}

function SummaryDetails({ countyId, summary }: { countyId: string; summary: CountyDatasetSummary }) {
  const sampleRecords = Math.min(SAMPLE_RECORDS, summary.parcels);
  const fieldsId = useId();
  const keyFields = keyFieldsView(summary.fillRates);
  return (
    <>
      <dl className="county-details__facts">
        <div className="county-details__fact">
          <dt>Parcels</dt>
          <dd className="county-details__parcels">{summary.parcels.toLocaleString('en-US')}</dd>
        </div>
        <div className="county-details__fact">
          <dt>Full file (gzip CSV)</dt>
          <dd>{formatFileSize(summary.fileBytes)}</dd>
        </div>
      </dl>
      <p className="county-details__release">{releaseLine(summary.release, summary.publishedAt)}</p>

      <section className="county-details__section" aria-labelledby={fieldsId}>
        <h3 id={fieldsId} className="county-details__section-title">
          Key fields
        </h3>
        {keyFields.kind === 'counting' ? (
          <p className="county-details__hint">{keyFields.message}</p>
        ) : (
          <>
            <p className="county-details__hint">Share of parcels that carry each field</p>
            <ul className="county-details__fields">
              {keyFields.fields.map(({ field, label, percent, width }) => (
                <li key={field} className="county-details__field">
                  <span className="county-details__field-label">{label}</span>
                  <span className="county-details__field-rate">{percent}</span>
                  <span className="county-details__bar" aria-hidden="true">
                    <span className="county-details__bar-fill" style={{ width: `${width}%` }} />
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <FileFormats formats={summary.formats} shapes={summary.shapes} />

      <ReleaseHistory countyId={countyId} />

      <div className="county-details__links">
        <ButtonAnchor variant="secondary" className="county-details__sample" href={summary.sampleUrl} download>
          <DownloadIcon />
          Download free sample ({sampleRecords} records, CSV)
        </ButtonAnchor>
        <a className="county-details__schema" href="/data-schema.pdf">
          Every field and its meaning: data schema (PDF)
        </a>
      </div>
    </>
  );
}

/**
 * Every format the county's file comes in, with its size; a format the worker has not made yet of
 * this release is made on the first download, so its size is not known before. Below, whether the
 * GIS formats have the parcels' boundaries or their points only.
 */
function FileFormats({
  formats,
  shapes,
}: {
  formats: CountyDatasetSummary['formats'];
  shapes: CountyDatasetSummary['shapes'];
}) {
  const titleId = useId();
  if (formats.length === 0) return null;
  const shapesText = shapesLine(shapes);
  return (
    <section className="county-details__section" aria-labelledby={titleId}>
      <h3 id={titleId} className="county-details__section-title">
        File formats
      </h3>
      <p className="county-details__hint">Every purchase includes the full file in each of them</p>
      <ul className="county-details__formats">
        {formats.map(({ format, bytes }) => {
          const info = formatInfo(format);
          return (
            <li key={format} className="county-details__format">
              <span className="county-details__format-name">
                {info.name} <span className="county-details__format-ext">{info.extension}</span>
              </span>
              <span className="county-details__format-size">
                {bytes === null ? 'Prepared on request' : formatFileSize(bytes)}
              </span>
            </li>
          );
        })}
      </ul>
      {shapesText && <p className="county-details__hint county-details__shapes">{shapesText}</p>}
    </section>
  );
}

/**
 * When the county was last refreshed and its recent releases, with the parcels each added, removed
 * and changed. A table, so each count is read with its column's name; it stays five narrow columns
 * on a phone. The panel is whole without it: a failed load only says so.
 */
function ReleaseHistory({ countyId }: { countyId: string }) {
  const titleId = useId();
  const releases = useCountyReleases(countyId);
  const shown = releases.data?.slice(0, RELEASES_SHOWN) ?? [];
  const oldestListed = releases.data ? releases.data.length - 1 : -1;
  return (
    <section className="county-details__section" aria-labelledby={titleId}>
      <h3 id={titleId} className="county-details__section-title">
        Release history
      </h3>
      {releases.isPending ? (
        <Skeleton className="county-details__skeleton-line" />
      ) : releases.isError ? (
        <p className="county-details__hint">The release history could not be loaded. Reopen this panel to try again.</p>
      ) : shown.length === 0 ? (
        <p className="county-details__hint">No release has been published yet.</p>
      ) : (
        <>
          <p className="county-details__hint county-details__refreshed">
            Last refreshed {formatDate(shown[0].publishedAt)}. A new release comes monthly.
          </p>
          <table className="county-details__history">
            <caption className="visually-hidden">
              Recent releases: parcels in each, and parcels added, removed and changed since the one before
            </caption>
            <thead>
              <tr>
                <th scope="col">Release</th>
                <th scope="col">Parcels</th>
                <th scope="col">Added</th>
                <th scope="col">Removed</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((release, i) => {
                const counts = changeCounts(release, i === oldestListed);
                return (
                  <tr key={release.release}>
                    <th scope="row">{formatRelease(release.release)}</th>
                    <td>{release.records.toLocaleString('en-US')}</td>
                    {counts.kind === 'counts' ? (
                      <>
                        <td>{counts.added}</td>
                        <td>{counts.removed}</td>
                        <td>{counts.changed}</td>
                      </>
                    ) : (
                      <td colSpan={3} className="county-details__history-none">
                        {counts.label}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function SummaryLoading() {
  return (
    <div className="county-details__loading" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading what this county includes
      </span>
      <div className="county-details__facts" aria-hidden="true">
        <Skeleton className="county-details__skeleton-fact" />
        <Skeleton className="county-details__skeleton-fact" />
      </div>
      <Skeleton className="county-details__skeleton-line" />
      <ul className="county-details__fields" aria-hidden="true">
        {FILL_RATE_FIELDS.map(({ field, label }) => (
          <li key={field} className="county-details__field">
            <span className="county-details__field-label">{label}</span>
            <span className="county-details__field-rate" />
            <Skeleton className="county-details__bar" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function DataPending({ place }: { place: string }) {
  return (
    <div className="county-details__notice" role="status">
      <p className="county-details__notice-title">Data for this county is being prepared</p>
      <p className="muted">
        The first release of {place} is not published yet. Its parcel count, fill rates and free sample appear here as
        soon as it is.
      </p>
      <a className="county-details__schema" href="/data-schema.pdf">
        Every field and its meaning: data schema (PDF)
      </a>
    </div>
  );
}

function SummaryError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="county-details__notice" role="alert">
      <p className="county-details__notice-title">We could not load what this county includes.</p>
      <p className="muted">{message}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Try again'}
      </Button>
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M8 1v9m0 0L4.5 6.5M8 10l3.5-3.5M2 12.5V15h12v-2.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { parcelOnMap } from '@contracts/routes';
import { formatDate, formatDollars } from '@web-shared/format';
import { Button } from '@/components/ui/button';
import type { OwnerPortfolio, PortfolioParcel } from '../api/owners';
import { ROLE_LABELS } from '../owner-display';

const dollarsOrDash = (value: number | null) => (value === null ? '—' : formatDollars(value));

/** A table that scrolls inside its own box on a phone, never the page; the keyboard can scroll it too. */
function TableBox({ title, children }: { title: string; children: (titleId: string) => ReactNode }) {
  const titleId = useId();
  return (
    <section className="portfolio-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="owners-section-title">
        {title}
      </h2>
      <div className="data-table-scroll portfolio-table__scroll" role="group" aria-labelledby={titleId} tabIndex={0}>
        {children(titleId)}
      </div>
    </section>
  );
}

/** The owner's parcels and value in each of the customer's counties, the most parcels first. */
export function CountyTotals({ counties }: { counties: OwnerPortfolio['counties'] }) {
  return (
    <TableBox title="Totals by county">
      {(titleId) => (
        <table className="data-table portfolio-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">County</th>
              <th scope="col" className="portfolio-table__number">
                Parcels
              </th>
              <th scope="col" className="portfolio-table__number">
                Assessed value
              </th>
            </tr>
          </thead>
          <tbody>
            {counties.map((county) => (
              <tr key={county.county_fips}>
                <td>
                  {county.county}, {county.state}
                </td>
                <td className="portfolio-table__number">{county.parcels.toLocaleString('en-US')}</td>
                <td className="portfolio-table__number">{formatDollars(county.assessed_total_value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TableBox>
  );
}

/** The parcels shown so far, with "Show more" while the API has another page. */
export function PortfolioParcels({
  parcels,
  total,
  hasMore,
  loadingMore,
  failedMore,
  onMore,
}: {
  parcels: PortfolioParcel[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  failedMore: boolean;
  onMore: () => void;
}) {
  return (
    <>
      <TableBox title="Parcels">
        {(titleId) => (
          <table className="data-table portfolio-table portfolio-table--parcels" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">County</th>
                <th scope="col">Role</th>
                <th scope="col" className="portfolio-table__number">
                  Assessed value
                </th>
                <th scope="col">Last sale</th>
                <th scope="col" className="portfolio-table__number">
                  Sale price
                </th>
              </tr>
            </thead>
            <tbody>
              {parcels.map((parcel) => (
                <tr key={parcel.parcel_key}>
                  <td>
                    {parcel.site_address ?? <span className="muted">No site address</span>}
                    <Link
                      className="portfolio-table__key"
                      to={parcelOnMap(parcel.parcel_key)}
                      aria-label={`Parcel ${parcel.parcel_key} on the parcel map`}
                    >
                      {parcel.parcel_key}
                    </Link>
                  </td>
                  <td>
                    {parcel.county}, {parcel.state}
                  </td>
                  <td>{ROLE_LABELS[parcel.role]}</td>
                  <td className="portfolio-table__number">{dollarsOrDash(parcel.assessed_total_value)}</td>
                  <td className="portfolio-table__date">
                    {parcel.last_sale_date ? (
                      <time dateTime={parcel.last_sale_date}>{formatDate(parcel.last_sale_date)}</time>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="portfolio-table__number">{dollarsOrDash(parcel.last_sale_price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </TableBox>
      <div className="portfolio-more">
        <p className="portfolio-more__count" role="status">
          Showing {parcels.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} parcels
        </p>
        {failedMore && (
          <p className="portfolio-more__failed" role="alert">
            More parcels could not be loaded.
          </p>
        )}
        {hasMore && (
          // aria-disabled rather than disabled while it loads: a disabled button would drop the keyboard's focus.
          <Button variant="outline" aria-disabled={loadingMore || undefined} onClick={loadingMore ? undefined : onMore}>
            {loadingMore ? 'Loading…' : failedMore ? 'Try again' : 'Show more'}
          </Button>
        )}
      </div>
    </>
  );
}

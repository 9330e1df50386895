import { lazy, Suspense, useId } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { STORE_PATHS } from '@contracts/routes';
import { formatDollars } from '@web-shared/format';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonAnchor, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/skeleton';
import { useRequiredUser } from '@/lib/auth';
import { exportUrl, useOwnerParcelShapes, useOwnerPortfolio, type OwnerPortfolio } from '../api/owners';
import { KIND_LABELS, ownerProblem } from '../owner-display';
import { ElsewhereHint, NoTracker } from './owner-notices';
import { AccountHeader } from '@/components/account-header';
import { CountyTotals, PortfolioParcels } from './portfolio-tables';
import './owners.css';

// MapLibre (a megabyte and a half) comes with the map, after the portfolio's figures are on screen.
const OwnerMap = lazy(() => import('./owner-map'));

function Counted({ items, label }: { items: { text: string; parcels: number }[]; label: string }) {
  const titleId = useId();
  return (
    <section className="card portfolio-list" aria-labelledby={titleId}>
      <h2 id={titleId} className="owners-section-title">
        {label}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.text}>
            <span className="portfolio-list__text">{item.text}</span>
            <span className="portfolio-list__count">
              {item.parcels.toLocaleString('en-US')} {item.parcels === 1 ? 'parcel' : 'parcels'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PortfolioMap({ ownerId, name }: { ownerId: string; name: string }) {
  const shapes = useOwnerParcelShapes(ownerId);
  const titleId = useId();
  const waiting = (
    <div className="owner-map owner-map--waiting">
      <p>Loading the map…</p>
    </div>
  );
  return (
    <section className="portfolio-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="owners-section-title">
        Map
      </h2>
      {shapes.isError ? (
        <p className="owner-map__empty" role="alert">
          The parcels’ boundaries could not be loaded for the map. The table below lists every parcel.
        </p>
      ) : shapes.isPending ? (
        waiting
      ) : (
        <Suspense fallback={waiting}>
          <OwnerMap parcels={shapes.data} label={`Map of the parcels of ${name}`} />
        </Suspense>
      )}
    </section>
  );
}

function Portfolio({
  summary,
  parcels,
  more,
}: {
  summary: OwnerPortfolio;
  parcels: OwnerPortfolio['parcels'];
  more: { hasMore: boolean; loading: boolean; failed: boolean; load: () => void };
}) {
  const { totals } = summary;
  return (
    <>
      <header className="portfolio-head">
        <div className="portfolio-head__name">
          <h1 className="owners-title">{summary.name}</h1>
          <Badge variant="secondary">{KIND_LABELS[summary.kind]}</Badge>
        </div>
        <div className="portfolio-head__downloads">
          {/* Plain links: the server streams the file and names it (Content-Disposition). */}
          <ButtonAnchor variant="outline" size="sm" href={exportUrl(summary.owner_id, 'csv')} download>
            Download CSV
          </ButtonAnchor>
          <ButtonAnchor variant="outline" size="sm" href={exportUrl(summary.owner_id, 'geojson')} download>
            Download GeoJSON
          </ButtonAnchor>
        </div>
      </header>
      <dl className="portfolio-totals">
        <div className="card">
          <dt>Parcels</dt>
          <dd>{totals.parcels.toLocaleString('en-US')}</dd>
        </div>
        <div className="card">
          <dt>Counties</dt>
          <dd>{totals.counties.toLocaleString('en-US')}</dd>
        </div>
        <div className="card">
          <dt>Total assessed value</dt>
          <dd>{formatDollars(totals.assessed_total_value)}</dd>
        </div>
      </dl>
      <ElsewhereHint parcels={summary.elsewhere.parcels} counties={summary.elsewhere.counties} />
      <PortfolioMap ownerId={summary.owner_id} name={summary.name} />
      <div className="portfolio-lists">
        <Counted label="Names seen" items={summary.names.map((n) => ({ text: n.name, parcels: n.parcels }))} />
        <Counted
          label="Mailing addresses"
          items={summary.mailing_addresses.map((a) => ({ text: a.address, parcels: a.parcels }))}
        />
      </div>
      <CountyTotals counties={summary.counties} />
      <PortfolioParcels
        parcels={parcels}
        total={totals.parcels}
        hasMore={more.hasMore}
        loadingMore={more.loading}
        failedMore={more.failed}
        onMore={more.load}
      />
    </>
  );
}

function backTo(state: unknown): string {
  const search = (state as { search?: unknown } | null)?.search;
  return typeof search === 'string' && search.startsWith('?')
    ? STORE_PATHS.ownerSearch + search
    : STORE_PATHS.ownerSearch;
}

/** /owners/:ownerId: an owner's parcels in the customer's County Tracker counties (GET /api/owners/{ownerId}). */
export default function OwnerPortfolioPage() {
  const { isSignedIn } = useRequiredUser();
  const { ownerId = '' } = useParams();
  // Back to the search that found the owner, when the customer came from one.
  const state: unknown = useLocation().state;
  const back = backTo(state);
  const portfolio = useOwnerPortfolio(ownerId);
  const pages = portfolio.data?.pages;

  let body;
  if (portfolio.isPending || !isSignedIn) {
    body = (
      <div className="owners-loading">
        <Spinner label="Loading the owner's portfolio" />
      </div>
    );
  } else if (portfolio.isError && !pages) {
    const problem = ownerProblem(portfolio.error, 'The portfolio could not be loaded. Check your connection.');
    if (problem.kind === 'signed-out') body = <Spinner label="Signing you in again" />;
    else if (problem.kind === 'no-tracker') body = <NoTracker level={1} />;
    else if (problem.kind === 'not-found') {
      body = (
        <div className="card owners-notice">
          <h1 className="owners-notice__title">Owner not found</h1>
          <p>
            No owner of parcels in your counties has this id: the link may be old, or the owner may hold no parcel in
            your counties.
          </p>
          <ButtonLink to={STORE_PATHS.ownerSearch}>Search owners</ButtonLink>
        </div>
      );
    } else {
      body = (
        <div className="card owners-notice" role="alert">
          <p>{problem.message}</p>
          {problem.kind === 'failed' && (
            <Button variant="outline" onClick={() => void portfolio.refetch()}>
              Try again
            </Button>
          )}
        </div>
      );
    }
  } else if (pages) {
    body = (
      <Portfolio
        summary={pages[0]}
        parcels={pages.flatMap((page) => page.parcels)}
        more={{
          hasMore: portfolio.hasNextPage,
          loading: portfolio.isFetchingNextPage,
          failed: portfolio.isFetchNextPageError,
          load: () => void portfolio.fetchNextPage(),
        }}
      />
    );
  }

  return (
    <>
      <AccountHeader />
      <main id="main" className="container owners-main">
        <Link to={back} className="owners-back">
          ← Owner search
        </Link>
        {body}
      </main>
    </>
  );
}

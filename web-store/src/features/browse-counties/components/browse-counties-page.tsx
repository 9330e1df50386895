import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { useRequiredUser } from '@/lib/auth';
import { statesWithCounts, useCounties } from '@/lib/counties';
import { trackEvent } from '@/lib/journey';
import { ALL_STATES, filterCounties, PAGE_SIZE } from '../county-browse';
import { AccountHeader } from '@/components/account-header';
import './browse-counties.css';
import { CountyCardSkeleton } from './county-card';
import { CountyResults } from './county-results';
import { StateFilter, StateFilterSkeleton } from './state-filter';

/** Records counties_view once per visit, once the visitor is known to be signed in. */
function useCountiesViewEvent(signedIn: boolean) {
  const recorded = useRef(false);
  useEffect(() => {
    if (!signedIn || recorded.current) return;
    recorded.current = true;
    trackEvent('counties_view');
  }, [signedIn]);
}

/** docs/store-spec.md §2 "Browse Counties" (/counties): signed-in customers pick a county and go to its checkout. */
export default function BrowseCountiesPage() {
  const { isSignedIn } = useRequiredUser();
  const counties = useCounties();
  const [state, setState] = useState(ALL_STATES);
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(PAGE_SIZE);
  // Typing stays quick: the list follows the search a moment later when rendering lags.
  const deferredSearch = useDeferredValue(search);
  useCountiesViewEvent(isSignedIn);

  const all = useMemo(() => counties.data ?? [], [counties.data]);
  const states = useMemo(() => statesWithCounts(all), [all]);
  const matches = useMemo(() => filterCounties(all, state, deferredSearch), [all, state, deferredSearch]);

  const chooseState = (next: string) => {
    setState(next);
    setLimit(PAGE_SIZE);
  };
  const changeSearch = (next: string) => {
    setSearch(next);
    setLimit(PAGE_SIZE);
  };

  const loading = counties.isPending || !isSignedIn;

  return (
    <>
      <AccountHeader />
      <main id="main" className="container browse-main">
        <div className="browse-intro">
          <h1 className="browse-title">Browse Counties</h1>
          <p className="browse-subtitle">Find a county and select it to choose a plan and buy its property data.</p>
        </div>
        {counties.isError ? (
          <div className="card browse-empty" role="alert">
            <h2 className="browse-empty__title">The counties could not be loaded</h2>
            <p className="browse-empty__text">Please check your connection and try again.</p>
            <Button variant="outline" onClick={() => void counties.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="browse-layout">
            <div className="browse-filter">
              {loading ? (
                <StateFilterSkeleton />
              ) : (
                <StateFilter states={states} total={all.length} selected={state} onSelect={chooseState} />
              )}
            </div>
            <div className="browse-results">
              <div className="browse-search" role="search">
                <Label htmlFor="browse-search-input">Search counties</Label>
                <Input
                  id="browse-search-input"
                  type="search"
                  placeholder="Search counties..."
                  autoComplete="off"
                  value={search}
                  onChange={(event) => changeSearch(event.target.value)}
                />
              </div>
              {loading ? (
                <>
                  <p className="browse-summary" aria-busy="true">
                    <span className="visually-hidden">Loading counties</span>
                  </p>
                  <ul className="browse-grid" aria-hidden="true">
                    {Array.from({ length: 12 }, (_, n) => (
                      <CountyCardSkeleton key={n} />
                    ))}
                  </ul>
                </>
              ) : (
                <CountyResults matches={matches} limit={limit} onShowMore={setLimit} />
              )}
            </div>
          </div>
        )}
      </main>
    </>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { generatePath, Link, useSearchParams } from 'react-router-dom';
import { STORE_PATHS } from '@contracts/routes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { Spinner } from '@/components/ui/skeleton';
import { useRequiredUser } from '@/lib/auth';
import { useOwnerSearch, type OwnerMatch } from '../api/owners';
import { holdingsText, KIND_LABELS, ownerProblem } from '../owner-display';
import { ElsewhereHint, NoTracker } from './owner-notices';
import { AccountHeader } from '@/components/account-header';
import './owners.css';

function OwnerResult({ owner, search }: { owner: OwnerMatch; search: string }) {
  return (
    <li className="card owner-result">
      <div className="owner-result__head">
        <h3 className="owner-result__name">
          <Link to={generatePath(STORE_PATHS.ownerPortfolio, { ownerId: owner.owner_id })} state={{ search }}>
            {owner.name}
          </Link>
        </h3>
        <Badge variant="secondary">{KIND_LABELS[owner.kind]}</Badge>
      </div>
      <p className="owner-result__holdings">{holdingsText(owner.parcels, owner.counties)}</p>
      <ElsewhereHint parcels={owner.parcels_elsewhere} counties={owner.counties_elsewhere} />
    </li>
  );
}

/** The owners of parcels in the customer's County Tracker counties, found by name (GET /api/owners). */
function OwnerResults({ name }: { name: string }) {
  const search = useOwnerSearch(name);
  if (search.isPending) {
    return (
      <div className="owners-loading">
        <Spinner label="Searching owners" />
      </div>
    );
  }
  if (search.isError) {
    const problem = ownerProblem(search.error, 'The search failed. Check your connection and try again.');
    if (problem.kind === 'signed-out') return <Spinner label="Signing you in again" />;
    if (problem.kind === 'no-tracker') return <NoTracker />;
    return (
      <div className="card owners-notice" role="alert">
        <p>{'message' in problem ? problem.message : 'The search failed. Try again.'}</p>
        {problem.kind === 'failed' && (
          <Button variant="outline" onClick={() => void search.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const { owners } = search.data;
  if (owners.length === 0) {
    return (
      <div className="card owners-notice">
        <h2 className="owners-notice__title">No owner found</h2>
        <p>
          No owner of parcels in your counties is named like “{name}”. Try another spelling, or fewer words of the name.
        </p>
      </div>
    );
  }
  return (
    <section aria-labelledby="owners-found">
      <h2 id="owners-found" className="owners-section-title">
        {owners.length === 1 ? '1 owner' : `${owners.length} owners`} named like “{name}”
      </h2>
      <ul className="owner-results">
        {owners.map((owner) => (
          <OwnerResult key={owner.owner_id} owner={owner} search={`?${new URLSearchParams({ name })}`} />
        ))}
      </ul>
    </section>
  );
}

/** /owners: find an owner by name, however it is spelled, in the customer's County Tracker counties. */
export default function OwnerSearchPage() {
  const { isSignedIn } = useRequiredUser();
  const [params, setParams] = useSearchParams();
  const name = (params.get('name') ?? '').trim();
  const [text, setText] = useState(name);
  const fieldId = useId();

  // Back and forward move between searches: the field shows the one on screen.
  useEffect(() => setText(name), [name]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (next) setParams({ name: next });
  };

  return (
    <>
      <AccountHeader />
      <main id="main" className="container owners-main">
        <div className="owners-intro">
          <h1 className="owners-title">Owner search</h1>
          <p className="owners-subtitle">
            Find an owner by name, however it is spelled, and see every parcel they hold in your County Tracker
            counties.
          </p>
        </div>
        <form role="search" className="owners-search" onSubmit={submit}>
          <Label htmlFor={fieldId}>Owner name</Label>
          <div className="owners-search__row">
            <Input
              id={fieldId}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Acme Holdings LLC"
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit">Search</Button>
          </div>
        </form>
        {isSignedIn && name ? (
          <OwnerResults name={name} />
        ) : (
          <p className="owners-tip">
            Case, punctuation, word order and common abbreviations do not matter: “acme hldgs” finds ACME HOLDINGS LLC,
            “john smith” finds SMITH JOHN A.
          </p>
        )}
      </main>
    </>
  );
}

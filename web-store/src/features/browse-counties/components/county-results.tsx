import { Button } from '@/components/ui/button';
import type { County } from '@/lib/counties';
import { nextLimit, resultSummary } from '../county-browse';
import { CountyCard } from './county-card';

interface CountyResultsProps {
  matches: County[];
  limit: number;
  onShowMore: (limit: number) => void;
}

/** The matching counties, the first `limit` of them as cards, with the count and "Show more". */
export function CountyResults({ matches, limit, onShowMore }: CountyResultsProps) {
  const shown = matches.slice(0, limit);
  return (
    <>
      <p className="browse-summary" role="status">
        {resultSummary(shown.length, matches.length)}
      </p>
      {matches.length === 0 ? (
        <div className="card browse-empty">
          <h2 className="browse-empty__title">No Counties Found</h2>
          <p className="browse-empty__text">Try adjusting your search or state filter</p>
        </div>
      ) : (
        <ul className="browse-grid" aria-label="Counties">
          {shown.map((county) => (
            <CountyCard key={county.id} county={county} />
          ))}
        </ul>
      )}
      {shown.length < matches.length && (
        <div className="browse-more">
          <Button variant="outline" onClick={() => onShowMore(nextLimit(limit, matches.length))}>
            Show more counties
          </Button>
        </div>
      )}
    </>
  );
}

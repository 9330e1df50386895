import { useCallback, useLayoutEffect, useRef } from 'react';
import { PurchaseType } from '@contracts/plans';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { FilterOutcome, PickerCounty } from '../county-filter';
import { CountyRow } from './county-row';

// Three rows stand about as tall as the prompt that usually replaces them, so nothing jumps.
const SKELETON_ROWS = 3;

export function CountyResultsLoading() {
  return (
    <div className="picker-results" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading counties
      </span>
      <Skeleton className="picker-results__message-skeleton" />
      <ul className="picker-results__list" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <li key={i} className="picker-row picker-row--skeleton">
            <div className="picker-row__place">
              <Skeleton className="picker-skeleton-name" />
              <Skeleton className="picker-skeleton-state" />
            </div>
            <div className="picker-row__plans">
              <Skeleton className="picker-skeleton-plan" />
              <Skeleton className="picker-skeleton-plan" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CountyResultsError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="picker-results picker-results--center" role="alert">
      <p className="picker-results__empty-title">We could not load the county list.</p>
      <p className="muted">Check your connection and try again.</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Try again'}
      </Button>
    </div>
  );
}

interface CountyResultsProps {
  outcome: FilterOutcome;
  onChoose: (county: PickerCounty, purchaseType: PurchaseType) => boolean;
}

export function CountyResults({ outcome, onChoose }: CountyResultsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  // The chosen row leaves the list with its button, so focus goes to the row that takes its place.
  const refocusRow = useRef<number | null>(null);

  useLayoutEffect(() => {
    const index = refocusRow.current;
    if (index === null) return;
    refocusRow.current = null;
    const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-picker-row]');
    const row = rows && rows.length > 0 ? rows[Math.min(index, rows.length - 1)] : null;
    // Its first plan button, not the "What you get" button before it: choosing goes on from plan to plan.
    (row?.querySelector<HTMLElement>('.picker-row__plans button') ?? messageRef.current)?.focus();
  }, [outcome]);

  const choose = useCallback(
    (county: PickerCounty, purchaseType: PurchaseType, index: number) => {
      if (onChoose(county, purchaseType)) refocusRow.current = index;
    },
    [onChoose],
  );

  return (
    <div className="picker-results">
      <p
        ref={messageRef}
        tabIndex={-1}
        role="status"
        className={`picker-results__message picker-results__message--${outcome.kind}`}
      >
        {outcome.message}
      </p>
      {outcome.kind === 'results' && (
        <ul ref={listRef} className="picker-results__list" aria-label="Counties">
          {outcome.counties.map((county, index) => (
            // Keyed by place, not by county: a keystroke then rewrites the rows' text in place
            // instead of tearing down and building a hundred rows of buttons (rows hold no state).
            <CountyRow key={index} county={county} index={index} onChoose={choose} />
          ))}
        </ul>
      )}
    </div>
  );
}
